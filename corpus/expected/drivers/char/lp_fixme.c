// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parallel printer, 2.4 style.  Its write method once meant to refuse
 * pwrite but never did: the test's branch is an empty statement.  The
 * test goes; the printer never refused a position, so its open method
 * stays as it is.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define LPF_MAJOR	6
#define LPF_DATA	0x378
#define LPF_STATUS	0x379
#define LPF_BUSY	0x80

static int lpf_open_count;

static ssize_t lpf_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	size_t done = 0;
	char c;
	/* FIXME: refuse pwrite? */	/* expect: espipe-test, nonseekable_open */
	while (done < count) {
		if (!(inb(LPF_STATUS) & LPF_BUSY))
			break;
		if (get_user(c, buf + done))
			return done ? (ssize_t)done : -EFAULT;
		outb(c, LPF_DATA);
		done++;
	}
	return done;
}

static int lpf_open(struct inode *inode, struct file *file)
{
	if (lpf_open_count)
		return -EBUSY;
	lpf_open_count = 1;
	return 0;
}

static int lpf_release(struct inode *inode, struct file *file)
{
	lpf_open_count = 0;
	return 0;
}

static struct file_operations lpf_fops = {	/* expect: seekable-default */
	owner:		THIS_MODULE,
	write:		lpf_write,
	open:		lpf_open,
	release:	lpf_release,
};

static int __init lpf_init(void)
{
	return register_chrdev(LPF_MAJOR, "lp", &lpf_fops);
}

static void __exit lpf_exit(void)
{
	unregister_chrdev(LPF_MAJOR, "lp");
}

module_init(lpf_init);
module_exit(lpf_exit);
MODULE_LICENSE("GPL");

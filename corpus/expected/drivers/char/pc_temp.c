// SPDX-License-Identifier: GPL-2.0-only
/*
 * Temperature probe on an ISA watchdog card, 2.4 style.  Its read method
 * names the position pointer `off`, puts &file->f_pos first and
 * parenthesises the errno; the open method returns 0.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define PCT_PORT	0x270
#define PCT_MINOR	143

static int pct_users;

static ssize_t pct_read(struct file *file, char __user *buf, size_t count,
			loff_t *off)
{
	unsigned char deg;

	if (count < 1)
		return -EINVAL;
	deg = inb(PCT_PORT) & 0x7f;
	if (copy_to_user(buf, &deg, 1))
		return -EFAULT;
	return 1;
}

static int pct_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	if (pct_users)
		return -EBUSY;
	pct_users++;
	return nonseekable_open(inode, file);
}

static int pct_release(struct inode *inode, struct file *file)
{
	pct_users--;
	return 0;
}

static struct file_operations pct_fops = {
	owner:		THIS_MODULE,
	read:		pct_read,
	open:		pct_open,
	release:	pct_release,
};

static struct miscdevice pct_miscdev = {
	minor:		PCT_MINOR,
	name:		"temperature",
	fops:		&pct_fops,
};

static int __init pct_init(void)
{
	return misc_register(&pct_miscdev);
}

static void __exit pct_exit(void)
{
	misc_deregister(&pct_miscdev);
}

module_init(pct_init);
module_exit(pct_exit);
MODULE_LICENSE("GPL");

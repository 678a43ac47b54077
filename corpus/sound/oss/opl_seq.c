// SPDX-License-Identifier: GPL-2.0-only
/*
 * FM synthesizer event port in the old OSS style: the llseek method is
 * declared with long long where later code says loff_t, and only says
 * -ESPIPE.  The write method refuses pwrite itself.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define OPL_MAJOR	14
#define OPL_ADDR	0x388
#define OPL_DATA	0x389

static ssize_t opl_write(struct file *, const char __user *, size_t,
			 loff_t *);
static long long opl_llseek(struct file *, long long, int);
static int opl_open(struct inode *, struct file *);

static struct file_operations opl_fops = {	/* expect: pread-hole */
	owner:		THIS_MODULE,
	llseek:		opl_llseek,
	write:		opl_write,
	open:		opl_open,
};

static long long opl_llseek(struct file *file, long long offset, int orig)	/* expect: espipe-llseek */
{
	return -ESPIPE;
}

static ssize_t opl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	size_t i;
	unsigned char ev[2];

	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	for (i = 0; i + 1 < count; i += 2) {
		if (copy_from_user(ev, buf + i, 2))
			return -EFAULT;
		outb(ev[0], OPL_ADDR);
		outb(ev[1], OPL_DATA);
	}
	return i;
}

static int opl_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	outb(0x01, OPL_ADDR);
	outb(0x20, OPL_DATA);
	return 0;
}

static int __init opl_init(void)
{
	return register_chrdev(OPL_MAJOR, "sequencer", &opl_fops);
}

static void __exit opl_exit(void)
{
	unregister_chrdev(OPL_MAJOR, "sequencer");
}

module_init(opl_init);
module_exit(opl_exit);
MODULE_LICENSE("GPL");

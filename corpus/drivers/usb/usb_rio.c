// SPDX-License-Identifier: GPL-2.0-only
/*
 * Diamond Rio MP3 player, converted the 2.6.8 way: no_llseek, and
 * nonseekable_open() as the open method itself or from the open method.
 * Neither file_operations is flagged.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define RIO_MAJOR	181
#define RIO_PACKET	64

static unsigned char rio_buf[RIO_PACKET];
static int rio_present;

extern int rio_transfer(unsigned char *buf, size_t len, int out);

static ssize_t rio_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	int got;

	if (count > RIO_PACKET)
		count = RIO_PACKET;
	got = rio_transfer(rio_buf, count, 0);
	if (got > 0 && copy_to_user(buf, rio_buf, got))
		return -EFAULT;
	return got;
}

static ssize_t rio_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	if (count > RIO_PACKET)
		count = RIO_PACKET;
	if (copy_from_user(rio_buf, buf, count))
		return -EFAULT;
	return rio_transfer(rio_buf, count, 1);
}

static struct file_operations rio_fops = {
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		rio_read,
	.write =	rio_write,
	.open =		nonseekable_open,
};

static int rio_ctl_open(struct inode *inode, struct file *file)
{
	if (!rio_present)
		return -ENODEV;
	return nonseekable_open(inode, file);
}

static struct file_operations rio_ctl_fops = {
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.write =	rio_write,
	.open =		rio_ctl_open,
};

static int __init rio_init(void)
{
	int err = register_chrdev(RIO_MAJOR, "rio500", &rio_fops);

	if (!err)
		err = register_chrdev(RIO_MAJOR + 1, "rio500-ctl", &rio_ctl_fops);
	return err;
}

module_init(rio_init);
MODULE_LICENSE("GPL");

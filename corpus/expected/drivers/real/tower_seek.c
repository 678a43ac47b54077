// SPDX-License-Identifier: GPL-2.0-only
/*
 * A USB tower-style driver of later kernels: its open method already calls
 * nonseekable_open(), but it keeps an llseek method of its own that only
 * refuses, with the reason in a trailing comment.  The comment must not
 * hide the bare refusal.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

static unsigned char tower_byte;

static ssize_t tower_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos);
static int tower_open(struct inode *inode, struct file *file);

static struct file_operations tower_fops = {
	.owner		= THIS_MODULE,
	.read		= tower_read,
	.open		= tower_open,
	.llseek		= no_llseek,
};

static int tower_open(struct inode *inode, struct file *file)
{
	tower_byte = 0;
	return nonseekable_open(inode, file);
}

static ssize_t tower_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	if (!count)
		return 0;
	if (put_user(tower_byte, buf))
		return -EFAULT;
	return 1;
}

static struct miscdevice tower_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "tower",
	.fops		= &tower_fops,
};

static int __init tower_init(void)
{
	return misc_register(&tower_dev);
}

module_init(tower_init);

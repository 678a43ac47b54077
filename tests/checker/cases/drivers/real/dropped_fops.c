// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two file_operations that each name a function declared only in a header
 * the fallback header does not have.  clang drops such an initializer
 * altogether; its methods are then read from the source text, so the
 * directory method still owns f_pos and the stream's missing
 * nonseekable_open() is still seen, #ifdef'd entries and all.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/xbus_common.h>

struct xbus_dev {
	int users;
	unsigned char last;
};

static int xbus_readdir(struct file *file, struct dir_context *ctx)
{
	if (file->f_pos >= 2)
		return 0;
	file->f_pos = 2;
	return 0;
}

const struct file_operations xbus_dir_ops = {
	.llseek		= generic_file_llseek,
	.iterate_shared	= xbus_readdir,
	.compat_ioctl	= xbus_compat_ioctl,
};

static int xbus_open(struct inode *inode, struct file *file)
{
	struct xbus_dev *dev = inode->i_private;

	dev->users++;
	file->private_data = dev;
	return 0;
}

static ssize_t xbus_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct xbus_dev *dev = file->private_data;

	if (!count)
		return 0;
	if (put_user(dev->last, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations xbus_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= xbus_read,
	.poll		= xbus_poll_common,
#ifdef CONFIG_COMPAT
	.compat_ioctl	= xbus_compat_ioctl,
#endif
	.open		= xbus_open,
};

// SPDX-License-Identifier: GPL-2.0-only
/*
 * An ioctl that feeds the pool through the file's own write method, as
 * random_ioctl() does: the ioctl works on its own file at the caller's
 * bidding, and 2.6.8 left its &file->f_pos as it was.  Not a place for a
 * copy of the position.
 */
#include <linux/fs.h>

static ssize_t pool_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	return count;
}

static int pool_ioctl(struct inode *inode, struct file *file,
		      unsigned int cmd, unsigned long arg)
{
	return pool_write(file, (const char __user *)arg, cmd, &file->f_pos);	/* expect: fpos-other */
}

static struct file_operations pool_fops = {
	.llseek		= no_llseek,
	.write		= pool_write,
	.ioctl		= pool_ioctl,
	.open		= nonseekable_open,
};

struct file_operations *pool_fops_get(void)
{
	return &pool_fops;
}

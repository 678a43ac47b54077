// SPDX-License-Identifier: GPL-2.0-only
/* An ioctl that feeds the pool through the file's own write method, as
   random_ioctl() does, is left as 2.6.8 left it: the ioctl works on its
   own file at the caller's bidding.  A helper doing the same gets a copy
   of the position. */
#include <linux/fs.h>

static ssize_t pool_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	return count;
}

static int pool_ioctl(struct inode *inode, struct file *file,
		      unsigned int cmd, unsigned long arg)
{
	int ret;

	ret = pool_write(file, (const char __user *)arg, cmd, &file->f_pos);
	return ret < 0 ? ret : 0;
}

static long pool_unlocked_ioctl(struct file *file, unsigned int cmd,
				unsigned long arg)
{
	return pool_write(file, (const char __user *)arg, cmd, &file->f_pos);
}

int pool_feed(struct file *file, const char __user *buf, size_t count)
{
	int ret;

	ret = pool_write(file, buf, count, &file->f_pos);	/* report: passes &file->f_pos to pool_write */
	return ret;
}

static struct file_operations pool_fops = {
	.write		= pool_write,
	.ioctl		= pool_ioctl,
};

static struct file_operations pool_new_fops = {
	.write		= pool_write,
	.unlocked_ioctl	= pool_unlocked_ioctl,
};

// SPDX-License-Identifier: GPL-2.0-only
/* stream_open() in use shows 5.2 or later, no_llseek in use a kernel
   before 6.12: the other stream gets stream_open() and keeps no_llseek. */
#include <linux/fs.h>

static ssize_t tap_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	return 0;
}

static int tap_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);	/* report: call stream_open() instead of nonseekable_open() */
}

static const struct file_operations tap_fops = {
	.llseek		= no_llseek,
	.read		= tap_read,
	.open		= tap_open,
};

static int ctl_open(struct inode *inode, struct file *file)
{
	return stream_open(inode, file);
}

static const struct file_operations ctl_fops = {
	.llseek		= no_llseek,
	.read		= tap_read,
	.open		= ctl_open,
};

const struct file_operations *tap_get(int ctl)
{
	return ctl ? &ctl_fops : &tap_fops;
}

// SPDX-License-Identifier: GPL-2.0-only
/* nonseekable_open() alone does not say whether the kernel has
   stream_open() (5.2) or no_llseek (gone in 6.12): nothing changes, and
   the report asks for the era. */
#include <linux/fs.h>

static ssize_t tap_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	return 0;
}

static int tap_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static const struct file_operations tap_fops = {	/* report: does not show its kernel's era */
	.read		= tap_read,
	.open		= tap_open,
};

const struct file_operations *tap_get(void)
{
	return &tap_fops;
}

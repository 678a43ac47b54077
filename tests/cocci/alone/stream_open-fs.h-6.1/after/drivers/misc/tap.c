// SPDX-License-Identifier: GPL-2.0-only
/* The file shows no era, but the tree's <linux/fs.h>, read with
   --all-includes, declares stream_open() and no_llseek: 5.2 to 6.11. */
#include <linux/fs.h>

static ssize_t tap_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	return 0;
}

static int tap_open(struct inode *inode, struct file *file)
{
	return stream_open(inode, file);	/* report: call stream_open() instead of nonseekable_open() */
}

static const struct file_operations tap_fops = {
	.read		= tap_read,
	.llseek		= no_llseek,
	.open		= tap_open,
};

const struct file_operations *tap_get(void)
{
	return &tap_fops;
}

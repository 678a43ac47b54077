// SPDX-License-Identifier: GPL-2.0-only
/* Nothing here shows whether the kernel still has no_llseek (gone in
   6.12): the llseek method that only refuses stays, and the report asks
   for the era. */
#include <linux/fs.h>

static loff_t seekless_llseek(struct file *file, loff_t offset, int whence)	/* report: does not show whether its kernel has no_llseek */
{
	return -ESPIPE;
}

static ssize_t seekless_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	return 0;
}

static const struct file_operations seekless_fops = {
	.llseek		= seekless_llseek,
	.read		= seekless_read,
};

const struct file_operations *seekless_get(void)
{
	return &seekless_fops;
}

// SPDX-License-Identifier: GPL-2.0-only
/* A 2.4 driver: its pread test shows a kernel before 2.6.8, which has
   no_llseek, so its llseek method that only refuses becomes no_llseek. */
#include <linux/fs.h>

static ssize_t oldport_read(struct file *file, char *buf, size_t count,
			    loff_t *ppos)
{
	return 0;
}

static int oldport_open(struct inode *inode, struct file *file)	/* report: must call nonseekable_open() */
{
	MOD_INC_USE_COUNT;
	return nonseekable_open(inode, file);
}

static struct file_operations oldport_fops = {
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		oldport_read,
	open:		oldport_open,
};

// SPDX-License-Identifier: GPL-2.0-only
/* A 2.4 driver: its pread test shows a kernel before 2.6.8, which has
   no_llseek, so its llseek method that only refuses becomes no_llseek. */
#include <linux/fs.h>

static loff_t oldport_llseek(struct file *file, loff_t offset, int origin)	/* report: use no_llseek */
{
	return -ESPIPE;
}

static ssize_t oldport_read(struct file *file, char *buf, size_t count,
			    loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* report: refuses pread/pwrite */
		return -ESPIPE;
	return 0;
}

static int oldport_open(struct inode *inode, struct file *file)	/* report: must call nonseekable_open() */
{
	MOD_INC_USE_COUNT;
	return 0;
}

static struct file_operations oldport_fops = {
	owner:		THIS_MODULE,
	llseek:		oldport_llseek,
	read:		oldport_read,
	open:		oldport_open,
};

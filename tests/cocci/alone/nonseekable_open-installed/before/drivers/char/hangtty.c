// SPDX-License-Identifier: GPL-2.0-only
/* A 2.4 tty-like file: hang_fops is put into files already open through
   line_fops, so its open member would never be called.  Both lose their
   tests; only line_open() calls nonseekable_open(). */
#include <linux/fs.h>

static ssize_t hang_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* report: let the open method call nonseekable_open() */
		return -ESPIPE;
	return 0;
}

static ssize_t line_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* report: let the open method call nonseekable_open() */
		return -ESPIPE;
	return count;
}

static int line_open(struct inode *inode, struct file *file)	/* report: must call nonseekable_open() */
{
	return 0;
}

static struct file_operations hang_fops = {
	llseek:		no_llseek,
	read:		hang_read,
};

static struct file_operations line_fops = {
	llseek:		no_llseek,
	read:		line_read,
	open:		line_open,
};

void line_hangup(struct file *file)
{
	file->f_op = &hang_fops;
}

int line_hung_up(struct file *file)
{
	return file->f_op == &hang_fops;
}

struct file_operations *line_get(void)
{
	return &line_fops;
}

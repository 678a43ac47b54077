// SPDX-License-Identifier: GPL-2.0-only
/* A 2.4 pipe-like file: its read method sets the errno before the test,
   which jumps, and the file makes its files itself with their f_mode set,
   as do_pipe() does.  Nothing changes; the report gives 2.6.8's way. */
#include <linux/fs.h>
#include <linux/file.h>

static ssize_t tube_read(struct file *filp, char *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	ret = -ESPIPE;
	if (ppos != &filp->f_pos)	/* report: makes its files itself */
		goto out;
	ret = 0;
out:
	return ret;
}

static struct file_operations tube_fops = {
	read:		tube_read,
};

int tube_make(struct file *f)
{
	f->f_op = &tube_fops;
	f->f_mode = 1;
	return 0;
}

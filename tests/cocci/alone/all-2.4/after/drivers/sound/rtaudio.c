// SPDX-License-Identifier: GPL-2.0-only
/* Methods put into file->f_op at run time, as ep93xx-audio does: no
   file_operations here to convert, so the tests are reported. */
#include <linux/fs.h>

static ssize_t rtaudio_read(struct file *file, char *buf, size_t count,
			    loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* report: puts it into file->f_op at run time */
		return -ESPIPE;
	return count;
}

int rtaudio_attach(struct inode *inode, struct file *file)
{
	file->f_op->read = rtaudio_read;
	return 0;
}
EXPORT_SYMBOL(rtaudio_attach);

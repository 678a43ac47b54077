// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * f_pos users of no known role beside a parse error, which the text names
 * only where they are defined, called or handed to a call: no table names
 * them, so no headers could make them methods.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static void hf_rewind(struct file *file)
{
	file->f_pos = 0;		/* expect: fpos-other */
}

/* its signature needs the real headers; that it is called does not */
static void hf_seek(struct file *file, lost_addr_t to)
{
	file->f_pos = to;		/* expect: fpos-other */
}

/* handed to a call, never to a table */
static int hf_show(struct file *file, void *data)
{
	return file->f_pos != 0;	/* expect: fpos-other */
}

static ssize_t hf_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t limit = LOST_SIZE;

	if (!count)
		hf_rewind(file);
	else
		hf_seek(file, limit);
	lost_run(file, hf_show, limit);
	return count;
}

static struct file_operations hf_fops = {	/* expect: seek-debatable */
	.read		= hf_read,
};

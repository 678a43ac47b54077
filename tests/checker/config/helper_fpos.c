// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * An f_pos user of no known role beside a parse error, which the text
 * names only where it is defined and called: no table names it, so no
 * headers could make it a method.
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

static ssize_t hf_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t limit = LOST_SIZE;

	if (!count)
		hf_rewind(file);
	else
		hf_seek(file, limit);
	return count;
}

static struct file_operations hf_fops = {	/* expect: seek-debatable */
	.read		= hf_read,
};

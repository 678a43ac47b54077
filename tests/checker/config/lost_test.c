// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: left undecided: parse errors in a method
/*
 * The one use of the position the bundled parse lost is a test of it
 * (`!*ppos`), which reads nothing as the rules count reads; the text is
 * not trusted to tell such a use from a read, so the file goes on to its
 * real headers.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static ssize_t lt_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t first = !*ppos;

	return first ? count : 0;
}

/* its f_pos use is what has the file parsed at all */
static loff_t lt_llseek(struct file *file, loff_t offset, int whence)
{
	file->f_pos = offset;
	return offset;
}

static struct file_operations lt_seek_fops = {
	.llseek		= lt_llseek,
};

static struct file_operations lt_fops = {
	.read		= lt_read,
};

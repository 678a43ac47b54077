// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: left undecided: parse errors in a method
/*
 * The one use of the position the bundled parse lost is the lone argument
 * of a call, which a macro may turn into a test of it (`unlikely(ppos)`);
 * the text cannot tell that from a read, so the file goes on to its real
 * headers.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static ssize_t lt_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t first = lost_first(ppos);

	return first ? count : 0;
}

/*
 * Its f_pos use is what has the file parsed at all: the prefilter passes
 * an llseek method by only when its body holds no preprocessor line, whose
 * braces it cannot trust, and here one does.
 */
static loff_t lt_llseek(struct file *file, loff_t offset, int whence)
{
#if 1
	file->f_pos = offset;
#endif
	return offset;
}

static struct file_operations lt_seek_fops = {
	.llseek		= lt_llseek,
};

static struct file_operations lt_fops = {
	.read		= lt_read,
};

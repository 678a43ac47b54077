// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * A parse error costs the bundled parse the one use of lo_read's position
 * (the lone argument of a call, which the text cannot tell from a test),
 * but no file_operations names lo_read, and it reaches no f_pos: no rule's
 * finding rests on how it uses its position, so no real headers are
 * needed.  (Its read role comes from its signature alone.)
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

ssize_t lo_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t first = lost_first(ppos);

	return first ? count : 0;
}

/*
 * Its f_pos use is what has the file parsed at all: the prefilter passes
 * an llseek method by only when its body holds no preprocessor line, whose
 * braces it cannot trust, and here one does.
 */
static loff_t lo_llseek(struct file *file, loff_t offset, int whence)
{
#if 1
	file->f_pos = offset;
#endif
	return offset;
}

static struct file_operations lo_seek_fops = {
	.llseek		= lo_llseek,
};

// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * lr_read and lr_write read their position only in a statement naming
 * what the bundled header lacks (a type, a size from
 * linux/safeseek_lost.h), a statement the bundled parse loses whole.  Its
 * text shows the read plainly, so the read counts, and the methods honour
 * the position with any headers: no real headers are needed to tell.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static ssize_t lr_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	lost_addr_t p = *ppos;

	return p < LOST_SIZE ? count : 0;
}

static ssize_t lr_write(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	return lost_copy(buf, LOST_SIZE, ppos, count);
}

/* Seen reading its position, it decides nothing more by the use the
   bundled parse lost. */
static ssize_t lr_peek(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	loff_t start = *ppos;
	lost_addr_t end = lost_end(0, *ppos + count);

	return end ? start : count;
}

static struct file_operations lr_peek_fops = {
	.read		= lr_peek,
};

/* Its one use of the position, lost too, is a test: a use that reads
   nothing. */
static ssize_t lr_first(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (*ppos != 0 || count >= LOST_SIZE)
		return -22;
	return count;
}

static struct file_operations lr_first_fops = {
	.read		= lr_first,
};

/*
 * Its f_pos use is what has the file parsed at all: the prefilter passes
 * an llseek method by only when its body holds no preprocessor line, whose
 * braces it cannot trust, and here one does.
 */
static loff_t lr_llseek(struct file *file, loff_t offset, int whence)
{
#if 1
	file->f_pos = offset;
#endif
	return offset;
}

static struct file_operations lr_seek_fops = {
	.llseek		= lr_llseek,
};

static struct file_operations lr_fops = {
	.read		= lr_read,
	.write		= lr_write,
};

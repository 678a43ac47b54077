// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: left undecided: a file_operations it cannot read
/*
 * A file_operations in an #if branch that a header's macro decides, which
 * the bundled header cannot know: left undecided, so the file is parsed
 * again with its real headers.
 */
#include <linux/fs.h>

#ifdef SAFESEEK_DEFINED_BY_A_HEADER
static ssize_t hb_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	return count;
}

static struct file_operations hb_fops = {
	.read		= hb_read,
};
#endif

// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * An llseek method handing its position on to another file, through a
 * struct the bundled header lacks.  Whatever file that f_pos is of, an
 * llseek method owns the position and no rule reports its use.  (The
 * preprocessor lines keep the prefilter from passing the file by unparsed,
 * as it does when the method's body holds none.)
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static struct lost_fd lf_lower;

static loff_t lf_llseek(struct file *file, loff_t offset, int whence)
{
#if 1
	lf_lower.file->f_pos = file->f_pos = offset;
#endif
	return offset;
}

static struct file_operations lf_fops = {
	.llseek		= lf_llseek,
};

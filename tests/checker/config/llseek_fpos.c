// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * An llseek method handing its position on to another file, through a
 * struct the bundled header lacks.  Whatever file that f_pos is of, an
 * llseek method owns the position and no rule reports its use.  (The
 * declaration keeps the prefilter from passing the file by unparsed, as it
 * does when the method's table alone names it.)
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static struct lost_fd lf_lower;

static loff_t lf_llseek(struct file *file, loff_t offset, int whence);

static loff_t lf_llseek(struct file *file, loff_t offset, int whence)
{
	lf_lower.file->f_pos = file->f_pos = offset;
	return offset;
}

static struct file_operations lf_fops = {
	.llseek		= lf_llseek,
};

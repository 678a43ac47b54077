// SPDX-License-Identifier: GPL-2.0-only
// in fs: left undecided: f_pos of an unknown type
// in io_uring: left undecided: f_pos of an unknown type
/*
 * A pread refusal through a struct the bundled header lacks: the one
 * f_pos use the VFS core is told of, so its address decides.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

static struct lost_fd vr_fd;

static ssize_t vr_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &vr_fd.file->f_pos)
		return -29;
	return count;
}

static struct file_operations vr_fops = {
	.read		= vr_read,
};

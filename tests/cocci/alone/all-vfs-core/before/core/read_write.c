// SPDX-License-Identifier: GPL-2.0-only
/* The VFS core of 2.4 in a subtree without its Makefile, nor fs/ above
   it: it defines read(2), so no patch changes it, though it hands methods
   &file->f_pos and refuses pread on pipes itself. */
#include <linux/fs.h>

asmlinkage ssize_t sys_read(unsigned int fd, char *buf, size_t count)
{
	ssize_t ret = -EBADF;
	struct file *file = fget(fd);

	if (file) {
		if (file->f_op && file->f_op->read)
			ret = file->f_op->read(file, buf, count, &file->f_pos);
		fput(file);
	}
	return ret;
}

static ssize_t do_readv(struct file *file, const struct iovec *iov,
			unsigned long count)
{
	ssize_t (*fnv)(struct file *, const struct iovec *, unsigned long, loff_t *);

	fnv = file->f_op->readv;
	return fnv(file, iov, count, &file->f_pos);
}

loff_t generic_file_llseek(struct file *file, loff_t offset, int origin)
{
	if (origin == 1)
		offset += file->f_pos;
	if (offset != file->f_pos) {
		file->f_pos = offset;
		file->f_version = 0;
	}
	return offset;
}

static ssize_t pipe_like_read(struct file *filp, char *buf, size_t count,
			      loff_t *ppos)
{
	if (ppos != &filp->f_pos)
		return -ESPIPE;
	return 0;
}

static struct file_operations pipe_like_fops = {
	.read = pipe_like_read,
};

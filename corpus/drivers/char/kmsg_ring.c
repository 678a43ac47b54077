// SPDX-License-Identifier: GPL-2.0-only
/*
 * A message ring in the style of io_uring-era drivers: /proc/kmsg_ring is
 * read through a read_iter method named in a struct proc_ops, and
 * /dev/kmsg_ring is written through a write_iter method.  Both still keep
 * their position in the file's f_pos, where iocb->ki_pos is meant: the
 * iter methods get the position in the kiocb, and nothing stores f_pos
 * back.  The write method names its file through a variable it sets from
 * the kiocb.  The llseek and proc_lseek methods own f_pos, also when they
 * hand its address to the helper they share.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/uio.h>
#include <linux/proc_fs.h>

#define KRING_MAJOR	241
#define KRING_SIZE	4096

static char kring[KRING_SIZE];
static size_t kring_len;

/* Copies out what lies at *pos and moves *pos past it. */
static ssize_t kring_copy_out(struct iov_iter *to, loff_t *pos)
{
	size_t n;

	if (*pos >= kring_len)
		return 0;
	n = min_t(size_t, iov_iter_count(to), kring_len - *pos);
	n = copy_to_iter(kring + *pos, n, to);
	*pos += n;
	return n;
}

static ssize_t kring_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	if (iocb->ki_filp->f_pos > kring_len)	/* expect: rw-fpos */
		iocb->ki_filp->f_pos = kring_len;	/* expect: rw-fpos */
	return kring_copy_out(to, &iocb->ki_filp->f_pos);	/* expect: fpos-address */
}

static ssize_t kring_write_iter(struct kiocb *kiocb, struct iov_iter *from)
{
	struct file *file;
	size_t n;

	file = kiocb->ki_filp;
	if ((file->f_flags & O_NONBLOCK) && kring_len >= KRING_SIZE)
		return -EAGAIN;
	if (file->f_pos >= KRING_SIZE)	/* expect: rw-fpos */
		return -ENOSPC;
	n = min_t(size_t, iov_iter_count(from), KRING_SIZE - file->f_pos);	/* expect: rw-fpos */
	n = copy_from_iter(kring + file->f_pos, n, from);	/* expect: rw-fpos */
	file->f_pos += n;	/* expect: rw-fpos */
	if (file->f_pos > kring_len)	/* expect: rw-fpos */
		kring_len = file->f_pos;	/* expect: rw-fpos */
	return n;
}

/* Moves *pos as lseek() would, within the ring. */
static loff_t kring_seek(loff_t *pos, loff_t offset, int whence)
{
	if (whence == SEEK_CUR)
		offset += *pos;
	else if (whence == SEEK_END)
		offset += kring_len;
	if (offset < 0 || offset > KRING_SIZE)
		return -EINVAL;
	*pos = offset;
	return offset;
}

static loff_t kring_lseek(struct file *file, loff_t offset, int whence)
{
	return kring_seek(&file->f_pos, offset, whence);
}

static loff_t kring_proc_lseek(struct file *file, loff_t offset, int whence)
{
	loff_t ret;

	ret = kring_seek(&file->f_pos, offset, whence);
	return ret;
}

static const struct proc_ops kring_proc_ops = {
	.proc_read_iter	= kring_read_iter,
	.proc_lseek	= kring_proc_lseek,
};

static struct file_operations kring_fops = {
	.owner =	THIS_MODULE,
	.llseek =	kring_lseek,
	.write_iter =	kring_write_iter,
};

static int __init kring_init(void)
{
	if (!proc_create("kmsg_ring", 0444, NULL, &kring_proc_ops))
		return -ENOMEM;
	return register_chrdev(KRING_MAJOR, "kmsg_ring", &kring_fops);
}

module_init(kring_init);
MODULE_LICENSE("GPL");

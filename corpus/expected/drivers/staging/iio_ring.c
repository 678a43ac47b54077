// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sample ring buffer written against the read_iter/write_iter interface
 * of later kernels, which still keeps its position in the file's f_pos
 * instead of iocb->ki_pos: directly, and through a local copy of
 * iocb->ki_filp.  The rewind routine, which no file_operations names, is
 * not a method at all.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>

#define RING_MAJOR	200
#define RING_BYTES	8192
#define RING_IOC_REWIND	0x6901

struct ring {
	char data[RING_BYTES];
	size_t len;
};

static struct ring ring0;

static ssize_t ring_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct ring *r = iocb->ki_filp->private_data;
	size_t n;

	if (iocb->ki_pos >= r->len)	/* expect: rw-fpos */
		return 0;
	n = min_t(size_t, iov_iter_count(to), r->len - iocb->ki_pos);	/* expect: rw-fpos */
	n = copy_to_iter(r->data + iocb->ki_pos, n, to);	/* expect: rw-fpos */
	iocb->ki_pos += n;	/* expect: rw-fpos */
	return n;
}

static ssize_t ring_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct ring *r = file->private_data;
	size_t n;

	if (iocb->ki_pos >= RING_BYTES)	/* expect: rw-fpos */
		return -ENOSPC;
	n = min_t(size_t, iov_iter_count(from), RING_BYTES - iocb->ki_pos);	/* expect: rw-fpos */
	n = copy_from_iter(r->data + iocb->ki_pos, n, from);	/* expect: rw-fpos */
	iocb->ki_pos += n;	/* expect: rw-fpos */
	if (iocb->ki_pos > r->len)	/* expect: rw-fpos */
		r->len = iocb->ki_pos;	/* expect: rw-fpos */
	return n;
}

static void ring_rewind(struct file *file)
{
	file->f_pos = 0;	/* expect: fpos-other */
}

static int ring_ioctl(struct inode *inode, struct file *file,
		      unsigned int cmd, unsigned long arg)
{
	if (cmd != RING_IOC_REWIND)
		return -ENOTTY;
	ring_rewind(file);
	return 0;
}

static int ring_open(struct inode *inode, struct file *file)
{
	file->private_data = &ring0;
	return 0;
}

static struct file_operations ring_fops = {
	.owner =	THIS_MODULE,
	.llseek =	generic_file_llseek,
	.read_iter =	ring_read_iter,
	.write_iter =	ring_write_iter,
	.ioctl =	ring_ioctl,
	.open =		ring_open,
};

static int __init ring_init(void)
{
	return register_chrdev(RING_MAJOR, "iio_ring", &ring_fops);
}

module_init(ring_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A pipe-like device with read_iter and write_iter methods that keep their
 * own ring and never look at iocb->ki_pos.  Its open method returns 0 and
 * nothing else, so it comes to return stream_open(inode, file).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>
#include <linux/cdev.h>

#define PIPE_RING	512

struct iter_pipe {
	char ring[PIPE_RING];
	size_t used;
};

static struct iter_pipe the_pipe;
static struct cdev iter_pipe_cdev;

static ssize_t iter_pipe_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct iter_pipe *p = iocb->ki_filp->private_data;
	size_t n = p->used;

	if (n > iov_iter_count(to))
		n = iov_iter_count(to);
	n = copy_to_iter(p->ring, n, to);
	p->used -= n;
	return n;
}

static ssize_t iter_pipe_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct iter_pipe *p = iocb->ki_filp->private_data;
	size_t n = PIPE_RING - p->used;

	if (n > iov_iter_count(from))
		n = iov_iter_count(from);
	n = copy_from_iter(p->ring + p->used, n, from);
	p->used += n;
	return n;
}

static int iter_pipe_open(struct inode *inode, struct file *file)	/* expect: stream_open */
{
	if (file->private_data)
		return -EBUSY;
	file->private_data = &the_pipe;
	return stream_open(inode, file);
}

static const struct file_operations iter_pipe_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.read_iter	= iter_pipe_read,
	.write_iter	= iter_pipe_write,
	.open		= iter_pipe_open,
};

static int __init iter_pipe_init(void)
{
	cdev_init(&iter_pipe_cdev, &iter_pipe_fops);
	return cdev_add(&iter_pipe_cdev, 0, 1);
}

module_init(iter_pipe_init);
MODULE_LICENSE("GPL");

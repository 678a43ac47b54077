// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 6.12 device whose read_iter and write_iter decode a command from
 * ->ki_pos (pread() and pwrite() choose it): a positional file that
 * cannot seek.  stream_open() would break it, and it is no pread hole:
 * nothing is reported.  Beside it, a stream whose read_iter hands its
 * kiocb to a helper, which may read ->ki_pos: not known to ignore the
 * position, so not reported either.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/uio.h>

static ssize_t cmd_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	unsigned int cmd = iocb->ki_pos >> 32;

	return cmd ? iov_iter_count(to) : 0;
}

static ssize_t cmd_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	unsigned int cmd = iocb->ki_pos >> 32;

	return cmd ? iov_iter_count(from) : 0;
}

static int cmd_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations cmd_fops = {
	.owner		= THIS_MODULE,
	.read_iter	= cmd_read_iter,
	.write_iter	= cmd_write_iter,
	.open		= cmd_open,
};

extern ssize_t cmd_fill(struct kiocb *iocb, struct iov_iter *to);

static ssize_t helper_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return cmd_fill(iocb, to);
}

static const struct file_operations helper_fops = {
	.owner		= THIS_MODULE,
	.read_iter	= helper_read_iter,
	.open		= cmd_open,
};

static struct miscdevice cmd_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "cmdpos",
	.fops	= &cmd_fops,
};

static struct miscdevice helper_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "cmdhelper",
	.fops	= &helper_fops,
};

static int __init cmd_init(void)
{
	return misc_register(&cmd_dev) ?: misc_register(&helper_dev);
}
module_init(cmd_init);

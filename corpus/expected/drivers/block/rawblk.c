// SPDX-License-Identifier: GPL-2.0-only
/*
 * Raw character access to a block device: every transfer goes straight to
 * the disk at the file position, which must stay sector aligned.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>
#include <asm/uaccess.h>

#define RAWBLK_MAJOR	162
#define RAWBLK_SECTOR	512

struct rawblk_dev {
	loff_t size;
	int read_only;
};

extern struct rawblk_dev *rawblk_lookup(unsigned int minor);
extern ssize_t rawblk_transfer(struct rawblk_dev *dev, int write,
			       char __user *buf, size_t count, loff_t pos);
extern ssize_t rawblk_transfer_iov(struct rawblk_dev *dev, int write,
				   const struct iovec *iov,
				   unsigned long nr_segs, loff_t *pos);

/* Not a method: the methods ask it before they start a transfer. */
static int rawblk_aligned(struct file *file, size_t count)
{
	if (file->f_pos & (RAWBLK_SECTOR - 1))	/* expect: fpos-other */
		return 0;
	return (count & (RAWBLK_SECTOR - 1)) == 0;
}

static int rawblk_open(struct inode *inode, struct file *file)
{
	struct rawblk_dev *dev = rawblk_lookup(iminor(inode));

	if (!dev)
		return -ENXIO;
	if (dev->read_only && (file->f_mode & FMODE_WRITE))
		return -EROFS;
	file->private_data = dev;
	return 0;
}

static ssize_t rawblk_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	struct rawblk_dev *dev = file->private_data;
	ssize_t ret;

	if (!rawblk_aligned(file, count))
		return -EINVAL;
	if (*ppos >= dev->size)	/* expect: rw-fpos */
		return 0;
	ret = rawblk_transfer(dev, 0, buf, count, *ppos);	/* expect: rw-fpos */
	if (ret > 0)
		*ppos += ret;	/* expect: rw-fpos */
	return ret;
}

static ssize_t rawblk_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	struct rawblk_dev *dev = file->private_data;
	ssize_t ret;

	if (!rawblk_aligned(file, count))
		return -EINVAL;
	ret = rawblk_transfer(dev, 1, (char __user *)buf, count, *ppos);	/* expect: rw-fpos */
	if (ret > 0)
		*ppos += ret;	/* expect: rw-fpos */
	return ret;
}

static ssize_t rawblk_readv(struct file *file, const struct iovec *iov,
			    unsigned long nr_segs, loff_t *ppos)
{
	struct rawblk_dev *dev = file->private_data;

	if (!rawblk_aligned(file, iov_length(iov, nr_segs)))
		return -EINVAL;
	return rawblk_transfer_iov(dev, 0, iov, nr_segs, ppos);	/* expect: fpos-address */
}

static ssize_t rawblk_writev(struct file *file, const struct iovec *iov,
			     unsigned long nr_segs, loff_t *ppos)
{
	struct rawblk_dev *dev = file->private_data;
	ssize_t ret;

	if (!rawblk_aligned(file, iov_length(iov, nr_segs)))
		return -EINVAL;
	if (*ppos + iov_length(iov, nr_segs) > dev->size)	/* expect: rw-fpos */
		return -ENOSPC;
	ret = rawblk_transfer_iov(dev, 1, iov, nr_segs, ppos);	/* expect: fpos-address */
	return ret;
}

static ssize_t rawblk_aio_read(struct kiocb *iocb, char __user *buf,
			       size_t count, loff_t pos)
{
	struct file *file = iocb->ki_filp;
	struct rawblk_dev *dev = file->private_data;
	ssize_t ret;

	if (iocb->ki_pos >= dev->size)	/* expect: rw-fpos */
		return 0;
	ret = rawblk_transfer(dev, 0, buf, count, iocb->ki_pos);	/* expect: rw-fpos */
	if (ret > 0)
		iocb->ki_pos += ret;	/* expect: rw-fpos */
	return ret;
}

static ssize_t rawblk_aio_write(struct kiocb *iocb, const char __user *buf,
				size_t count, loff_t pos)
{
	struct rawblk_dev *dev = iocb->ki_filp->private_data;
	ssize_t ret;

	ret = rawblk_transfer(dev, 1, (char __user *)buf, count,
			      iocb->ki_pos);	/* expect: rw-fpos */
	if (ret > 0)
		iocb->ki_pos += ret;	/* expect: rw-fpos */
	return ret;
}

static struct file_operations rawblk_fops = {
	.owner =	THIS_MODULE,
	.llseek =	default_llseek,
	.open =		rawblk_open,
	.read =		rawblk_read,
	.write =	rawblk_write,
	.readv =	rawblk_readv,
	.writev =	rawblk_writev,
	.aio_read =	rawblk_aio_read,
	.aio_write =	rawblk_aio_write,
};

static int __init rawblk_init(void)
{
	return register_chrdev(RAWBLK_MAJOR, "rawblk", &rawblk_fops);
}

module_init(rawblk_init);
MODULE_LICENSE("GPL");

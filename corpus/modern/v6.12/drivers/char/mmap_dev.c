// SPDX-License-Identifier: GPL-2.0-only
/*
 * Files that are no streams although a method ignores the position: one
 * maps its buffer (mmap works at offsets), one reads at iocb->ki_pos.
 * Nothing here may change.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static char frame[4096];
static struct cdev frame_cdev, log_cdev;

static ssize_t frame_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	if (count > sizeof(frame))
		count = sizeof(frame);
	if (copy_to_user(buf, frame, count))
		return -EFAULT;
	return count;
}

static int frame_mmap(struct file *file, struct vm_area_struct *vma)
{
	return -ENODEV;
}

static const struct file_operations frame_fops = {
	.owner		= THIS_MODULE,
	.llseek		= generic_file_llseek,
	.read		= frame_read,
	.mmap		= frame_mmap,
};

static ssize_t log_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	size_t n;

	if (iocb->ki_pos >= sizeof(frame))
		return 0;
	n = copy_to_iter(frame + iocb->ki_pos, sizeof(frame) - iocb->ki_pos, to);
	iocb->ki_pos += n;
	return n;
}

static const struct file_operations log_fops = {
	.owner		= THIS_MODULE,
	.llseek		= generic_file_llseek,
	.read_iter	= log_read_iter,
};

static int __init frame_init(void)
{
	cdev_init(&frame_cdev, &frame_fops);
	cdev_init(&log_cdev, &log_fops);
	return cdev_add(&frame_cdev, 0, 1);
}

module_init(frame_init);
MODULE_LICENSE("GPL");

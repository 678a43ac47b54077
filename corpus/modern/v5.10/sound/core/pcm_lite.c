// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCM-like devices whose file_operations come in arrays, one element per
 * direction, as sound/core/pcm_native.c has them.
 *
 * pcm_f_ops: each open method calls nonseekable_open() and the methods
 * never use the position, so on Linux 5.2 and later both call
 * stream_open(); .llseek stays no_llseek (before 6.12).
 *
 * ctl_f_ops: no open method and no .llseek: each element gets
 * .llseek = no_llseek and .open = stream_open.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

#define PCM_BUF	1024

static char pcm_ring[PCM_BUF];
static struct cdev pcm_cdev[2], ctl_cdev[2];

static ssize_t pcm_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *offset)
{
	if (count > PCM_BUF)
		count = PCM_BUF;
	if (copy_from_user(pcm_ring, buf, count))
		return -EFAULT;
	return count;
}

static ssize_t pcm_read(struct file *file, char __user *buf, size_t count,
			loff_t *offset)
{
	if (count > PCM_BUF)
		count = PCM_BUF;
	if (copy_to_user(buf, pcm_ring, count))
		return -EFAULT;
	return count;
}

static int pcm_playback_open(struct inode *inode, struct file *file)
{
	int err = nonseekable_open(inode, file);	/* expect: stream_open */

	if (err < 0)
		return err;
	file->private_data = pcm_ring;
	return 0;
}

static int pcm_capture_open(struct inode *inode, struct file *file)
{
	int err = nonseekable_open(inode, file);	/* expect: stream_open */

	if (err < 0)
		return err;
	file->private_data = pcm_ring;
	return 0;
}

static const struct file_operations pcm_f_ops[2] = {
	{
		.owner =	THIS_MODULE,
		.write =	pcm_write,
		.open =		pcm_playback_open,
		.llseek =	no_llseek,
	},
	{
		.owner =	THIS_MODULE,
		.read =		pcm_read,
		.open =		pcm_capture_open,
		.llseek =	no_llseek,
	}
};

static ssize_t ctl_read(struct file *file, char __user *buf, size_t count,
			loff_t *offset)
{
	if (count && copy_to_user(buf, "\n", 1))
		return -EFAULT;
	return count ? 1 : 0;
}

static ssize_t ctl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *offset)
{
	char c;

	if (count && copy_from_user(&c, buf, 1))
		return -EFAULT;
	return count;
}

static const struct file_operations ctl_f_ops[2] = {	/* expect: pread-hole, pread-hole */
	{	/* expect: stream_open */
		.owner =	THIS_MODULE,
		.write =	ctl_write,
	},
	{	/* expect: stream_open */
		.owner =	THIS_MODULE,
		.read =		ctl_read,
	}
};

static int __init pcm_lite_init(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		cdev_init(&pcm_cdev[i], &pcm_f_ops[i]);
		cdev_init(&ctl_cdev[i], &ctl_f_ops[i]);
	}
	return 0;
}

module_init(pcm_lite_init);
MODULE_LICENSE("GPL");

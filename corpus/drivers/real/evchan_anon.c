// SPDX-License-Identifier: GPL-2.0-only
/*
 * An event-channel driver in the style of later kernels: the control node
 * is a misc device, and each channel is an anonymous file handed out by an
 * ioctl.  An anonymous file is never opened through an open method and
 * never gets FMODE_PREAD or FMODE_PWRITE, so neither channel fops needs
 * nonseekable_open(); the misc node, opened through its device file, does.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <linux/anon_inodes.h>
#include <asm/uaccess.h>

#define EVCHAN_NEW	0x4501
#define EVCHAN_NEW_RAW	0x4502

struct evchan {
	unsigned int pending;
};

static struct evchan evchan_one;

static ssize_t evchan_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	struct evchan *ch = file->private_data;

	if (count < sizeof(ch->pending))
		return -EINVAL;
	if (copy_to_user(buf, &ch->pending, sizeof(ch->pending)))
		return -EFAULT;
	ch->pending = 0;
	return sizeof(ch->pending);
}

static int evchan_release(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return 0;
}

static struct file_operations evchan_fops = {
	.owner		= THIS_MODULE,
	.read		= evchan_read,
	.release	= evchan_release,
};

static struct file_operations evchan_raw_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= evchan_read,
	.release	= evchan_release,
};

static ssize_t evctl_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	unsigned int version = 1;

	if (count < sizeof(version))
		return -EINVAL;
	if (copy_to_user(buf, &version, sizeof(version)))
		return -EFAULT;
	return sizeof(version);
}

static int evctl_ioctl(struct inode *inode, struct file *file,
		       unsigned int cmd, unsigned long arg)
{
	struct file *raw;

	switch (cmd) {
	case EVCHAN_NEW:
		return anon_inode_getfd("[evchan]", &evchan_fops, &evchan_one,
					O_RDWR);
	case EVCHAN_NEW_RAW:
		raw = anon_inode_getfile("[evchan-raw]", &evchan_raw_fops,
					 &evchan_one, O_RDONLY);
		return raw ? 0 : -ENOMEM;
	}
	return -EINVAL;
}

static struct file_operations evctl_fops = {	/* expect: seekable-default */
	.owner		= THIS_MODULE,
	.read		= evctl_read,
	.ioctl		= evctl_ioctl,
};

static struct miscdevice evctl_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "evctl",
	.fops		= &evctl_fops,
};

static int __init evctl_init(void)
{
	return misc_register(&evctl_dev);
}

module_init(evctl_init);

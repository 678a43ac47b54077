// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control devices whose open methods call neither nonseekable_open() nor
 * stream_open().
 *
 * ctl_open returns what its set-up returned: stream_open() goes first.
 * The file_operations has no .llseek either: before Linux 6.12 it gets
 * .llseek = no_llseek.
 *
 * A designated array of two more, without an open method but with
 * no_llseek: each element gets .open = stream_open.
 *
 * shared_open opens two file_operations: a stream (its read ignores the
 * position) and a file whose read seeks.  Making it call stream_open()
 * would make the second a stream as well: reported, left for a maintainer
 * to split the open method.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static int ctl_state;
static struct cdev ctl_cdev, sub_cdev[2], live_cdev, dump_cdev;

static int ctl_setup(struct file *file)
{
	file->private_data = &ctl_state;
	return 0;
}

static int ctl_open(struct inode *inode, struct file *file)	/* expect: stream_open */
{
	int ret;

	stream_open(inode, file);
	ret = ctl_setup(file);
	return ret;
}

static ssize_t ctl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	char c;

	if (count && get_user(c, buf))
		return -EFAULT;
	ctl_state = c;
	return count;
}

static const struct file_operations ctl_fops = {	/* expect: pread-hole */
	.owner = THIS_MODULE,
	.write = ctl_write,
	.llseek = no_llseek,
	.open = ctl_open,
};

static ssize_t sub_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (count && copy_to_user(buf, "\n", 1))
		return -EFAULT;
	return count ? 1 : 0;
}

static const struct file_operations sub_fops[] = {	/* expect: pread-hole, pread-hole */
	[0] = {	/* expect: stream_open */
		.owner = THIS_MODULE,
		.llseek = no_llseek,
		.read = sub_read,
		.open = stream_open,
	},
	[1] = {	/* expect: stream_open */
		.owner = THIS_MODULE,
		.llseek = no_llseek,
		.write = ctl_write,
		.open = stream_open,
	},
};

static char dump[128];

static int shared_open(struct inode *inode, struct file *file)
{
	file->private_data = dump;
	return 0;
}

static ssize_t live_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	if (count > 1)
		count = 1;
	if (copy_to_user(buf, dump, count))
		return -EFAULT;
	return count;
}

static ssize_t dump_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	if (*ppos >= sizeof(dump))
		return 0;
	if (count > sizeof(dump) - *ppos)
		count = sizeof(dump) - *ppos;
	if (copy_to_user(buf, dump + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static const struct file_operations live_fops = {	/* expect: pread-hole, stream_open */
	.owner	= THIS_MODULE,
	.read	= live_read,
	.open	= shared_open,
};

static const struct file_operations dump_fops = {
	.owner	= THIS_MODULE,
	.llseek	= default_llseek,
	.read	= dump_read,
	.open	= shared_open,
};

static int __init ctl_init(void)
{
	cdev_init(&ctl_cdev, &ctl_fops);
	cdev_init(&sub_cdev[0], &sub_fops[0]);
	cdev_init(&sub_cdev[1], &sub_fops[1]);
	cdev_init(&live_cdev, &live_fops);
	cdev_init(&dump_cdev, &dump_fops);
	return cdev_add(&ctl_cdev, 0, 1);
}

module_init(ctl_init);
MODULE_LICENSE("GPL");

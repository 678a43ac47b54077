// SPDX-License-Identifier: GPL-2.0-only
/*
 * A stream device still written with GNU "member: value" initializers, on
 * a kernel before stream_open() (Linux 5.2): with no open method and no
 * llseek it gets both, written the same way: llseek: no_llseek and
 * open: nonseekable_open.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static unsigned char gs_last;
static struct cdev gs_cdev;

static ssize_t gs_read(struct file *file, char __user *buf, size_t count,
		       loff_t *ppos)
{
	if (count && put_user(gs_last, buf))
		return -EFAULT;
	return count ? 1 : 0;
}

static ssize_t gs_write(struct file *file, const char __user *buf,
			size_t count, loff_t *ppos)
{
	if (count && get_user(gs_last, buf))
		return -EFAULT;
	return count;
}

static int gs_release(struct inode *inode, struct file *file)
{
	return 0;
}

static struct file_operations gs_fops = {	/* expect: pread-hole, stream_open */
	owner:		THIS_MODULE,
	read:		gs_read,
	write:		gs_write,
	release:	gs_release,
};

static int __init gs_init(void)
{
	cdev_init(&gs_cdev, &gs_fops);
	return cdev_add(&gs_cdev, 0, 1);
}

module_init(gs_init);
MODULE_LICENSE("GPL");

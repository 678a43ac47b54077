// SPDX-License-Identifier: GPL-2.0-only
/*
 * Numeric attribute files in the style of later kernels' debugfs drivers.
 * simple_attr_open() ends in nonseekable_open() (fanattr_libfs.c), so an
 * open method that goes through it leaves no pread hole behind no_llseek;
 * the raw node, whose open only stores its private data, still has one.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/uaccess.h>

#define FAN_MAJOR	240

struct fan_ctl {
	u64 rpm;
	u64 target;
};

static int fan_rpm_get(void *data, u64 *val)
{
	struct fan_ctl *fan = data;

	*val = fan->rpm;
	return 0;
}

static int fan_target_set(void *data, u64 val)
{
	struct fan_ctl *fan = data;

	if (val > 20000)
		return -EINVAL;
	fan->target = val;
	return 0;
}

static int fan_attr_open(struct inode *inode, struct file *file,
			 int (*get)(void *, u64 *), int (*set)(void *, u64))
{
	if (!inode->i_private)
		return -ENODEV;
	return simple_attr_open(inode, file, get, set, "%llu\n");
}

static int fan_rpm_open(struct inode *inode, struct file *file)
{
	return fan_attr_open(inode, file, fan_rpm_get, fan_target_set);
}

static struct file_operations fan_rpm_fops = {
	.owner		= THIS_MODULE,
	.open		= fan_rpm_open,
	.release	= simple_attr_release,
	.read		= simple_attr_read,
	.write		= simple_attr_write,
	.llseek		= no_llseek,
};

static int fan_raw_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t fan_raw_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	struct fan_ctl *fan = file->private_data;

	if (len < sizeof(fan->rpm))
		return -EINVAL;
	if (copy_to_user(buf, &fan->rpm, sizeof(fan->rpm)))
		return -EFAULT;
	return sizeof(fan->rpm);
}

static struct file_operations fan_raw_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.open		= fan_raw_open,
	.read		= fan_raw_read,
	.llseek		= no_llseek,
};

static int __init fan_init(void)
{
	int err = register_chrdev(FAN_MAJOR, "fan", &fan_rpm_fops);

	if (err)
		return err;
	return register_chrdev(FAN_MAJOR + 1, "fanraw", &fan_raw_fops);
}

module_init(fan_init);

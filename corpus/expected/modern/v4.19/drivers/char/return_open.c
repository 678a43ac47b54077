// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sensor device that refuses lseek() with no_llseek but never called
 * nonseekable_open(), so pread() still succeeds.  Before Linux 5.2 its
 * open method comes to return nonseekable_open(inode, file) wherever it
 * returned 0.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static int sensor_users;
static short sensor_value;
static struct cdev sensor_cdev;

static int sensor_open(struct inode *inode, struct file *file)	/* expect: stream_open */
{
	if (sensor_users)
		return nonseekable_open(inode, file);
	if (iminor(inode) > 1)
		return -ENODEV;
	sensor_users++;
	return nonseekable_open(inode, file);
}

static ssize_t sensor_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	if (count < sizeof(sensor_value))
		return -EINVAL;
	if (copy_to_user(buf, &sensor_value, sizeof(sensor_value)))
		return -EFAULT;
	return sizeof(sensor_value);
}

static const struct file_operations sensor_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= sensor_read,
	.open		= sensor_open,
};

static int __init sensor_init(void)
{
	cdev_init(&sensor_cdev, &sensor_fops);
	return cdev_add(&sensor_cdev, 0, 1);
}

module_init(sensor_init);
MODULE_LICENSE("GPL");

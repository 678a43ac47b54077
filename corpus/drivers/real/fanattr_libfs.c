// SPDX-License-Identifier: GPL-2.0-only
/*
 * The numeric attribute files of later kernels' fs/libfs.c, beside the
 * driver that uses them (fanattr.c) so that a scan of drivers/ alone holds
 * them: simple_attr_open() ends in nonseekable_open(), which the checker
 * learns from this definition, not from its name.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/uaccess.h>

struct simple_attr {
	int (*get)(void *, u64 *);
	int (*set)(void *, u64);
	void *data;
	const char *fmt;
	char get_buf[24];
};

int simple_attr_open(struct inode *inode, struct file *file,
		     int (*get)(void *, u64 *), int (*set)(void *, u64),
		     const char *fmt)
{
	struct simple_attr *attr;

	attr = kmalloc(sizeof(*attr), GFP_KERNEL);
	if (!attr)
		return -ENOMEM;
	attr->get = get;
	attr->set = set;
	attr->data = inode->i_private;
	attr->fmt = fmt;
	file->private_data = attr;

	return nonseekable_open(inode, file);
}

int simple_attr_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

ssize_t simple_attr_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct simple_attr *attr = file->private_data;
	u64 val;
	size_t size;

	if (!attr->get)
		return -EACCES;
	if (attr->get(attr->data, &val))
		return -EIO;
	size = snprintf(attr->get_buf, sizeof(attr->get_buf), attr->fmt, val);
	return simple_read_from_buffer(buf, len, ppos, attr->get_buf, size);
}

ssize_t simple_attr_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	struct simple_attr *attr = file->private_data;
	char tmp[24];
	u64 val;

	if (!attr->set)
		return -EACCES;
	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	if (copy_from_user(tmp, buf, len))
		return -EFAULT;
	tmp[len] = '\0';
	val = (u64)(tmp[0] - '0');
	if (attr->set(attr->data, val))
		return -EIO;
	return len;
}

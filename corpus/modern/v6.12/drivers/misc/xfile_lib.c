// SPDX-License-Identifier: GPL-2.0-only
/*
 * Methods and opens other files' file_operations name: what a
 * file_operations does is decided across the tree.  A read that ignores
 * its position, one that honours it, an open that leaves pread on, and an
 * open that refuses it through a helper of this file, two calls away from
 * the file_operations that names it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

/* What a header would declare for xfile_user.c. */
ssize_t xlib_event_read(struct file *file, char __user *buf, size_t count, loff_t *ppos);
ssize_t xlib_table_read(struct file *file, char __user *buf, size_t count, loff_t *ppos);
int xlib_open(struct inode *inode, struct file *file);
int xlib_attr_open(struct inode *inode, struct file *file);

static char xlib_event[16];

ssize_t xlib_event_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (count > sizeof(xlib_event))
		count = sizeof(xlib_event);
	if (copy_to_user(buf, xlib_event, count))
		return -EFAULT;
	return count;
}

ssize_t xlib_table_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (*ppos >= sizeof(xlib_event))
		return 0;
	if (count > sizeof(xlib_event) - *ppos)
		count = sizeof(xlib_event) - *ppos;
	if (copy_to_user(buf, xlib_event + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

int xlib_open(struct inode *inode, struct file *file)
{
	file->private_data = xlib_event;
	return 0;
}

static int xlib_attr_setup(struct inode *inode, struct file *file)
{
	file->private_data = xlib_event;
	return nonseekable_open(inode, file);
}

int xlib_attr_open(struct inode *inode, struct file *file)
{
	return xlib_attr_setup(inode, file);
}

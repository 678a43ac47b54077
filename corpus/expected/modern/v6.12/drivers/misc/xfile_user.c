// SPDX-License-Identifier: GPL-2.0-only
/*
 * file_operations whose methods and opens are defined in xfile_lib.c.
 * Without .llseek they refuse lseek; whether they refuse pread is what
 * those other functions do.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>

ssize_t xlib_event_read(struct file *file, char __user *buf, size_t count, loff_t *ppos);
int xlib_open(struct inode *inode, struct file *file);
int xlib_attr_open(struct inode *inode, struct file *file);

/* Both of another file: a read ignoring its position, a seekable open. */
static const struct file_operations xuser_event_fops = {	/* expect: pread-hole */
	.owner	= THIS_MODULE,
	.read	= xlib_event_read,
	.open	= xlib_open,
};

/* The open refuses pread, two calls down in the other file. */
static const struct file_operations xuser_attr_fops = {
	.owner	= THIS_MODULE,
	.read	= xlib_event_read,
	.open	= xlib_attr_open,
};

static int xuser_open(struct inode *inode, struct file *file)
{
	return xlib_attr_open(inode, file);
}

/* An open of this file that hands the file to the refusing one. */
static const struct file_operations xuser_wrapped_fops = {
	.owner	= THIS_MODULE,
	.read	= xlib_event_read,
	.open	= xuser_open,
};

static ssize_t xuser_no_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return -EINVAL;
}

/* Its one data method always fails: pread fails with it. */
static const struct file_operations xuser_refusing_fops = {	/* expect: stream_open */
	.owner	= THIS_MODULE,
	.read	= xuser_no_read,
	.open	= xlib_open,
};

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_REGDUMP_H
#define _LINUX_REGDUMP_H

/*
 * Register dump files under debugfs.  A driver describes its dump with a
 * struct regdump_ops; the core's own file_operations call these methods
 * with the driver's data and the struct file, and hand read and write the
 * position they were given.  show fills a page for the summary file.
 */

#include <linux/types.h>

struct file;
struct dentry;

struct regdump_ops {
	loff_t (*llseek)(void *data, struct file *file, loff_t offset,
			 int whence);
	ssize_t (*read)(void *data, struct file *file, char __user *buf,
			size_t count, loff_t *ppos);
	ssize_t (*write)(void *data, struct file *file,
			 const char __user *buf, size_t count, loff_t *ppos);
	int (*show)(void *data, struct file *file, char *page);
};

extern struct dentry *regdump_create(const char *name, struct dentry *parent,
				     void *data,
				     const struct regdump_ops *ops);
extern void regdump_remove(struct dentry *dentry);

#endif /* _LINUX_REGDUMP_H */

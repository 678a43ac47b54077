/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_DEBUGFS_H
#define _LINUX_DEBUGFS_H

/*
 * debugfs (added after 2.6.7; here for drivers written later): named files
 * for debugging and control, opened through their file_operations' open
 * method like any other file.
 */

#include <linux/fs.h>

struct dentry;

extern struct dentry *debugfs_create_dir(const char *name,
					 struct dentry *parent);
extern struct dentry *debugfs_create_file(const char *name, int mode,
					  struct dentry *parent, void *data,
					  struct file_operations *fops);
extern void debugfs_remove(struct dentry *dentry);

#endif /* _LINUX_DEBUGFS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_ANON_INODES_H
#define _LINUX_ANON_INODES_H

/*
 * Files with no path and no open method, handed out by a system call or
 * an ioctl (added after 2.6.7; here for drivers written later).
 */
#include <linux/fs.h>

extern struct file *anon_inode_getfile(const char *name,
				       const struct file_operations *fops,
				       void *priv, int flags);
extern int anon_inode_getfd(const char *name,
			    const struct file_operations *fops,
			    void *priv, int flags);

#endif /* _LINUX_ANON_INODES_H */

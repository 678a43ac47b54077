/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H
#include <linux/types.h>
struct inode;
struct kiocb;
struct file {
	loff_t f_pos;
	unsigned int f_flags;
	void *private_data;
};
struct file_operations {
	void *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*aio_read)(struct kiocb *, char __user *, size_t, loff_t);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	int (*open)(struct inode *, struct file *);
};
#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_PROC_FS_H
#define _LINUX_PROC_FS_H

#include <linux/fs.h>

struct proc_dir_entry {
	const char *name;
	mode_t mode;
	struct file_operations *proc_fops;
	void *data;
};

extern struct proc_dir_entry *create_proc_entry(const char *name,
						mode_t mode,
						struct proc_dir_entry *parent);
extern void remove_proc_entry(const char *name, struct proc_dir_entry *parent);

/* later kernels: /proc files have methods of their own */
struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *, struct file *);
	ssize_t (*proc_read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*proc_read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*proc_write)(struct file *, const char __user *, size_t, loff_t *);
	loff_t (*proc_lseek)(struct file *, loff_t, int);
	int (*proc_release)(struct inode *, struct file *);
};

extern struct proc_dir_entry *proc_create(const char *name, mode_t mode,
					  struct proc_dir_entry *parent,
					  const struct proc_ops *proc_ops);

#endif /* _LINUX_PROC_FS_H */

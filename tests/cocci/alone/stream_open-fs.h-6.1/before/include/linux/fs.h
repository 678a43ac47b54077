/* SPDX-License-Identifier: GPL-2.0-only */
/* The declarations of a 6.1 <linux/fs.h> that tell its era: stream_open()
   (5.2 on), and no_llseek, a NULL from 6.0 until 6.12. */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

struct inode;
struct file;

struct file_operations {
	loff_t (*llseek) (struct file *, loff_t, int);
	ssize_t (*read) (struct file *, char __user *, size_t, loff_t *);
	int (*open) (struct inode *, struct file *);
};

extern loff_t noop_llseek(struct file *file, loff_t offset, int whence);
#define no_llseek NULL
extern int nonseekable_open(struct inode * inode, struct file * filp);
extern int stream_open(struct inode * inode, struct file * filp);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <linux/fs.h>
#include <asm/semaphore.h>

struct seq_operations;

struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	loff_t index;
	struct semaphore sem;
	struct seq_operations *op;
	void *private;
};

struct seq_operations {
	void *(*start) (struct seq_file *m, loff_t *pos);
	void (*stop) (struct seq_file *m, void *v);
	void *(*next) (struct seq_file *m, void *v, loff_t *pos);
	int (*show) (struct seq_file *m, void *v);
};

extern int seq_open(struct file *file, struct seq_operations *op);
extern ssize_t seq_read(struct file *file, char __user *buf, size_t size,
			loff_t *ppos);
extern loff_t seq_lseek(struct file *file, loff_t offset, int origin);
extern int seq_release(struct inode *inode, struct file *file);
extern int seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* _LINUX_SEQ_FILE_H */

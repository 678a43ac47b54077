/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_FILE_H
#define _LINUX_FILE_H

/* Taking and dropping references to a struct file. */

struct file;

extern struct file *fget(unsigned int fd);
extern void fput(struct file *file);
extern struct file *get_file(struct file *file);

#endif /* _LINUX_FILE_H */

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

#endif /* _LINUX_PROC_FS_H */

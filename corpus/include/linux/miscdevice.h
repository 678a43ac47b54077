/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/fs.h>

#define WATCHDOG_MINOR		130
#define MISC_DYNAMIC_MINOR	255

struct miscdevice {
	int minor;
	const char *name;
	struct file_operations *fops;
};

extern int misc_register(struct miscdevice *misc);
extern int misc_deregister(struct miscdevice *misc);

#endif /* _LINUX_MISCDEVICE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CDEV_H
#define _LINUX_CDEV_H

/* Later kernels: a character device set up from a const file_operations. */

#include <linux/types.h>

struct file_operations;
struct module;

struct cdev {
	struct module *owner;
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
};

extern void cdev_init(struct cdev *cdev, const struct file_operations *fops);
extern int cdev_add(struct cdev *cdev, dev_t dev, unsigned int count);
extern void cdev_del(struct cdev *cdev);

#endif /* _LINUX_CDEV_H */

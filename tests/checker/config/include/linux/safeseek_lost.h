/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the fixtures of this directory take from a header of the tree that
 * the bundled header lacks: the tests copy it into each era's
 * include/linux, where only the real headers find it.
 */
#ifndef _LINUX_SAFESEEK_LOST_H
#define _LINUX_SAFESEEK_LOST_H
#include <linux/fs.h>

typedef unsigned long lost_addr_t;
#define LOST_SIZE 4096

struct lost_fd {
	struct file *file;
};

long lost_copy(const char *buf, unsigned long size, loff_t *ppos, size_t count);
#endif

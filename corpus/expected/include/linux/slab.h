/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

#define GFP_KERNEL	0xd0
#define GFP_ATOMIC	0x20

extern void *kmalloc(size_t size, int flags);
extern void kfree(const void *p);

#endif /* _LINUX_SLAB_H */

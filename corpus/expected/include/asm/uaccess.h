/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <linux/types.h>

#define VERIFY_READ	0
#define VERIFY_WRITE	1

/* Address limit switching, for kernel code that reads files with vfs_read. */
typedef struct {
	unsigned long seg;
} mm_segment_t;

#define KERNEL_DS	((mm_segment_t) { 0xffffffffUL })
#define USER_DS		((mm_segment_t) { 0xc0000000UL })

extern mm_segment_t get_fs(void);
extern void set_fs(mm_segment_t fs);

extern int access_ok(int type, const void __user *addr, unsigned long size);
extern unsigned long copy_to_user(void __user *to, const void *from,
				  unsigned long n);
extern unsigned long copy_from_user(void *to, const void __user *from,
				    unsigned long n);
extern unsigned long clear_user(void __user *to, unsigned long n);
extern int __get_user_1(unsigned char *x, const unsigned char __user *p);
extern int __put_user_1(unsigned char x, unsigned char __user *p);

/* Byte-sized forms are all the corpus drivers need. */
#define get_user(x, ptr)	__get_user_1((unsigned char *)&(x), \
					     (const unsigned char __user *)(ptr))
#define put_user(x, ptr)	__put_user_1((unsigned char)(x), \
					     (unsigned char __user *)(ptr))

#endif /* _ASM_UACCESS_H */

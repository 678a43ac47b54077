/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_HUGETLB_H
#define _LINUX_HUGETLB_H

#include <linux/types.h>

struct ctl_table;
struct file;

extern unsigned long max_huge_pages;

int hugetlb_pool_sysctl_handler(struct ctl_table *, int, struct file *, void __user *, size_t *);	/* expect: sysctl_ppos */
unsigned long hugetlb_resize_pool(unsigned long count);
int hugetlb_report_meminfo(char *buf);

#endif /* _LINUX_HUGETLB_H */

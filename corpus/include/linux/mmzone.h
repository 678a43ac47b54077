/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MMZONE_H
#define _LINUX_MMZONE_H

#include <linux/types.h>

struct ctl_table;
struct file;

extern int min_free_kbytes;
extern int sysctl_zone_reserve_ratio;

void setup_zone_watermarks(void);
void setup_zone_reserves(void);

int min_free_kbytes_sysctl_handler(struct ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
					void __user *, size_t *);
int zone_reserve_ratio_sysctl_handler(struct ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
					void __user *, size_t *);

#endif /* _LINUX_MMZONE_H */

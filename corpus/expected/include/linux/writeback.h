/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_WRITEBACK_H
#define _LINUX_WRITEBACK_H

#include <linux/types.h>

struct ctl_table;
struct file;

extern int dirty_background_ratio;
extern int dirty_expire_interval;
extern int flush_interval_centisecs;

int flush_interval_sysctl_handler(struct ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
				  void __user *, size_t *, loff_t *);

void writeback_timer_init(void);

#endif /* _LINUX_WRITEBACK_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _CODA_PROC_H
#define _CODA_PROC_H

/*
 * Statistics of the coda client, readable under /proc/fs/coda and
 * resettable through /proc/sys/coda.
 */

#include <linux/types.h>
#include <linux/sysctl.h>

struct file;

struct coda_upcall_stats {
	unsigned long	upcalls;
	unsigned long	timeouts;
	unsigned long	interrupts;
};

struct coda_permission_stats {
	unsigned long	count;
	unsigned long	hit_count;
};

extern struct coda_upcall_stats coda_upcall_stat;
extern struct coda_permission_stats coda_permission_stat;

void coda_sysctl_init(void);
void coda_sysctl_clean(void);

/* handlers behind the writable /proc/sys/coda entries */
int coda_reset_upcall_stats( ctl_table * table, int write, struct file * filp,	/* expect: sysctl_ppos */
			     void __user * buffer, size_t * lenp,
			     loff_t *ppos );
int coda_reset_permission_stats( ctl_table * table, int write,	/* expect: sysctl_ppos */
				 struct file * filp, void __user * buffer,
				 size_t * lenp, loff_t *ppos );

#endif /* _CODA_PROC_H */

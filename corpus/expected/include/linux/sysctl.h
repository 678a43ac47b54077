/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

/*
 * sysctl as it stood before 2.6.8: proc handlers find the file position
 * through filp->f_pos, as the old proc_handler typedef has no ppos.
 */

#include <linux/types.h>

struct file;
struct ctl_table;
struct proc_dir_entry;

typedef struct ctl_table ctl_table;

typedef int ctl_handler (ctl_table *table, int __user *name, int nlen,
			 void __user *oldval, size_t __user *oldlenp,
			 void __user *newval, size_t newlen,
			 void **context);

typedef int proc_handler (ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
			  void __user *buffer, size_t *lenp, loff_t *ppos);

extern int proc_dostring(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
			 void __user *, size_t *, loff_t *);
extern int proc_dointvec(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
			 void __user *, size_t *, loff_t *);
extern int proc_dointvec_bset(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
			      void __user *, size_t *, loff_t *);
extern int proc_dointvec_minmax(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
				void __user *, size_t *, loff_t *);
extern int proc_dointvec_jiffies(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
				 void __user *, size_t *, loff_t *);
extern int proc_dointvec_userhz_jiffies(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
					void __user *, size_t *, loff_t *);
extern int proc_doulongvec_minmax(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
				  void __user *, size_t *, loff_t *);
extern int proc_doulongvec_ms_jiffies_minmax(ctl_table *table, int,	/* expect: sysctl_ppos */
				      struct file *, void __user *, size_t *,
				      loff_t *);

extern ctl_handler sysctl_string;
extern ctl_handler sysctl_intvec;
extern ctl_handler sysctl_jiffies;

struct ctl_table
{
	int ctl_name;			/* Binary ID */
	const char *procname;		/* Text ID for /proc/sys, or zero */
	void *data;
	int maxlen;
	mode_t mode;
	ctl_table *child;
	proc_handler *proc_handler;	/* Callback for text formatting */
	ctl_handler *strategy;		/* Callback function for all r/w */
	struct proc_dir_entry *de;	/* /proc control block */
	void *extra1;
	void *extra2;
};

struct ctl_table_header
{
	ctl_table *ctl_table;
};

extern struct ctl_table_header *register_sysctl_table(ctl_table *table,
						      int insert_at_head);
extern void unregister_sysctl_table(struct ctl_table_header *table);

#define CTL_KERN	1
#define CTL_VM		2
#define CTL_NET		3
#define CTL_FS		5
#define CTL_DEV		7

#endif /* _LINUX_SYSCTL_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/* The proc_handler of a tree older than 2.6.8: it takes a struct file and
   no position, so handlers of this tree get the 2.6.8 form. */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

struct file;
typedef struct ctl_table ctl_table;

typedef int proc_handler (ctl_table *ctl, int write, struct file * filp, /* report: declared without a loff_t */
			  void __user *buffer, size_t *lenp);

extern int proc_dointvec(ctl_table *, int, struct file *, /* report: declared without a loff_t */
			 void __user *, size_t *);

struct ctl_table {
	int ctl_name;
	void *data;
	proc_handler *proc_handler;
};

#endif

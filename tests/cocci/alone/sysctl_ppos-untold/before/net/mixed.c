// SPDX-License-Identifier: GPL-2.0-only
/* A handler of 2.6.32 to 6.10 beside one of 2.6.7: the tree is later than
   2.6.31, but whether its buffers are kernel pointers (5.8) the file does
   not show.  Run alone, nothing is converted and the report says what the
   patch needs. */
#include <linux/sysctl.h>

static int mixed_new(struct ctl_table *table, int write, void __user *buffer,
		     size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

static int mixed_old(struct ctl_table *table, int write, struct file *filp, /* report: give the kernel's era */
		     void __user *buffer, size_t *lenp)
{
	return proc_dointvec(table, write, filp, buffer, lenp);
}

static struct ctl_table mixed_table[] = {
	{ .procname = "new", .proc_handler = mixed_new },
	{ .procname = "old", .proc_handler = mixed_old },
	{ }
};

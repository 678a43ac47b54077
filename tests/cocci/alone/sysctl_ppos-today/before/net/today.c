// SPDX-License-Identifier: GPL-2.0-only
/* A handler of 6.11 on (a const table) beside one of 2.6.7: run alone, the
   old one takes today's form. */
#include <linux/sysctl.h>

static int today_new(const struct ctl_table *table, int write, void *buffer,
		     size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

static int today_old(struct ctl_table *table, int write, struct file *filp, /* report: handlers are int (const struct ctl_table * */
		     void __user *buffer, size_t *lenp)
{
	return proc_dointvec(table, write, filp, buffer, lenp);
}

static const struct ctl_table today_table[] = {
	{ .procname = "new", .proc_handler = today_new },
	{ .procname = "old", .proc_handler = today_old },
	{ }
};

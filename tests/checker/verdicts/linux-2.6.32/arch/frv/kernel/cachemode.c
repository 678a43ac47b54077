// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 sysctl handler left with the struct file * parameter that this
 * kernel's proc_handler no longer passes: the prototype is stale, so what
 * it calls filp is the user's buffer.
 */
#include <linux/sysctl.h>
#include <linux/fs.h>

static int cachemode_handler(ctl_table *table, int write, struct file *filp,
			     void __user *buffer, size_t *lenp, loff_t *ppos)
{
	if (filp->f_pos > 0) {	/* expect: sysctl-fpos */ /* warning: the handler's prototype is stale */
		*lenp = 0;
		return 0;
	}
	*lenp = 1;
	return 0;
}

static ctl_table cachemode_table[] = {
	{ .procname = "cache-mode", .mode = 0644, .proc_handler = cachemode_handler },
	{}
};

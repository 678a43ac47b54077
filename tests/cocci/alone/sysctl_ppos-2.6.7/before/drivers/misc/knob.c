// SPDX-License-Identifier: GPL-2.0-only
/* A handler of 2.6.7, calling proc_dointvec as that tree's header has it:
   run alone it takes the 2.6.8 form, struct file kept. */
#include <linux/sysctl.h>

static int knob;

static int knob_handler(ctl_table *table, int write, struct file *filp, /* report: without a loff_t *ppos */
			void __user *buffer, size_t *lenp)
{
	if (!*lenp || (filp->f_pos && !write)) { /* report: use *ppos */
		*lenp = 0;
		return 0;
	}
	return proc_dointvec(table, write, filp, buffer, lenp);
}

static ctl_table knob_table[] = {
	{ .ctl_name = 1, .data = &knob, .proc_handler = &knob_handler },
	{ .ctl_name = 0 }
};

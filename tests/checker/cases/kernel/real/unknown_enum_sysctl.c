// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sysctl table whose entries name their binary ids with constants from a
 * header the fallback header does not declare.  Each entry's initializer
 * then fails to type-check; the handler it names is still a handler.
 */
#include <linux/sysctl.h>
#include <linux/fs.h>
#include <linux/xbus_sysctl.h>

static int xbus_timeout;

static int xbus_do_timeout(ctl_table *table, int write, struct file *filp,
			   void __user *buffer, size_t *lenp)
{
	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

static ctl_table xbus_table[] = {
	{
		.ctl_name	= XBUS_TIMEOUT,
		.procname	= "timeout",
		.data		= &xbus_timeout,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &xbus_do_timeout,
	},
	{ .ctl_name = 0 }
};

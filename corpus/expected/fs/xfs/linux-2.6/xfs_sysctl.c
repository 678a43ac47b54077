// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/fs/xfs: writing a non-zero value to stats_clear zeroes the
 * statistics counters of every CPU, keeping the count of active vnodes.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>

#define XFS_NR_CPUS	8

struct xfsstats {
	__uint32_t	xs_reads;
	__uint32_t	xs_writes;
	__uint32_t	vn_active;
};

static struct xfsstats xfsstats[XFS_NR_CPUS];
static int xfs_stats_clear;
static int xfs_stats_clear_min, xfs_stats_clear_max = 1;

int xfs_sysctl_register(void);

static int
xfs_stats_clear_proc_handler(	/* expect: sysctl_ppos */
	ctl_table	*ctl,
	int		write,
	struct file	*filp,
	void		__user *buffer,
	size_t		*lenp, loff_t *ppos)
{
	int		c, ret, *valp = ctl->data;
	__uint32_t	vn_active;

	ret = proc_dointvec_minmax(ctl, write, filp, buffer, lenp, ppos);

	if (!ret && write && *valp) {
		printk(KERN_INFO "XFS Clearing xfsstats\n");
		for (c = 0; c < XFS_NR_CPUS; c++) {
			/* save vn_active, it's a universal truth! */
			vn_active = xfsstats[c].vn_active;
			memset(&xfsstats[c], 0, sizeof(xfsstats[c]));
			xfsstats[c].vn_active = vn_active;
		}
		xfs_stats_clear = 0;
	}

	return ret;
}

static ctl_table xfs_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "stats_clear",
		.data		= &xfs_stats_clear,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &xfs_stats_clear_proc_handler,
		.extra1		= &xfs_stats_clear_min,
		.extra2		= &xfs_stats_clear_max,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *xfs_table_header;

int xfs_sysctl_register(void)
{
	xfs_table_header = register_sysctl_table(xfs_table, 1);
	return xfs_table_header ? 0 : -ENOMEM;
}

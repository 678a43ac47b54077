// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv6 neighbour discovery and routing entries under /proc/sys/net/ipv6:
 * a change to a device's ND parameters is announced to user space, and a
 * write to route/flush runs the garbage collector.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <net/ndisc.h>

struct inet6_dev {
	struct net_device	*dev;
	int			nd_retrans_time;
	int			refcnt;
};

extern struct inet6_dev *in6_dev_get(struct net_device *dev);
extern void in6_dev_put(struct inet6_dev *idev);
extern void fib6_run_gc(unsigned long dummy);

#define RTM_NEWLINK	16

static int ipv6_flush_delay;

#ifdef CONFIG_SYSCTL
int ndisc_ifinfo_sysctl_change(struct ctl_table *ctl, int write, struct file * filp, void __user *buffer,
			       size_t *lenp, loff_t *ppos)	/* expect: sysctl_ppos */
{
	struct net_device *dev = ctl->extra1;
	struct inet6_dev *idev;

	if (write && dev && (idev = in6_dev_get(dev)) != NULL) {
		inet6_ifinfo_notify(RTM_NEWLINK, idev->dev);
		in6_dev_put(idev);
	}
	return proc_dointvec(ctl, write, filp, buffer, lenp, ppos);
}
#endif

static
int ipv6_sysctl_rtcache_flush(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
			      void __user *buffer, size_t *lenp, loff_t *ppos)
{
	if (write) {
		proc_dointvec(ctl, write, filp, buffer, lenp, ppos);
		if (ipv6_flush_delay < 0)
			ipv6_flush_delay = 0;
		fib6_run_gc((unsigned long)ipv6_flush_delay);
		return 0;
	} else
		return -EINVAL;
}

static int nd_retrans_time_template;

static ctl_table ipv6_nd_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "retrans_time",
		.data		= &nd_retrans_time_template,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &ndisc_ifinfo_sysctl_change,
	},
	{
		.ctl_name	= 2,
		.procname	= "flush",
		.data		= &ipv6_flush_delay,
		.maxlen		= sizeof(int),
		.mode		= 0200,
		.proc_handler	= &ipv6_sysctl_rtcache_flush,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *ipv6_nd_header;

void ipv6_nd_sysctl_register(void);

void ipv6_nd_sysctl_register(void)
{
	ipv6_nd_header = register_sysctl_table(ipv6_nd_table, 0);
}

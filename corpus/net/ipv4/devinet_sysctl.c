// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-device IPv4 settings under /proc/sys/net/ipv4/conf/<dev>: most are
 * plain integers, but changing one of them invalidates cached routes, and
 * "forwarding" also has to be propagated to every device.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <net/ip.h>
#include <asm/uaccess.h>

struct ipv4_devconf ipv4_devconf;
static struct ipv4_devconf ipv4_devconf_dflt;

static int devinet_sysctl_forward(ctl_table *ctl, int write,	/* expect: sysctl_ppos */
				  struct file* filp, void __user *buffer,
				  size_t *lenp)
{
	int *valp = ctl->data;
	int val = *valp;
	int ret = proc_dointvec(ctl, write, filp, buffer, lenp);

	if (write && *valp != val) {
		if (valp == &ipv4_devconf.forwarding)
			inet_forward_change();
		else if (valp != &ipv4_devconf_dflt.forwarding)
			rt_cache_flush(0);
	}

	return ret;
}

int ipv4_doint_and_flush(ctl_table *ctl, int write,	/* expect: sysctl_ppos */
			 struct file* filp, void __user *buffer,
			 size_t *lenp)
{
	int *valp = ctl->data;
	int val = *valp;
	int ret = proc_dointvec(ctl, write, filp, buffer, lenp);

	if (write && *valp != val)
		rt_cache_flush(0);

	return ret;
}

/*
 * The sysctl(2) side of the same entries: it takes no struct file and is
 * not a proc handler, so it keeps its signature.
 */
int ipv4_doint_and_flush_strategy(ctl_table *table, int __user *name, int nlen,
				  void __user *oldval, size_t __user *oldlenp,
				  void __user *newval, size_t newlen,
				  void **context)
{
	int *valp = table->data;
	int new;

	if (!newval || !newlen)
		return 0;

	if (newlen != sizeof(int))
		return -EINVAL;

	if (copy_from_user(&new, newval, newlen))
		return -EFAULT;

	if (new == *valp)
		return 0;

	if (oldval && oldlenp) {
		if (copy_to_user(oldval, valp, sizeof(int)))
			return -EFAULT;
	}

	*valp = new;
	rt_cache_flush(0);
	return 1;
}

static ctl_table devinet_vars[] = {
	{
		.ctl_name	= 1,
		.procname	= "forwarding",
		.data		= &ipv4_devconf.forwarding,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &devinet_sysctl_forward,
	},
	{
		.ctl_name	= 2,
		.procname	= "accept_redirects",
		.data		= &ipv4_devconf.accept_redirects,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &ipv4_doint_and_flush,
		.strategy	= &ipv4_doint_and_flush_strategy,
	},
	{
		.ctl_name	= 3,
		.procname	= "log_martians",
		.data		= &ipv4_devconf.log_martians,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *devinet_sysctl_header;

void devinet_sysctl_init(void);

void devinet_sysctl_init(void)
{
	memcpy(&ipv4_devconf_dflt, &ipv4_devconf, sizeof(ipv4_devconf));
	devinet_sysctl_header = register_sysctl_table(devinet_vars, 0);
}

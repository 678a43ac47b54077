/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _NET_IP_H
#define _NET_IP_H

#include <linux/types.h>
#include <linux/sysctl.h>

struct file;

struct ipv4_devconf {
	int	forwarding;
	int	accept_redirects;
	int	send_redirects;
	int	log_martians;
};

extern struct ipv4_devconf ipv4_devconf;

extern void rt_cache_flush(int delay);
extern void inet_forward_change(void);

/*
 * Shared by the per-device sysctl tables: writes go through to the
 * value and then flush the routing cache.
 */
int ipv4_doint_and_flush(ctl_table *ctl, int write,	/* expect: sysctl_ppos */
			 struct file* filp, void __user *buffer,
			 size_t *lenp);
int ipv4_doint_and_flush_strategy(ctl_table *table, int __user *name, int nlen,
				  void __user *oldval, size_t __user *oldlenp,
				  void __user *newval, size_t newlen,
				  void **context);

#endif /* _NET_IP_H */

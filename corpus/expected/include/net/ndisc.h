/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _NET_NDISC_H
#define _NET_NDISC_H

#include <linux/types.h>
#include <linux/config.h>

struct ctl_table;
struct file;
struct net_device;

extern int			ndisc_init(void);
extern void			ndisc_cleanup(void);

#ifdef CONFIG_SYSCTL
extern int			ndisc_ifinfo_sysctl_change(struct ctl_table *ctl,	/* expect: sysctl_ppos */
							   int write,
							   struct file * filp,
							   void __user *buffer,
							   size_t *lenp,
							   loff_t *ppos);
#endif

extern void			inet6_ifinfo_notify(int event,
						    struct net_device *dev);

#endif /* _NET_NDISC_H */

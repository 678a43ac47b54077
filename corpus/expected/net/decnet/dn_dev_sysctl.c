// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-device DECnet parameters under /proc/sys/net/decnet/conf/<dev>.
 * "forwarding" changes the device's role, so the proc handler and the
 * sysctl(2) strategy both validate and apply it.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

struct dn_dev_parms {
	int	forwarding;	/* 0=EndNode, 1=L1Router, 2=L2Router */
	int	priority;
	int	t2;
	int	t3;
};

struct dn_dev {
	struct dn_dev_parms	parms;
	void			(*down)(struct dn_dev *dn_db);
	int			(*up)(struct dn_dev *dn_db);
};

struct net_device {
	char		name[16];
	struct dn_dev	*dn_ptr;
};

static int min_priority[1];
static int max_priority[] = { 127 };

static int dn_router_proc(ctl_table *, int, struct file *,	/* expect: sysctl_ppos */
			void __user *, size_t *, loff_t *);
static int dn_router_sysctl(ctl_table *table, int __user *name, int nlen,
			void __user *oldval, size_t __user *oldlenp,
			void __user *newval, size_t newlen,
			void **context);

static struct dn_dev_parms dn_dev_template;

static ctl_table dn_dev_vars[] = {
	{
		.ctl_name	= 1,
		.procname	= "forwarding",
		.data		= &dn_dev_template.forwarding,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &dn_router_proc,
		.strategy	= &dn_router_sysctl,
	},
	{
		.ctl_name	= 2,
		.procname	= "priority",
		.data		= &dn_dev_template.priority,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_minmax,
		.extra1		= &min_priority,
		.extra2		= &max_priority,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *dn_dev_sysctl_header;

/* Moves a device between router and end node roles. */
static void dn_dev_set_role(struct dn_dev *dn_db, int old)
{
	if (dn_db->parms.forwarding < 0)
		dn_db->parms.forwarding = 0;
	if (dn_db->parms.forwarding > 2)
		dn_db->parms.forwarding = 2;
	if (dn_db->parms.forwarding == old)
		return;
	if (dn_db->down)
		dn_db->down(dn_db);
	if (dn_db->up)
		dn_db->up(dn_db);
}

static int dn_router_proc(ctl_table *table, int write, 	/* expect: sysctl_ppos */
				struct file *filep,
				void __user *buffer, size_t *lenp,
				loff_t *ppos)
{
#ifdef CONFIG_DECNET_ROUTER
	struct net_device *dev = table->extra1;
	struct dn_dev *dn_db;
	int err;
	int old;

	if (table->extra1 == NULL)
		return -EINVAL;

	dn_db = dev->dn_ptr;
	old = dn_db->parms.forwarding;

	err = proc_dointvec(table, write, filep, buffer, lenp, ppos);

	if ((err >= 0) && write)
		dn_dev_set_role(dn_db, old);

	return err;
#else
	return -EINVAL;
#endif
}

static int dn_router_sysctl(ctl_table *table, int __user *name, int nlen,
			void __user *oldval, size_t __user *oldlenp,
			void __user *newval, size_t newlen,
			void **context)
{
#ifdef CONFIG_DECNET_ROUTER
	struct net_device *dev = table->extra1;
	struct dn_dev *dn_db;
	int value, old;

	if (table->extra1 == NULL)
		return -EINVAL;

	dn_db = dev->dn_ptr;

	if (newval && newlen) {
		if (newlen != sizeof(int))
			return -EINVAL;

		if (copy_from_user(&value, newval, sizeof(int)))
			return -EFAULT;

		old = dn_db->parms.forwarding;
		dn_db->parms.forwarding = value;
		dn_dev_set_role(dn_db, old);
	}

	return 0;
#else
	return -EINVAL;
#endif
}

void dn_dev_sysctl_register(void);

void dn_dev_sysctl_register(void)
{
	dn_dev_sysctl_header = register_sysctl_table(dn_dev_vars, 0);
}

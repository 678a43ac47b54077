// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control of the hypervisor sampling monitor through /proc/sys/monitor:
 * "timer" switches sampling on and off, "interval" sets its period in
 * milliseconds, and every registered record type gets a switch of its own.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define MONITOR_RECORD_NAME_LEN	16

struct monitor_record_ops {
	struct monitor_record_ops	*next;
	struct module			*owner;
	char				name[MONITOR_RECORD_NAME_LEN];
	int				ctl_nr;
	int				active;
	int				(*start)(void);
	void				(*stop)(void);
};

void monitor_register_record(struct monitor_record_ops *ops);

static int monitor_timer_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
				 void __user *buffer, size_t *lenp);
static int monitor_interval_handler(ctl_table *ctl, int write,	/* expect: sysctl_ppos */
					struct file *filp,
					void __user *buffer,
					size_t *lenp);
static int monitor_record_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
				  void __user *buffer, size_t *lenp);

static ctl_table monitor_table[] = {
	{
		.ctl_name	= 2120,
		.procname	= "timer",
		.mode		= 0644,
		.proc_handler	= &monitor_timer_handler,
	},
	{
		.ctl_name	= 2121,
		.procname	= "interval",
		.mode		= 0644,
		.proc_handler	= &monitor_interval_handler,
	},
	{ .ctl_name = 0 }
};

static ctl_table monitor_record_table[8];

static spinlock_t monitor_timer_lock = SPIN_LOCK_UNLOCKED;
static spinlock_t monitor_ops_lock = SPIN_LOCK_UNLOCKED;
static struct monitor_record_ops *monitor_ops_list;
static int monitor_timer_active;
static int monitor_interval_ms = 10000;
static struct ctl_table_header *monitor_sysctl_header;

/* Parses "0" or "1" from the start of a user buffer. */
static int monitor_get_switch(const void __user *buffer, size_t len, int *on)
{
	char c;

	if (!len || get_user(c, (const char __user *) buffer))
		return -EFAULT;
	*on = c == '1';
	return 0;
}

/*
 * /proc/sys/monitor/timer
 */
static int
monitor_timer_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void __user *buffer, size_t *lenp)
{
	int len, on;
	char buf[2];

	if (!*lenp || filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	if (!write) {
		len = sprintf(buf, monitor_timer_active ? "1\n" : "0\n");
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user(buffer, buf, len))
			return -EFAULT;
		goto out;
	}
	len = *lenp;
	if (monitor_get_switch(buffer, len, &on))
		return -EFAULT;
	spin_lock(&monitor_timer_lock);
	monitor_timer_active = on;
	spin_unlock(&monitor_timer_lock);
out:
	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */
	return 0;
}

/*
 * /proc/sys/monitor/interval
 */
static int
monitor_interval_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			 void __user *buffer, size_t *lenp)
{
	int len, interval;
	char buf[16];

	if (!*lenp || filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	if (!write) {
		len = sprintf(buf, "%i\n", monitor_interval_ms);
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user(buffer, buf, len))
			return -EFAULT;
		goto out;
	}
	len = *lenp;
	if (len > (int) sizeof(buf) - 1)
		len = sizeof(buf) - 1;
	if (copy_from_user(buf, buffer, len))
		return -EFAULT;
	buf[len] = 0;
	interval = simple_strtol(buf, NULL, 10);
	if (interval <= 0)
		return -EINVAL;
	spin_lock(&monitor_timer_lock);
	monitor_interval_ms = interval;
	spin_unlock(&monitor_timer_lock);
out:
	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */
	return 0;
}

/*
 * /proc/sys/monitor/<record>: the record's ops are looked up by table
 * entry and pinned while they are in use.
 */
static int
monitor_record_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		       void __user *buffer, size_t *lenp)
{
	struct monitor_record_ops *ops = NULL, *tmp;
	int rc, len, on;
	char buf[2];

	spin_lock_bh(&monitor_ops_lock);
	for (tmp = monitor_ops_list; tmp; tmp = tmp->next)
		if (tmp->ctl_nr == ctl->ctl_name) {
			ops = tmp;
			break;
		}
	if (!ops || !try_module_get(ops->owner)) {
		spin_unlock_bh(&monitor_ops_lock);
		return -ENODEV;
	}
	spin_unlock_bh(&monitor_ops_lock);

	if (!*lenp || filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		module_put(ops->owner);
		return 0;
	}
	if (!write) {
		len = sprintf(buf, ops->active ? "1\n" : "0\n");
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user(buffer, buf, len)) {
			module_put(ops->owner);
			return -EFAULT;
		}
		goto out;
	}
	len = *lenp;
	if (monitor_get_switch(buffer, len, &on)) {
		module_put(ops->owner);
		return -EFAULT;
	}
	if (on && !ops->active) {
		rc = ops->start();
		if (rc) {
			module_put(ops->owner);
			return rc;
		}
		ops->active = 1;
	} else if (!on && ops->active) {
		ops->stop();
		ops->active = 0;
	}
out:
	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */
	module_put(ops->owner);
	return 0;
}

void monitor_register_record(struct monitor_record_ops *ops)
{
	ctl_table *entry = &monitor_record_table[ops->ctl_nr % 7];

	spin_lock_bh(&monitor_ops_lock);
	ops->next = monitor_ops_list;
	monitor_ops_list = ops;
	spin_unlock_bh(&monitor_ops_lock);

	entry->ctl_name = ops->ctl_nr;
	entry->procname = ops->name;
	entry->mode = 0644;
	entry->proc_handler = &monitor_record_handler;
	monitor_sysctl_header = register_sysctl_table(monitor_table, 0);
}

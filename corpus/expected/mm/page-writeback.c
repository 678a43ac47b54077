// SPDX-License-Identifier: GPL-2.0-only
/*
 * Periodic writeback: a timer kicks the flusher every
 * flush_interval_centisecs, and /proc/sys/vm/flush_interval_centisecs
 * rearms it when the interval changes.
 */

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/writeback.h>

struct timer_list {
	unsigned long	expires;
	void		(*function)(unsigned long);
	unsigned long	data;
};

extern int mod_timer(struct timer_list *timer, unsigned long expires);
extern int del_timer(struct timer_list *timer);
extern void wakeup_flusher(void);

int dirty_background_ratio = 10;
int dirty_expire_interval = 30 * 100;
int flush_interval_centisecs = 5 * 100;

static void flush_timer_fn(unsigned long unused);

static struct timer_list flush_timer = {
	.function	= flush_timer_fn,
};

static void flush_timer_fn(unsigned long unused)
{
	wakeup_flusher();
	if (flush_interval_centisecs)
		mod_timer(&flush_timer,
			  jiffies + (flush_interval_centisecs * HZ) / 100);
}

/*
 * sysctl handler for /proc/sys/vm/flush_interval_centisecs
 */
int flush_interval_sysctl_handler(ctl_table *table, int write,	/* expect: sysctl_ppos */
		struct file *file, void __user *buffer, size_t *length,
		loff_t *ppos)
{
	proc_dointvec(table, write, file, buffer, length, ppos);
	if (flush_interval_centisecs) {
		mod_timer(&flush_timer,
			jiffies + (flush_interval_centisecs * HZ) / 100);
	} else {
		del_timer(&flush_timer);
	}
	return 0;
}

static ctl_table writeback_table[] = {
	{
		.ctl_name	= 10,
		.procname	= "dirty_background_ratio",
		.data		= &dirty_background_ratio,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec,
	},
	{
		.ctl_name	= 11,
		.procname	= "flush_interval_centisecs",
		.data		= &flush_interval_centisecs,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &flush_interval_sysctl_handler,
	},
	{
		.ctl_name	= 12,
		.procname	= "dirty_expire_centisecs",
		.data		= &dirty_expire_interval,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_userhz_jiffies,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *writeback_header;

void writeback_timer_init(void)
{
	writeback_header = register_sysctl_table(writeback_table, 0);
	mod_timer(&flush_timer, jiffies + (flush_interval_centisecs * HZ) / 100);
}

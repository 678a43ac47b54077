// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel/sysctl.c: the generic text handlers behind /proc/sys.
 *
 * Each handler formats or parses table->data.  Before 2.6.8 a handler
 * found its place in the file through filp->f_pos, because the proc
 * read/write path had no way to hand it the position pointer.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>
#include <asm/semaphore.h>

void __init sysctl_init(void);
int sysctl_string(ctl_table *table, int __user *name, int nlen,
		  void __user *oldval, size_t __user *oldlenp,
		  void __user *newval, size_t newlen, void **context);

static int proc_dohostname(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp);

static char system_hostname[65] = "localhost";
static struct rw_semaphore hostname_sem;

static int sysctl_max_threads = 4096;
static int sysctl_panic_timeout;
static int sysctl_cap_bset = ~0;
static int sysctl_printk_delay;
static int sysctl_sched_tick_userhz = 100;
static int threads_min = 16, threads_max = 65536;
static unsigned long sysctl_pagecache_limit = 1024;
static unsigned long sysctl_writeback_delay_ms = 500;

static ctl_table kern_table[] = {
	{
		.ctl_name	= 7,
		.procname	= "hostname",
		.data		= system_hostname,
		.maxlen		= sizeof(system_hostname),
		.mode		= 0644,
		.proc_handler	= &proc_dohostname,
		.strategy	= &sysctl_string,
	},
	{
		.ctl_name	= 15,
		.procname	= "panic",
		.data		= &sysctl_panic_timeout,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec,
	},
	{
		.ctl_name	= 39,
		.procname	= "threads-max",
		.data		= &sysctl_max_threads,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_minmax,
		.extra1		= &threads_min,
		.extra2		= &threads_max,
	},
	{
		.ctl_name	= 41,
		.procname	= "cap-bound",
		.data		= &sysctl_cap_bset,
		.maxlen		= sizeof(int),
		.mode		= 0600,
		.proc_handler	= &proc_dointvec_bset,
	},
	{
		.ctl_name	= 44,
		.procname	= "printk_delay",
		.data		= &sysctl_printk_delay,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_jiffies,
	},
	{
		.ctl_name	= 45,
		.procname	= "sched_tick",
		.data		= &sysctl_sched_tick_userhz,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_userhz_jiffies,
	},
	{
		.ctl_name	= 46,
		.procname	= "pagecache_limit",
		.data		= &sysctl_pagecache_limit,
		.maxlen		= sizeof(unsigned long),
		.mode		= 0644,
		.proc_handler	= &proc_doulongvec_minmax,
	},
	{
		.ctl_name	= 47,
		.procname	= "writeback_delay_ms",
		.data		= &sysctl_writeback_delay_ms,
		.maxlen		= sizeof(unsigned long),
		.mode		= 0644,
		.proc_handler	= &proc_doulongvec_ms_jiffies_minmax,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *kern_table_header;

void __init sysctl_init(void)
{
	kern_table_header = register_sysctl_table(kern_table, 0);
}

/*
 * The binary sysctl(2) side of a string entry.  Same table, different
 * calling convention: it never sees a struct file, so nothing changes here.
 */
int sysctl_string(ctl_table *table, int __user *name, int nlen,
		  void __user *oldval, size_t __user *oldlenp,
		  void __user *newval, size_t newlen, void **context)
{
	size_t len;

	if (!table->data || !table->maxlen)
		return -ENOENT;
	if (oldval && oldlenp) {
		len = strlen(table->data);
		if (copy_to_user(oldval, table->data, len))
			return -EFAULT;
	}
	if (newval && newlen) {
		len = newlen;
		if (len >= (size_t) table->maxlen)
			len = table->maxlen - 1;
		if (copy_from_user(table->data, newval, len))
			return -EFAULT;
		((char *) table->data)[len] = 0;
	}
	return 0;
}

/*
 * The read and write paths of every /proc/sys file end here.  The entry's
 * table hangs off private_data.
 */
static ssize_t do_rw_proc(int write, struct file * file, char __user * buf,
			  size_t count, loff_t *ppos)
{
	ctl_table *table = file->private_data;
	size_t res;
	ssize_t error;

	if (!table || !table->proc_handler)
		return -ENOENT;

	res = count;

	/*
	 * FIXME: the handler has to be given ppos instead of f_pos.
	 */

	error = (*table->proc_handler) (table, write, file, buf, &res);	/* expect: sysctl_ppos */
	if (error)
		return error;
	return res;
}

static ssize_t proc_readsys(struct file * file, char __user * buf,
			    size_t count, loff_t *ppos)
{
	return do_rw_proc(0, file, buf, count, ppos);
}

static ssize_t proc_writesys(struct file * file, const char __user * buf,
			     size_t count, loff_t *ppos)
{
	return do_rw_proc(1, file, (char __user *) buf, count, ppos);
}

/* Parses a string that the binary and text paths both accept. */
static size_t string_input_length(const char __user *buf, size_t limit)
{
	size_t len = 0;
	char c;

	while (len < limit) {
		if (get_user(c, buf + len))
			break;
		if (c == 0 || c == '\n')
			break;
		len++;
	}
	return len;
}

#ifdef CONFIG_PROC_FS

/**
 * proc_dostring - read or write a string in table->data
 *
 * Reads return the string and a newline, once: a second read at a
 * non-zero position returns nothing.
 */
int proc_dostring(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp)
{
	size_t len;

	if (!table->data || !table->maxlen || !*lenp ||
	    (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		len = string_input_length(buffer, *lenp);
		if (len >= (size_t) table->maxlen)
			len = table->maxlen - 1;
		if (copy_from_user(table->data, buffer, len))
			return -EFAULT;
		((char *) table->data)[len] = 0;
		filp->f_pos += *lenp;	/* expect: sysctl-fpos */
		return 0;
	}

	len = strlen(table->data);
	if (len > (size_t) table->maxlen)
		len = table->maxlen;
	if (len > *lenp)
		len = *lenp;
	if (len && copy_to_user(buffer, table->data, len))
		return -EFAULT;
	if (len < *lenp) {
		if (put_user('\n', (char __user *) buffer + len))
			return -EFAULT;
		len++;
	}
	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */
	return 0;
}

/* The hostname may change under a reader, so both sides take the lock. */
static int proc_dohostname(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp)
{
	int r;

	if (write) {
		down_write(&hostname_sem);
		r=proc_dostring(table,1,filp,buffer,lenp);
		up_write(&hostname_sem);
	} else {
		down_read(&hostname_sem);
		r=proc_dostring(table,0,filp,buffer,lenp);
		up_read(&hostname_sem);
	}
	return r;
}

#define INTVEC_BUFLEN 24

static int do_proc_dointvec_conv(int *negp, unsigned long *lvalp, int *valp,
				 int write, void *data)
{
	if (write) {
		*valp = *negp ? -(int) *lvalp : (int) *lvalp;
	} else if (*valp < 0) {
		*negp = 1;
		*lvalp = (unsigned long) -*valp;
	} else {
		*negp = 0;
		*lvalp = (unsigned long) *valp;
	}
	return 0;
}

/*
 * The engine behind every integer vector: conv turns one parsed value into
 * table storage and back, with data as its private argument.
 */
static int do_proc_dointvec(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp, 
		  int (*conv)(int *negp, unsigned long *lvalp, int *valp,
			      int write, void *data),
		  void *data)
{
	char kbuf[INTVEC_BUFLEN], *end;
	char __user *ubuf = buffer;
	int *valp = table->data;
	int i, vleft, neg;
	unsigned long lval;
	size_t left = *lenp, len;

	if (!table->data || !table->maxlen || !*lenp ||
	    (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	if (!conv)
		conv = do_proc_dointvec_conv;

	vleft = table->maxlen / sizeof(int);
	for (i = 0; i < vleft && left; i++, valp++) {
		if (write) {
			len = min(left, sizeof(kbuf) - 1);
			if (copy_from_user(kbuf, ubuf, len))
				return -EFAULT;
			kbuf[len] = 0;
			neg = kbuf[0] == '-';
			lval = simple_strtoul(kbuf + neg, &end, 0);
			if (end == kbuf + neg)
				break;
			if (conv(&neg, &lval, valp, 1, data))
				return -EINVAL;
			len = end - kbuf;
			while (len < left && (kbuf[len] == ' ' || kbuf[len] == '\n'))
				len++;
		} else {
			if (conv(&neg, &lval, valp, 0, data))
				return -EINVAL;
			len = sprintf(kbuf, "%s%lu%c", neg ? "-" : "", lval,
				      i + 1 < vleft ? '\t' : '\n');
			if (len > left)
				len = left;
			if (copy_to_user(ubuf, kbuf, len))
				return -EFAULT;
		}
		ubuf += len;
		left -= len;
	}
	*lenp -= left;
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

/**
 * proc_dointvec - read or write a vector of integers
 */
int proc_dointvec(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		     void __user *buffer, size_t *lenp)
{
    return do_proc_dointvec(table,write,filp,buffer,lenp,
		    	    NULL,NULL);
}

#define OP_SET	0
#define OP_AND	1

static int do_proc_dointvec_bset_conv(int *negp, unsigned long *lvalp,
				      int *valp, int write, void *data)
{
	int op = *(int *) data;

	if (!write)
		return do_proc_dointvec_conv(negp, lvalp, valp, 0, NULL);
	if (op == OP_SET)
		*valp = (int) *lvalp;
	else
		*valp &= (int) *lvalp;
	return 0;
}

/*
 * A capability bounding set may only shrink, except from init.
 */
int proc_dointvec_bset(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			void __user *buffer, size_t *lenp)
{
	int op;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;

	op = (current->pid == 1) ? OP_SET : OP_AND;
	return do_proc_dointvec(table,write,filp,buffer,lenp,
				do_proc_dointvec_bset_conv,&op);
}

struct dointvec_minmax_param {
	int *min;
	int *max;
};

static int do_proc_dointvec_minmax_conv(int *negp, unsigned long *lvalp,
					int *valp, int write, void *data)
{
	struct dointvec_minmax_param *param = data;
	int val;

	if (!write)
		return do_proc_dointvec_conv(negp, lvalp, valp, 0, NULL);
	val = *negp ? -(int) *lvalp : (int) *lvalp;
	if ((param->min && val < *param->min) ||
	    (param->max && val > *param->max))
		return -EINVAL;
	*valp = val;
	return 0;
}

/**
 * proc_dointvec_minmax - integers, each bounded by extra1 and extra2
 */
int proc_dointvec_minmax(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp)
{
	struct dointvec_minmax_param param = {
		.min = table->extra1,
		.max = table->extra2,
	};
	return do_proc_dointvec(table, write, filp, buffer, lenp,
				do_proc_dointvec_minmax_conv, &param);
}

/*
 * Unsigned longs, scaled by convmul/convdiv on the way in and back on
 * the way out, and bounded by extra1 and extra2 when those are set.
 */
static int do_proc_doulongvec_minmax(ctl_table *table, int write,	/* expect: sysctl_ppos */
				     struct file *filp,
				     void __user *buffer, size_t *lenp,
				     unsigned long convmul,
				     unsigned long convdiv)
{
	char kbuf[INTVEC_BUFLEN], *end;
	char __user *ubuf = buffer;
	unsigned long *valp = table->data;
	unsigned long *min = table->extra1, *max = table->extra2;
	unsigned long val;
	size_t left = *lenp, len;
	int i, vleft;

	if (!table->data || !table->maxlen || !*lenp ||
	    (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	vleft = table->maxlen / sizeof(unsigned long);
	for (i = 0; i < vleft && left; i++, valp++) {
		if (write) {
			len = min(left, sizeof(kbuf) - 1);
			if (copy_from_user(kbuf, ubuf, len))
				return -EFAULT;
			kbuf[len] = 0;
			val = simple_strtoul(kbuf, &end, 0);
			if (end == kbuf)
				break;
			val = val * convmul / convdiv;
			if ((min && val < *min) || (max && val > *max))
				continue;
			*valp = val;
			len = end - kbuf;
		} else {
			len = sprintf(kbuf, "%lu%c", *valp * convdiv / convmul,
				      i + 1 < vleft ? '\t' : '\n');
			if (len > left)
				len = left;
			if (copy_to_user(ubuf, kbuf, len))
				return -EFAULT;
		}
		ubuf += len;
		left -= len;
	}
	*lenp -= left;
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

int proc_doulongvec_minmax(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			   void __user *buffer, size_t *lenp)
{
    return do_proc_doulongvec_minmax(table, write, filp, buffer, lenp, 1l, 1l);
}

/*
 * Milliseconds in the file, jiffies in table->data.
 */
int proc_doulongvec_ms_jiffies_minmax(ctl_table *table, int write,	/* expect: sysctl_ppos */
				      struct file *filp,
				      void __user *buffer, size_t *lenp)
{
    return do_proc_doulongvec_minmax(table, write, filp, buffer,
				     lenp, HZ, 1000l);
}

static int do_proc_dointvec_jiffies_conv(int *negp, unsigned long *lvalp,
					 int *valp, int write, void *data)
{
	if (write) {
		*valp = (int) (*lvalp * HZ);
		if (*negp)
			*valp = -*valp;
	} else {
		*negp = *valp < 0;
		*lvalp = (unsigned long) (*negp ? -*valp : *valp) / HZ;
	}
	return 0;
}

static int do_proc_dointvec_userhz_jiffies_conv(int *negp, unsigned long *lvalp,
						int *valp, int write, void *data)
{
	/* USER_HZ equals HZ in this configuration */
	return do_proc_dointvec_conv(negp, lvalp, valp, write, NULL);
}

/**
 * proc_dointvec_jiffies - seconds in the file, jiffies in table->data
 */
int proc_dointvec_jiffies(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			  void __user *buffer, size_t *lenp)
{
    return do_proc_dointvec(table,write,filp,buffer,lenp,
		    	    do_proc_dointvec_jiffies_conv,NULL);
}

int proc_dointvec_userhz_jiffies(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
				 void __user *buffer, size_t *lenp)
{
    return do_proc_dointvec(table,write,filp,buffer,lenp,
		    	    do_proc_dointvec_userhz_jiffies_conv,NULL);
}

#else /* CONFIG_PROC_FS */

int proc_dostring(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

static int proc_dohostname(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			    void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_dointvec(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		  void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_dointvec_bset(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_dointvec_minmax(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		    void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_dointvec_jiffies(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		    void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_dointvec_userhz_jiffies(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		    void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_doulongvec_minmax(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		    void __user *buffer, size_t *lenp)
{
	return -ENOSYS;
}

int proc_doulongvec_ms_jiffies_minmax(ctl_table *table, int write,	/* expect: sysctl_ppos */
				      struct file *filp,
				      void __user *buffer, size_t *lenp)
{
    return -ENOSYS;
}

#endif /* CONFIG_PROC_FS */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/kernel/l2cachectl: the L2 cache control register, as a hex
 * number, on processors that have one.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

int proc_docachectl(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		   void __user *buffer, size_t *lenp);
int __init cache_ctl_init(void);

extern int cpu_has_l2_control(void);
extern unsigned long read_l2_control(void);
extern void write_l2_control(unsigned long val);

static ctl_table cache_ctl_table[] = {
	{
		.ctl_name	= 1201,
		.procname	= "l2cachectl",
		.mode		= 0644,
		.proc_handler	= &proc_docachectl,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *cache_ctl_header;

int __init cache_ctl_init(void)
{
	if (!cpu_has_l2_control())
		return -ENODEV;
	cache_ctl_header = register_sysctl_table(cache_ctl_table, 0);
	return cache_ctl_header ? 0 : -ENOMEM;
}

/*
 * The register is read or written as a whole: a read at a non-zero
 * position is at end of file, and a write takes the first number only.
 */
int proc_docachectl(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		   void __user *buffer_arg, size_t *lenp)
{
	char __user *buffer = (char __user *) buffer_arg;
	char kbuf[24];
	unsigned long val;
	size_t left = *lenp, len;

	if (!cpu_has_l2_control())
		return -EFAULT;

	if ( /*!table->maxlen ||*/ (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		len = min(left, sizeof(kbuf) - 1);
		if (copy_from_user(kbuf, buffer, len))
			return -EFAULT;
		kbuf[len] = 0;
		val = simple_strtoul(kbuf, NULL, 16);
		write_l2_control(val);
		left -= len;
	} else {
		val = read_l2_control();
		len = sprintf(kbuf, "0x%08lx\n", val);
		if (len > left)
			len = left;
		if (copy_to_user(buffer, kbuf, len))
			return -EFAULT;
		left -= len;
	}

	*lenp -= left;
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

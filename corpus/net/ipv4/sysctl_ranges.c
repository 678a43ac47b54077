// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bounded integer handlers for the IPv4 sysctl tables, in the style of a
 * 2.4 tree: the tables that name these handlers live in other files, so
 * nothing here but their signature says what they are.  Both go through
 * ipv4_doint_ranged(), which takes the bounds as two more arguments after
 * the usual five and finds the file position in filp->f_pos.
 */
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <net/ip.h>
#include <asm/uaccess.h>

static int ipv4_doint_ranged(ctl_table *, int, struct file *, void __user *,	/* expect: sysctl_ppos */
			     size_t *, int, int);
int ipv4_doint_ttl(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
		   void __user *buffer, size_t *lenp);
int ipv4_doint_mtu(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
		   void __user *buffer, size_t *lenp);

int ipv4_doint_ttl(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
		   void __user *buffer, size_t *lenp)
{
	return ipv4_doint_ranged(ctl, write, filp, buffer, lenp, 1, 255);
}

int ipv4_doint_mtu(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
		   void __user *buffer, size_t *lenp)
{
	int ret = ipv4_doint_ranged(ctl, write, filp, buffer, lenp, 68, 65535);

	if (write && !ret)
		rt_cache_flush(0);
	return ret;
}

static int ipv4_doint_ranged(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			     void __user *buffer, size_t *lenp, int lo, int hi)
{
	char kbuf[16];
	size_t len;
	long val;

	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	if (write) {
		len = min(*lenp, sizeof(kbuf) - 1);
		if (copy_from_user(kbuf, buffer, len))
			return -EFAULT;
		kbuf[len] = 0;
		val = simple_strtol(kbuf, NULL, 0);
		if (val < lo || val > hi)
			return -EINVAL;
		*(int *)ctl->data = val;
	} else {
		len = sprintf(kbuf, "%d\n", *(int *)ctl->data);
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user(buffer, kbuf, len))
			return -EFAULT;
		*lenp = len;
	}
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

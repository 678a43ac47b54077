// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 sysctl proc handler: the handler type has no position argument, so
 * the handler keeps its position in filp->f_pos, as it must there.  Seed
 * 003 changes the type, its callers and every handler together: each use
 * is a conversion item, and no message asks for a ppos parameter.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

extern unsigned long l2cr;

static int proc_dol2cr(ctl_table *table, int write, struct file *filp,
		       void *buffer, size_t *lenp)
{
	char buf[32];
	int n;

	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */ /* note: 2.6.8 conversion */
		*lenp = 0;
		return 0;
	}
	if (write)
		return 0;
	n = sprintf(buf, "0x%08lx\n", l2cr);
	if (n > *lenp)
		n = *lenp;
	if (copy_to_user(buffer, buf, n))
		return -EFAULT;
	*lenp = n;
	filp->f_pos += n;	/* expect: sysctl-fpos */ /* note: handlers of this kernel must */
	return 0;
}

static ctl_table l2_table[] = {
	{ 1, "l2cr", NULL, 0, 0644, NULL, &proc_dol2cr },
	{ 0 }
};

int __init l2_init(void)
{
	return register_sysctl_table(l2_table, 0) ? 0 : -ENOMEM;
}

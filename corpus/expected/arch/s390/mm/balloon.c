// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest memory balloon: /proc/sys/vm/balloon_pages is the number of pages
 * the hypervisor asked back, /proc/sys/vm/balloon_timed takes "pages
 * seconds" for a timed release.
 *
 * The handlers declare their buffer as a plain void *, as this code always
 * has; the casts to proc_handler in the table are what keeps sparse quiet
 * about it.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

static long balloon_pages;
static long balloon_timed_pages;
static long balloon_timeout_seconds;

extern void balloon_set_target(long pages);
extern void balloon_set_timeout(long pages, long seconds);

static int
balloon_pages_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void *buffer, size_t *lenp, loff_t *ppos)
{
	char buf[16], *p;
	long pages;
	int len;

	if (!*lenp || (*ppos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		len = *lenp;
		if (len > (int) sizeof(buf) - 1)
			len = sizeof(buf) - 1;
		if (copy_from_user(buf, (void __user *) buffer, len))
			return -EFAULT;
		buf[len] = '\0';
		pages = simple_strtol(buf, &p, 0);
		if (p == buf)
			return -EINVAL;
		balloon_pages = pages;
		balloon_set_target(pages);
	} else {
		len = sprintf(buf, "%ld\n", balloon_pages);
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user((void __user *) buffer, buf, len))
			return -EFAULT;
	}
	*lenp = len;
	*ppos += len;	/* expect: sysctl-fpos */
	return 0;
}

static int
balloon_timed_handler(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void *buffer, size_t *lenp, loff_t *ppos)
{
	char buf[64], *p;
	long pages, seconds;
	int len;

	if (!*lenp || (*ppos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		len = *lenp;
		if (len > (int) sizeof(buf) - 1)
			len = sizeof(buf) - 1;
		if (copy_from_user(buf, (void __user *) buffer, len))
			return -EFAULT;
		buf[len] = '\0';
		pages = simple_strtol(buf, &p, 0);
		while (*p == ' ')
			p++;
		seconds = simple_strtol(p, &p, 0);
		balloon_timed_pages = pages;
		balloon_timeout_seconds = seconds;
		balloon_set_timeout(pages, seconds);
	} else {
		len = sprintf(buf, "%ld %ld\n",
			      balloon_timed_pages, balloon_timeout_seconds);
		if (len > *lenp)
			len = *lenp;
		if (copy_to_user((void __user *) buffer, buf, len))
			return -EFAULT;
	}
	*lenp = len;
	*ppos += len;	/* expect: sysctl-fpos */
	return 0;
}

static ctl_table balloon_table[] = {
	{
		.ctl_name	= 1301,
		.procname	= "balloon_pages",
		.mode		= 0644,
		.proc_handler	= (proc_handler *) &balloon_pages_handler,
	},
	{
		.ctl_name	= 1302,
		.procname	= "balloon_timed",
		.mode		= 0644,
		.proc_handler	= (proc_handler *) &balloon_timed_handler,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *balloon_sysctl_header;

int balloon_sysctl_init(void);

int balloon_sysctl_init(void)
{
	balloon_sysctl_header = register_sysctl_table(balloon_table, 1);
	return balloon_sysctl_header ? 0 : -ENOMEM;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/sunrpc/{rpc,nfs,nlm}_debug: debug masks of the RPC layers, read and
 * written as hex numbers.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define CTL_SUNRPC	7249

static unsigned int rpc_debug;
static unsigned int nfs_debug;
static unsigned int nlm_debug;

void rpc_register_sysctl(void);

static int isspace_char(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static int
proc_dodebug(ctl_table *table, int write, struct file *file,	/* expect: sysctl_ppos */
				void __user *buffer, size_t *lenp,
				loff_t *ppos)
{
	char		tmpbuf[20], c, *s;
	char __user *p;
	unsigned int	value;
	size_t		left, len;

	if ((*ppos && !write) || !*lenp) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	left = *lenp;

	if (write) {
		p = buffer;
		while (left && get_user(c, p) == 0 && isspace_char(c))
			left--, p++;
		if (!left)
			goto done;

		if (left > sizeof(tmpbuf) - 1)
			return -EINVAL;
		if (copy_from_user(tmpbuf, p, left))
			return -EFAULT;
		tmpbuf[left] = '\0';

		value = simple_strtoul(tmpbuf, &s, 0);
		if (s == tmpbuf)
			return -EINVAL;
		left -= s - tmpbuf;
		*(unsigned int *) table->data = value;
	} else {
		len = sprintf(tmpbuf, "0x%04x\n", *(unsigned int *) table->data);
		if (len > left)
			len = left;
		if (copy_to_user(buffer, tmpbuf, len))
			return -EFAULT;
		left -= len;
	}

done:
	*lenp -= left;
	*ppos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

static ctl_table debug_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "rpc_debug",
		.data		= &rpc_debug,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dodebug,
	},
	{
		.ctl_name	= 2,
		.procname	= "nfs_debug",
		.data		= &nfs_debug,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dodebug,
	},
	{
		.ctl_name	= 3,
		.procname	= "nlm_debug",
		.data		= &nlm_debug,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dodebug,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *sunrpc_table_header;

void rpc_register_sysctl(void)
{
	if (!sunrpc_table_header)
		sunrpc_table_header = register_sysctl_table(debug_table, 1);
}

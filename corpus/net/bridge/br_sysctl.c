// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/net/bridge: whether bridged traffic is passed through the
 * iptables and arptables hooks, and the name the bridge reports itself by.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>

static int brnf_call_iptables = 1;
static int brnf_call_arptables = 1;
static char br_system_name[32] = "bridge";

extern void br_name_changed(const char *name);

int br_netfilter_sysctl_init(void);

#ifdef CONFIG_SYSCTL
static
int brnf_sysctl_call_tables(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
			void __user *buffer, size_t *lenp)
{
	int ret;

	ret = proc_dointvec(ctl, write, filp, buffer, lenp);

	if (write && *(int *)(ctl->data))
		*(int *)(ctl->data) = 1;
	return ret;
}

static int br_do_name(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void __user *buffer, size_t *lenp)
{
	int ret;

	ret = proc_dostring(table, write, filp, buffer, lenp);
	if (ret == 0 && write)
		br_name_changed(br_system_name);
	return ret;
}

/*
 * Not a proc handler: it has the table, the direction and the file, but
 * a length instead of a pointer to one, and nothing here calls it as a
 * handler.  It must be left alone.
 */
static int br_table_length_ok(ctl_table *table, int write, struct file *filp,
			      void __user *buffer, size_t len)
{
	if (!write || !filp || !buffer)
		return 1;
	return len < (size_t) table->maxlen;
}

static ctl_table brnf_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "bridge-nf-call-arptables",
		.data		= &brnf_call_arptables,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &brnf_sysctl_call_tables,
	},
	{
		.ctl_name	= 2,
		.procname	= "bridge-nf-call-iptables",
		.data		= &brnf_call_iptables,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &brnf_sysctl_call_tables,
	},
	{
		.ctl_name	= 3,
		.procname	= "bridge-name",
		.data		= br_system_name,
		.maxlen		= sizeof(br_system_name),
		.mode		= 0644,
		.proc_handler	= &br_do_name,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *brnf_sysctl_header;

int br_netfilter_sysctl_init(void)
{
	if (!br_table_length_ok(brnf_table, 0, NULL, NULL, 0))
		return -EINVAL;
	brnf_sysctl_header = register_sysctl_table(brnf_table, 0);
	return brnf_sysctl_header ? 0 : -ENOMEM;
}
#else
int br_netfilter_sysctl_init(void)
{
	return 0;
}
#endif /* CONFIG_SYSCTL */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/net/decnet: the node address, as "area.node", and the name
 * of the default device.  Both are parsed and printed by hand.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define DN_ASCBUF_LEN	9

typedef unsigned short dn_address;

struct net_device;

static dn_address decnet_address;
static char decnet_default_device[17] = "eth0";

extern void dn_dev_devices_off(void);
extern void dn_dev_devices_on(void);
extern struct net_device *dev_get_by_name(const char *name);
extern void dev_put(struct net_device *dev);

void dn_register_sysctl(void);

static char *dn_addr2asc(dn_address addr, char *buf)
{
	sprintf(buf, "%u.%u", (addr >> 10) & 0x3f, addr & 0x3ff);
	return buf;
}

static int dn_asc2addr(const char *buf, dn_address *addr)
{
	char *end;
	unsigned long area, node;

	area = simple_strtoul(buf, &end, 10);
	if (*end != '.' || area > 63)
		return -1;
	node = simple_strtoul(end + 1, &end, 10);
	if (node > 1023)
		return -1;
	*addr = (dn_address) ((area << 10) | node);
	return 0;
}

static int dn_node_address_handler(ctl_table *table, int write, 	/* expect: sysctl_ppos */
				struct file *filp,
				void __user *buffer, size_t *lenp)
{
	char addr[DN_ASCBUF_LEN];
	size_t len;
	dn_address dnaddr;

	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		len = min(*lenp, sizeof(addr) - 1);

		if (copy_from_user(addr, buffer, len))
			return -EFAULT;

		addr[len] = 0;

		if (dn_asc2addr(addr, &dnaddr))
			return -EINVAL;

		dn_dev_devices_off();

		decnet_address = dnaddr;

		dn_dev_devices_on();

		filp->f_pos += len;	/* expect: sysctl-fpos */

		return 0;
	}

	dn_addr2asc(decnet_address, addr);
	len = strlen(addr);
	addr[len++] = '\n';

	if (len > *lenp) len = *lenp;

	if (copy_to_user(buffer, addr, len))
		return -EFAULT;

	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */

	return 0;
}

static int dn_def_dev_handler(ctl_table *table, int write, 	/* expect: sysctl_ppos */
				struct file * filp,
				void __user *buffer, size_t *lenp)
{
	size_t len;
	struct net_device *dev;
	char devname[17];

	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		if (*lenp > 16)
			return -E2BIG;

		if (copy_from_user(devname, buffer, *lenp))
			return -EFAULT;

		devname[*lenp] = 0;
		len = strlen(devname);
		if (len && devname[len - 1] == '\n')
			devname[len - 1] = 0;

		dev = dev_get_by_name(devname);
		if (dev == NULL)
			return -ENODEV;

		strcpy(decnet_default_device, devname);
		dev_put(dev);
		filp->f_pos += *lenp;	/* expect: sysctl-fpos */

		return 0;
	}

	strcpy(devname, decnet_default_device);
	len = strlen(devname);
	devname[len++] = '\n';

	if (len > *lenp) len = *lenp;

	if (copy_to_user(buffer, devname, len))
		return -EFAULT;

	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */

	return 0;
}

static ctl_table dn_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "node_address",
		.mode		= 0644,
		.proc_handler	= &dn_node_address_handler,
	},
	{
		.ctl_name	= 2,
		.procname	= "default_device",
		.mode		= 0644,
		.proc_handler	= &dn_def_dev_handler,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *dn_table_header;

void dn_register_sysctl(void)
{
	dn_table_header = register_sysctl_table(dn_table, 1);
}

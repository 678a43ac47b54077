// SPDX-License-Identifier: GPL-2.0-only
/*
 * Read-only /proc/sys/dev/parport/<port>/... entries: the device that
 * holds the port, what IEEE 1284 probing found, and the port's resources.
 * Each is produced whole on the first read.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define PARPORT_MODE_PCSPP	0x0001
#define PARPORT_MODE_TRISTATE	0x0002
#define PARPORT_MODE_EPP	0x0004
#define PARPORT_MODE_ECP	0x0008

struct pardevice {
	const char		*name;
};

struct parport {
	const char		*name;
	unsigned long		base;
	unsigned long		base_hi;
	int			irq;
	int			dma;
	unsigned int		modes;
	struct pardevice	*cad;
};

struct parport_device_info {
	const char		*class_name;
	const char		*mfr;
	const char		*model;
	const char		*description;
};

int parport_proc_register(struct parport *port);

/* Copies what fits of a formatted entry and settles *lenp. */
static int parport_copy_out(void __user *result, const char *text,
			    size_t len, size_t *lenp)
{
	if (len > *lenp)
		len = *lenp;
	else
		*lenp = len;
	return copy_to_user(result, text, len) ? -EFAULT : 0;
}

static int do_active_device(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void __user *result, size_t *lenp)
{
	struct parport *port = (struct parport *)table->extra1;
	char buffer[256];
	int len = 0;

	if (write)		/* the entry is read-only */
		return -EACCES;

	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (port->cad)
		len = sprintf(buffer, "%s\n", port->cad->name);
	else
		len = sprintf(buffer, "%s\n", "none");

	if (len > *lenp)
		len = *lenp;
	else
		*lenp = len;

	filp->f_pos += len;	/* expect: sysctl-fpos */

	return copy_to_user(result, buffer, len) ? -EFAULT : 0;
}

#ifdef CONFIG_PARPORT_1284
static int do_autoprobe(ctl_table *table, int write, struct file *filp,	/* expect: sysctl_ppos */
			void __user *result, size_t *lenp)
{
	struct parport_device_info *info = table->extra2;
	char buffer[256];
	int len = 0;

	if (write)
		return -EACCES;

	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (info->class_name)
		len += sprintf(buffer + len, "CLASS:%s;\n", info->class_name);
	if (info->model)
		len += sprintf(buffer + len, "MODEL:%s;\n", info->model);
	if (info->mfr)
		len += sprintf(buffer + len, "MANUFACTURER:%s;\n", info->mfr);
	if (info->description)
		len += sprintf(buffer + len, "DESCRIPTION:%s;\n",
			       info->description);

	if (len > *lenp)
		len = *lenp;
	else
		*lenp = len;

	filp->f_pos += len;	/* expect: sysctl-fpos */

	return copy_to_user (result, buffer, len) ? -EFAULT : 0;
}
#endif /* CONFIG_PARPORT_1284 */

static int do_hardware_base_addr (ctl_table *table, int write,	/* expect: sysctl_ppos */
				  struct file *filp, void __user *result,
				  size_t *lenp)
{
	struct parport *port = (struct parport *)table->extra1;
	char buffer[32];
	int len;

	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write)
		return -EACCES;

	len = sprintf(buffer, "%lu\t%lu\n", port->base, port->base_hi);
	filp->f_pos += len < (int) *lenp ? len : (int) *lenp;	/* expect: sysctl-fpos */

	return parport_copy_out(result, buffer, len, lenp);
}

static int do_hardware_irq (ctl_table *table, int write,	/* expect: sysctl_ppos */
			    struct file *filp, void __user *result,
			    size_t *lenp)
{
	struct parport *port = (struct parport *)table->extra1;
	char buffer[20];
	int len;

	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write)
		return -EACCES;

	len = sprintf(buffer, "%d\n", port->irq);
	if (len > *lenp)
		len = *lenp;
	else
		*lenp = len;

	filp->f_pos += len;	/* expect: sysctl-fpos */

	return copy_to_user(result, buffer, len) ? -EFAULT : 0;
}

/* One digit, or '-' for none; the position moves by that one byte. */
static int do_hardware_dma (ctl_table *table, int write,	/* expect: sysctl_ppos */
			    struct file *filp, void __user *result,
			    size_t *lenp)
{
	struct parport *port = (struct parport *)table->extra1;
	char c;

	if (write)
		return -EACCES;

	if (filp->f_pos || !*lenp) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	c = (port->dma < 0 || port->dma > 9) ? '-' : '0' + port->dma;
	if (put_user(c, (char __user *) result))
		return -EFAULT;
	*lenp = 1;
	filp->f_pos++;	/* expect: sysctl-fpos */
	return 0;
}

static int do_hardware_modes (ctl_table *table, int write,	/* expect: sysctl_ppos */
			      struct file *filp, void __user *result,
			      size_t *lenp)
{
	struct parport *port = (struct parport *)table->extra1;
	char buffer[40];
	int len = 0;

	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write)
		return -EACCES;

	if (port->modes & PARPORT_MODE_PCSPP)
		len += sprintf(buffer + len, "%sPCSPP", len ? "," : "");
	if (port->modes & PARPORT_MODE_TRISTATE)
		len += sprintf(buffer + len, "%sTRISTATE", len ? "," : "");
	if (port->modes & PARPORT_MODE_EPP)
		len += sprintf(buffer + len, "%sEPP", len ? "," : "");
	if (port->modes & PARPORT_MODE_ECP)
		len += sprintf(buffer + len, "%sECP", len ? "," : "");
	buffer[len++] = '\n';

	if (len > *lenp)
		len = *lenp;
	else
		*lenp = len;

	filp->f_pos += len;	/* expect: sysctl-fpos */

	return copy_to_user(result, buffer, len) ? -EFAULT : 0;
}

static struct parport_device_info probe_info;

static ctl_table parport_entries[] = {
	{ .ctl_name = 1, .procname = "active", .mode = 0444,
	  .proc_handler = &do_active_device },
#ifdef CONFIG_PARPORT_1284
	{ .ctl_name = 2, .procname = "autoprobe", .mode = 0444,
	  .proc_handler = &do_autoprobe, .extra2 = &probe_info },
#endif
	{ .ctl_name = 3, .procname = "base-addr", .mode = 0444,
	  .proc_handler = &do_hardware_base_addr },
	{ .ctl_name = 4, .procname = "irq", .mode = 0444,
	  .proc_handler = &do_hardware_irq },
	{ .ctl_name = 6, .procname = "dma", .mode = 0444,
	  .proc_handler = &do_hardware_dma },
	{ .ctl_name = 5, .procname = "modes", .mode = 0444,
	  .proc_handler = &do_hardware_modes },
	{ .ctl_name = 0 }
};

static struct ctl_table_header *parport_header;

int parport_proc_register(struct parport *port)
{
	int i;

	for (i = 0; parport_entries[i].ctl_name; i++)
		parport_entries[i].extra1 = port;
	parport_header = register_sysctl_table(parport_entries, 0);
	return parport_header ? 0 : -ENOMEM;
}

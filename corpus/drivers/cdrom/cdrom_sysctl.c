// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/dev/cdrom: a table of what every drive can do, and the
 * switches that set the same options on all of them at once.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/cdrom.h>
#include <asm/uaccess.h>

#define CDROM_STR_SIZE 1000

static struct cdrom_sysctl_settings {
	char	info[CDROM_STR_SIZE];	/* general info */
	int	autoclose;		/* close tray upon mount, etc */
	int	autoeject;		/* eject on umount */
	int	lock;			/* lock the door on device open */
} cdrom_sysctl_settings;

struct cdrom_device_info *topCdromPtr;

static int cdrom_sysctl_handler(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
				void __user *buffer, size_t *lenp);

/* Appends one row of the info table: a label, then a column per drive. */
static int cdrom_info_row(char *info, int pos, const char *label, int mask)
{
	struct cdrom_device_info *cdi;

	pos += sprintf(info + pos, "\n%s:", label);
	for (cdi = topCdromPtr; cdi; cdi = cdi->next) {
		if (pos > CDROM_STR_SIZE - 16)
			break;
		if (mask)
			pos += sprintf(info + pos, "\t%d", (cdi->mask & mask) != 0);
		else
			pos += sprintf(info + pos, "\t%s", cdi->name);
	}
	return pos;
}

int cdrom_sysctl_info(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
                           void __user *buffer, size_t *lenp)
{
        int pos;
	char *info = cdrom_sysctl_settings.info;
	
	if (!*lenp || (filp->f_pos && !write)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	pos = sprintf(info, "CD-ROM information\n");
	pos = cdrom_info_row(info, pos, "drive name", 0);
	pos = cdrom_info_row(info, pos, "Can close tray", CDC_CLOSE_TRAY);
	pos = cdrom_info_row(info, pos, "Can open tray", CDC_OPEN_TRAY);
	pos = cdrom_info_row(info, pos, "Can lock tray", CDC_LOCK);
	pos = cdrom_info_row(info, pos, "Can play audio", CDC_PLAY_AUDIO);
	pos = cdrom_info_row(info, pos, "Can read DVD", CDC_DVD);

	strcpy(info+pos,"\n\n");
		
        return proc_dostring(ctl, write, filp, buffer, lenp);
}

/*
 * /proc/sys/dev/cdrom/speeds: formatted into a stack copy of the entry,
 * so that concurrent readers do not share a buffer.
 */
static int cdrom_sysctl_speeds(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			       void __user *buffer, size_t *lenp)
{
	ctl_table	fake_table;
	char		buf[128];
	struct cdrom_device_info *cdi;
	int		pos = 0;

	if (write)
		return -EACCES;

	for (cdi = topCdromPtr; cdi && pos < (int) sizeof(buf) - 16; cdi = cdi->next)
		pos += sprintf(buf + pos, "%s%d", pos ? "\t" : "", cdi->speed);
	buf[pos] = 0;

	fake_table = *ctl;
	fake_table.data = buf;
	fake_table.maxlen = sizeof(buf);

	return proc_dostring(&fake_table, write, filp, buffer, lenp);
}

static void cdrom_update_settings(void)
{
	struct cdrom_device_info *cdi;

	for (cdi = topCdromPtr; cdi; cdi = cdi->next) {
		cdi->options = 0;
		if (cdrom_sysctl_settings.autoclose && (cdi->mask & CDC_CLOSE_TRAY))
			cdi->options |= CDC_CLOSE_TRAY;
		if (cdrom_sysctl_settings.autoeject && (cdi->mask & CDC_OPEN_TRAY))
			cdi->options |= CDC_OPEN_TRAY;
		if (cdrom_sysctl_settings.lock && (cdi->mask & CDC_LOCK))
			cdi->options |= CDC_LOCK;
	}
}

static int cdrom_sysctl_handler(ctl_table *ctl, int write, struct file * filp,	/* expect: sysctl_ppos */
				void __user *buffer, size_t *lenp)
{
	int *valp = ctl->data;
	int val = *valp;
	int ret;
	
	ret = proc_dointvec(ctl, write, filp, buffer, lenp);

	if (write && *valp != val) {
		/* the switches are booleans */
		*valp = *valp != 0;
		cdrom_update_settings();
	}

	return ret;
}

static ctl_table cdrom_table[] = {
	{
		.ctl_name	= 1,
		.procname	= "info",
		.data		= &cdrom_sysctl_settings.info,
		.maxlen		= CDROM_STR_SIZE,
		.mode		= 0444,
		.proc_handler	= &cdrom_sysctl_info,
	},
	{
		.ctl_name	= 2,
		.procname	= "speeds",
		.mode		= 0444,
		.proc_handler	= &cdrom_sysctl_speeds,
	},
	{
		.ctl_name	= 3,
		.procname	= "autoclose",
		.data		= &cdrom_sysctl_settings.autoclose,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &cdrom_sysctl_handler,
	},
	{
		.ctl_name	= 4,
		.procname	= "autoeject",
		.data		= &cdrom_sysctl_settings.autoeject,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &cdrom_sysctl_handler,
	},
	{
		.ctl_name	= 5,
		.procname	= "lock",
		.data		= &cdrom_sysctl_settings.lock,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &cdrom_sysctl_handler,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *cdrom_sysctl_header;

static int __init cdrom_sysctl_register(void)
{
	cdrom_sysctl_header = register_sysctl_table(cdrom_table, 1);
	return cdrom_sysctl_header ? 0 : -ENOMEM;
}

static void __exit cdrom_sysctl_unregister(void)
{
	unregister_sysctl_table(cdrom_sysctl_header);
}

module_init(cdrom_sysctl_register);
module_exit(cdrom_sysctl_unregister);

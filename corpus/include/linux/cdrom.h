/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CDROM_H
#define _LINUX_CDROM_H

#include <linux/types.h>
#include <linux/sysctl.h>

#define CDC_CLOSE_TRAY		0x1
#define CDC_OPEN_TRAY		0x2
#define CDC_LOCK		0x4
#define CDC_PLAY_AUDIO		0x100
#define CDC_DVD			0x8000

struct file;

struct cdrom_device_info {
	struct cdrom_device_info	*next;
	char				name[20];
	int				speed;
	int				capacity;
	int				mask;
	int				options;
};

extern struct cdrom_device_info *topCdromPtr;

/* /proc/sys/dev/cdrom/info, one column per drive */
extern int cdrom_sysctl_info(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			     void __user *buffer, size_t *lenp);

#endif /* _LINUX_CDROM_H */

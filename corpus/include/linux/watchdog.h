/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_WATCHDOG_H
#define _LINUX_WATCHDOG_H

#include <linux/types.h>

#define WATCHDOG_IOCTL_BASE	'W'

#define WDIOC_GETSUPPORT	0x80285700
#define WDIOC_GETSTATUS		0x80045701
#define WDIOC_KEEPALIVE		0x80045705
#define WDIOC_SETTIMEOUT	0xc0045706

#define WDIOF_SETTIMEOUT	0x0080
#define WDIOF_MAGICCLOSE	0x0100
#define WDIOF_KEEPALIVEPING	0x8000

struct watchdog_info {
	__u32 options;
	__u32 firmware_version;
	__u8  identity[32];
};

#endif /* _LINUX_WATCHDOG_H */

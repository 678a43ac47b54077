/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CONFIG_H
#define _LINUX_CONFIG_H
#include <linux/autoconf.h>
#endif

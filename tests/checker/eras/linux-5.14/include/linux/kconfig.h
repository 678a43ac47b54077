/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H
#include <generated/autoconf.h>
#define IS_ENABLED(option) 1
#endif

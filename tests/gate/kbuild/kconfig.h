/* SPDX-License-Identifier: GPL-2.0-only */
/* Stands for the kernel's include/linux/kconfig.h, which Kbuild hands every
   compile with -include: the configuration and the IS_ENABLED() helpers. */
#ifndef GATE_KCONFIG_H
#define GATE_KCONFIG_H

#include <linux/config.h>

#define __gate_one_1 1
#define IS_BUILTIN(option) __gate_is_one(option)
#define __gate_is_one(x) __gate_is_one_(__gate_one_##x)
#define __gate_is_one_(x) (x == 1)

#endif

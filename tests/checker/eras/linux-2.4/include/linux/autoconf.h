/* SPDX-License-Identifier: GPL-2.0-only */
#define CONFIG_X86 1
#define CONFIG_MODULES 1

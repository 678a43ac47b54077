/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __LINUX_COMPILER_TYPES_H
#define __LINUX_COMPILER_TYPES_H
#define __user
#endif

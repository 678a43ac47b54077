/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H
#include <linux/stdarg.h>
#include <linux/types.h>
int vprintk(const char *fmt, va_list args);
#endif

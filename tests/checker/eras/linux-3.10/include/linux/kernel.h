/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H
#include <stdarg.h>	/* from the compiler, as Kbuild's -isystem gives it */
#include <linux/types.h>
int vprintk(const char *fmt, va_list args);
#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_STDARG_H
#define _LINUX_STDARG_H
typedef __builtin_va_list va_list;
#define va_start(v, l) __builtin_va_start(v, l)
#define va_end(v) __builtin_va_end(v)
#endif

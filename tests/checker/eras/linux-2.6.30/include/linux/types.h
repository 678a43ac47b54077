/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H
typedef unsigned long size_t;
typedef long ssize_t;
typedef long long loff_t;
#define __user
#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>

#ifndef NULL
#define NULL ((void *)0)
#endif

typedef unsigned char		__u8;
typedef signed char		__s8;
typedef unsigned short		__u16;
typedef signed short		__s16;
typedef unsigned int		__u32;
typedef signed int		__s32;
typedef unsigned long long	__u64;
typedef signed long long	__s64;

typedef __u8	u8;
typedef __s8	s8;
typedef __u16	u16;
typedef __s16	s16;
typedef __u32	u32;
typedef __s32	s32;
typedef __u64	u64;
typedef __s64	s64;
typedef __u32	__uint32_t;

typedef __SIZE_TYPE__		size_t;
typedef long			ssize_t;
typedef long			off_t;
typedef long long		loff_t;
typedef unsigned int		dev_t;
typedef unsigned short		umode_t;
typedef unsigned int		mode_t;
typedef int			pid_t;
typedef long			time_t;
typedef unsigned long		sector_t;
typedef unsigned int		gfp_t;

#endif /* _LINUX_TYPES_H */

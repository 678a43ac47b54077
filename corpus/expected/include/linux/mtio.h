/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MTIO_H
#define _LINUX_MTIO_H

#include <linux/types.h>

/* Magnetic tape ioctls, the subset the corpus tape drivers use. */
struct mtop {
	short mt_op;
	int mt_count;
};

#define MTRESET		0
#define MTFSF		1
#define MTBSF		2
#define MTFSR		3
#define MTBSR		4
#define MTWEOF		5
#define MTREW		6
#define MTOFFL		7
#define MTNOP		8
#define MTEOM		12

struct mtpos {
	long mt_blkno;
};

#define MTIOCTOP	0x40086d01
#define MTIOCPOS	0x80086d03

#endif /* _LINUX_MTIO_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_POLL_H
#define _LINUX_POLL_H

#include <linux/fs.h>
#include <linux/wait.h>

#define POLLIN		0x0001
#define POLLOUT		0x0004
#define POLLERR		0x0008
#define POLLRDNORM	0x0040
#define POLLWRNORM	0x0100

typedef struct poll_table_struct poll_table;

extern void poll_wait(struct file *filp, wait_queue_head_t *q, poll_table *p);

#endif /* _LINUX_POLL_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/spinlock.h>

typedef struct __wait_queue_head {
	spinlock_t lock;
	void *task_list;
} wait_queue_head_t;

#define DECLARE_WAIT_QUEUE_HEAD(name) \
	wait_queue_head_t name = { SPIN_LOCK_UNLOCKED, NULL }

extern void init_waitqueue_head(wait_queue_head_t *q);
extern void wake_up_interruptible(wait_queue_head_t *q);
extern void wake_up(wait_queue_head_t *q);
extern int __wait_event_interruptible(wait_queue_head_t *q, int cond);
#define wait_event_interruptible(wq, cond) \
	__wait_event_interruptible(&(wq), (cond))

#endif /* _LINUX_WAIT_H */

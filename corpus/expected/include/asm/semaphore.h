/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _ASM_SEMAPHORE_H
#define _ASM_SEMAPHORE_H

struct semaphore {
	int count;
};

#define DECLARE_MUTEX(name)	struct semaphore name = { 1 }

extern void sema_init(struct semaphore *sem, int val);
extern void down(struct semaphore *sem);
extern int down_interruptible(struct semaphore *sem);
extern int down_trylock(struct semaphore *sem);
extern void up(struct semaphore *sem);

struct rw_semaphore {
	int activity;
};

extern void down_read(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);

#endif /* _ASM_SEMAPHORE_H */

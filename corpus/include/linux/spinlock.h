/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

typedef struct {
	volatile unsigned int lock;
} spinlock_t;

#define SPIN_LOCK_UNLOCKED	(spinlock_t) { 0 }
#define spin_lock_init(l)	do { (l)->lock = 0; } while (0)

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern void spin_lock_bh(spinlock_t *lock);
extern void spin_unlock_bh(spinlock_t *lock);
#define spin_lock_irqsave(l, f)		do { (f) = 0; spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); spin_unlock(l); } while (0)

#endif /* _LINUX_SPINLOCK_H */

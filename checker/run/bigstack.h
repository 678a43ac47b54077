/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_BIGSTACK_H
#define SAFESEEK_BIGSTACK_H

/*
 * libclang and the model recurse deeply on deeply nested code (an
 * expression nested ten thousand deep), far past a thread's usual 8 MB of
 * stack.  Analysis runs on a thread with a large stack, reserved and
 * touched only as far as it is used.  What goes wrong beyond that ends the
 * worker process (pool.h), never the run.
 */

/* Runs fn(arg) on a thread with a large stack and waits for it; runs it
   on the calling thread when no such thread can be had. */
void ss_bigstack_run(void (*fn)(void *), void *arg);

#endif

#ifndef SAFESEEK_CRASHGUARD_H
#define SAFESEEK_CRASHGUARD_H

/*
 * Surviving a crash while analysing one file.  Hostile input (an expression
 * nested a million deep) can exhaust the stack inside libclang or inside the
 * rules' walk of the AST.  libclang recovers from crashes in its parser, but
 * its signal handler runs on the stack that just overflowed and parses run
 * on a thread with a small stack.  So parses are made to run on the calling
 * worker thread (which has a large stack and an alternate signal stack) and
 * the crash handlers run on the alternate stack; a crash in the rules ends
 * in ss_crash_guard_call() returning -1.
 */

#include <pthread.h>

/* Once, before any worker starts and before libclang is used otherwise. */
void ss_crash_guard_init(void);

/*
 * Start a thread that analyses files, on a large stack: libclang and the
 * rules recurse deeply on deeply nested code.  The stack is reserved, and
 * touched only as far as it is used; when it cannot be had, the thread gets
 * the default size.  Returns what pthread_create() returns.
 */
int ss_crash_guard_thread_create(pthread_t *t, void *(*fn)(void *), void *arg);

/* In each thread that analyses files, at its start and its end. */
void *ss_crash_guard_thread_begin(void);
void ss_crash_guard_thread_end(void *token);

/* Runs fn(arg): 0 when it returned, -1 when it crashed (SIGSEGV, SIGBUS). */
int ss_crash_guard_call(void (*fn)(void *), void *arg);

#endif

#define _GNU_SOURCE
#include "run/crashguard.h"

#include <clang-c/Index.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

#define ALT_STACK_SIZE (256u << 10)

static const int fault_signals[] = { SIGSEGV, SIGBUS };
#define NSIGNALS (sizeof(fault_signals) / sizeof(fault_signals[0]))
static struct sigaction previous[NSIGNALS];
static _Thread_local sigjmp_buf *guard;

static void on_fault(int sig, siginfo_t *info, void *ctx)
{
	if (guard)
		siglongjmp(*guard, sig);
	/* Not ours: libclang's handler recovers a crash inside a parse. */
	for (size_t i = 0; i < NSIGNALS; i++) {
		const struct sigaction *p = &previous[i];

		if (fault_signals[i] != sig)
			continue;
		if (p->sa_flags & SA_SIGINFO) {
			p->sa_sigaction(sig, info, ctx);
			return;
		}
		if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
			p->sa_handler(sig);
			return;
		}
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

int ss_crash_guard_thread_create(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	int rc;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 512u << 20);
	rc = pthread_create(t, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return rc == 0 ? 0 : pthread_create(t, NULL, fn, arg);
}

void ss_crash_guard_init(void)
{
	static bool done;

	if (done)
		return;
	done = true;
	/* parse on the caller's thread, whose stack we size ourselves */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	/* libclang installs its crash recovery handlers with its first index */
	clang_disposeIndex(clang_createIndex(0, 0));
	for (size_t i = 0; i < NSIGNALS; i++) {
		struct sigaction sa = { 0 };

		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		sigaction(fault_signals[i], &sa, &previous[i]);
	}
}

void *ss_crash_guard_thread_begin(void)
{
	stack_t ss = { 0 };

	ss.ss_sp = malloc(ALT_STACK_SIZE);
	if (!ss.ss_sp)
		return NULL;
	ss.ss_size = ALT_STACK_SIZE;
	if (sigaltstack(&ss, NULL) < 0) {
		free(ss.ss_sp);
		return NULL;
	}
	return ss.ss_sp;
}

void ss_crash_guard_thread_end(void *token)
{
	stack_t ss = { 0 };

	if (!token)
		return;
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, NULL);
	free(token);
}

int ss_crash_guard_call(void (*fn)(void *), void *arg)
{
	sigjmp_buf here;
	sigjmp_buf *outer = guard;

	if (sigsetjmp(here, 1)) {
		guard = outer;
		return -1;
	}
	guard = &here;
	fn(arg);
	guard = outer;
	return 0;
}

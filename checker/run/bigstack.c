// SPDX-License-Identifier: GPL-2.0-only
#include "run/bigstack.h"

#include <pthread.h>

#define BIG_STACK (512u << 20)

struct call {
	void (*fn)(void *);
	void *arg;
};

static void *trampoline(void *p)
{
	struct call *c = p;

	c->fn(c->arg);
	return NULL;
}

void ss_bigstack_run(void (*fn)(void *), void *arg)
{
	struct call c = { fn, arg };
	pthread_attr_t attr;
	pthread_t t;
	int rc;

	pthread_attr_init(&attr);
	rc = pthread_attr_setstacksize(&attr, BIG_STACK) == 0 ? pthread_create(&t, &attr, trampoline, &c) : -1;
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		fn(arg);
		return;
	}
	pthread_join(t, NULL);
}

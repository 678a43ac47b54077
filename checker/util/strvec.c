#define _GNU_SOURCE
#include "util/strvec.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void push_owned(struct strvec *sv, char *s)
{
	xgrow((void **)&sv->v, &sv->cap, sv->n + 2, sizeof(*sv->v));
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void strvec_push(struct strvec *sv, const char *s)
{
	push_owned(sv, xstrdup(s));
}

void strvec_pushf(struct strvec *sv, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		s = xstrdup("");
	push_owned(sv, s);
}

void strvec_append(struct strvec *dst, const struct strvec *src)
{
	for (size_t i = 0; i < src->n; i++)
		strvec_push(dst, src->v[i]);
}

void strvec_clear(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "findings/messages.h"
#include "util/escape.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void ss_msg_add(struct ss_messages *m, enum ss_msg_level level,
		const char *path, const char *fmt, ...)
{
	struct ss_msg *msg;
	va_list ap;

	xgrow((void **)&m->v, &m->cap, m->n + 1, sizeof(*m->v));
	msg = &m->v[m->n];
	msg->path = xstrdup(path);
	va_start(ap, fmt);
	if (vasprintf(&msg->text, fmt, ap) < 0)
		msg->text = xstrdup("?");
	va_end(ap);
	msg->level = level;
	msg->seq = m->n;
	m->n++;
}

void ss_messages_move(struct ss_messages *dst, struct ss_messages *src)
{
	xgrow((void **)&dst->v, &dst->cap, dst->n + src->n, sizeof(*dst->v));
	if (src->n)
		memcpy(dst->v + dst->n, src->v, src->n * sizeof(*src->v));
	dst->n += src->n;
	src->n = 0;
}

static int msg_cmp(const void *pa, const void *pb)
{
	const struct ss_msg *a = pa, *b = pb;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	return strcmp(a->text, b->text);
}

void ss_messages_sort(struct ss_messages *m)
{
	if (m->n > 1)
		qsort(m->v, m->n, sizeof(*m->v), msg_cmp);
}

void ss_messages_print(const struct ss_messages *m, FILE *f,
		       enum ss_msg_level max_level)
{
	for (size_t i = 0; i < m->n; i++) {
		char *path, *text;

		if (m->v[i].level > max_level)
			continue;
		path = ss_text_printable(m->v[i].path);
		text = ss_text_printable(m->v[i].text);
		fprintf(f, "safeseek-check: %s: %s\n", path, text);
		free(path);
		free(text);
	}
}

void ss_error(const char *fmt, ...)
{
	char *text, *shown;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	va_end(ap);
	shown = ss_text_printable(text ? text : "?");
	fprintf(stderr, "safeseek-check: %s\n", shown);
	free(shown);
	free(text);
}

void ss_messages_free(struct ss_messages *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].path);
		free(m->v[i].text);
	}
	free(m->v);
	memset(m, 0, sizeof(*m));
}

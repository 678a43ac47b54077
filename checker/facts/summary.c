// SPDX-License-Identifier: GPL-2.0-only
#include "facts/summary.h"

#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

struct ss_summary *ss_summaries_add(struct ss_summaries *s)
{
	struct ss_summary *r;

	xgrow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	r = &s->v[s->n++];
	memset(r, 0, sizeof(*r));
	return r;
}

static void summary_free(struct ss_summary *r)
{
	free(r->name);
	free(r->file);
	free(r->position_to);
	for (size_t i = 0; i < SS_SUMMARY_HANDOFFS; i++)
		free(r->handed[i]);
}

void ss_summaries_move(struct ss_summaries *dst, struct ss_summaries *src)
{
	if (!src->n)
		return;
	xgrow((void **)&dst->v, &dst->cap, dst->n + src->n, sizeof(*dst->v));
	memcpy(dst->v + dst->n, src->v, src->n * sizeof(*src->v));
	dst->n += src->n;
	src->n = 0;
}

void ss_summaries_free(struct ss_summaries *s)
{
	for (size_t i = 0; i < s->n; i++)
		summary_free(&s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

void ss_summary_hand(struct ss_summary *s, const char *name, size_t n)
{
	for (size_t i = 0; i < SS_SUMMARY_HANDOFFS; i++) {
		if (!s->handed[i]) {
			s->handed[i] = xstrndup(name, n);
			return;
		}
		if (strlen(s->handed[i]) == n && memcmp(s->handed[i], name, n) == 0)
			return;
	}
}

// SPDX-License-Identifier: GPL-2.0-only
#include "findings/findings.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

void ss_findings_begin_file(struct ss_findings *s, const char *file,
			    const char *buf, size_t len)
{
	s->file = file;
	s->buf = buf;
	s->len = len;
}

void ss_findings_end_file(struct ss_findings *s)
{
	s->file = NULL;
	s->buf = NULL;
	s->len = 0;
}

void ss_findings_add(struct ss_findings *s, struct ss_finding *f)
{
	xgrow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n++] = *f;
}

void ss_findings_move(struct ss_findings *dst, struct ss_findings *src)
{
	xgrow((void **)&dst->v, &dst->cap, dst->n + src->n, sizeof(*dst->v));
	if (src->n)
		memcpy(dst->v + dst->n, src->v, src->n * sizeof(*src->v));
	dst->n += src->n;
	src->n = 0;
}

static void finding_free(struct ss_finding *f)
{
	free(f->file);
	free(f->function);
	free(f->object);
	free(f->message);
	free(f->line_text);
	free(f->extents);
	free(f->requires);
}

void ss_findings_truncate(struct ss_findings *s, size_t from)
{
	while (s->n > from)
		finding_free(&s->v[--s->n]);
}

static int strcmp_null(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int cmp_unsigned(unsigned a, unsigned b)
{
	return (a > b) - (a < b);
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct ss_finding *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->file, b->file)))
		return c;
	if ((c = cmp_unsigned(a->line, b->line)))
		return c;
	if ((c = cmp_unsigned(a->column, b->column)))
		return c;
	if ((c = strcmp(a->rule, b->rule)))
		return c;
	if ((c = strcmp(a->message, b->message)))
		return c;
	if ((c = cmp_unsigned(a->severity, b->severity)))
		return c;
	if ((c = strcmp_null(a->function, b->function)))
		return c;
	return strcmp_null(a->object, b->object);
}

void ss_findings_sort(struct ss_findings *s)
{
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), finding_cmp);
}

void ss_findings_free(struct ss_findings *s)
{
	ss_findings_truncate(s, 0);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

const char *ss_severity_name(enum ss_severity s)
{
	switch (s) {
	case SS_NOTE:
		return "note";
	case SS_WARNING:
		return "warning";
	case SS_ERROR:
		return "error";
	}
	return "warning";
}

// SPDX-License-Identifier: GPL-2.0-only
#include "run/wire.h"

#include "rules/rule.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define NO_STRING UINT32_MAX

static void put(struct ss_wire *w, const void *p, size_t n)
{
	if (n == 0)
		return;
	xgrow((void **)&w->buf, &w->cap, w->len + n, 1);
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

void ss_wire_u32(struct ss_wire *w, uint32_t v)
{
	put(w, &v, sizeof(v));
}

void ss_wire_str(struct ss_wire *w, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	ss_wire_u32(w, s ? (uint32_t)n : NO_STRING);
	put(w, s, n);
}

bool ss_wire_get_u32(struct ss_wire *w, uint32_t *v)
{
	if (w->len - w->pos < sizeof(*v))
		return false;
	memcpy(v, w->buf + w->pos, sizeof(*v));
	w->pos += sizeof(*v);
	return true;
}

bool ss_wire_get_str(struct ss_wire *w, char **s)
{
	uint32_t n;

	*s = NULL;
	if (!ss_wire_get_u32(w, &n))
		return false;
	if (n == NO_STRING)
		return true;
	if (w->len - w->pos < n)
		return false;
	*s = xstrndup(w->buf + w->pos, n);
	w->pos += n;
	return true;
}

/* How many counters a struct ss_stats has: counters() lists them. */
#define NCOUNTERS (12 + 2 * SS_UNDECIDED_REASONS)

/* Every counter of st, in the order the wire carries them: put_stats(),
   get_stats() and ss_file_result_merge() go through this one list. */
static void counters(struct ss_stats *st, size_t *c[NCOUNTERS])
{
	size_t n = 0;

	c[n++] = &st->files;
	c[n++] = &st->analysed;
	c[n++] = &st->skipped;
	c[n++] = &st->failed;
	c[n++] = &st->partial;
	for (size_t i = 0; i < sizeof(st->by_how) / sizeof(st->by_how[0]); i++)
		c[n++] = &st->by_how[i];
	c[n++] = &st->escalated;
	for (int i = 0; i < SS_UNDECIDED_REASONS; i++)
		c[n++] = &st->escalated_by[i];
	c[n++] = &st->cached;
	c[n++] = &st->precompiled;
	c[n++] = &st->undecided;
	for (int i = 0; i < SS_UNDECIDED_REASONS; i++)
		c[n++] = &st->undecided_by[i];
}

static void put_stats(struct ss_wire *w, const struct ss_stats *st)
{
	struct ss_stats copy = *st;
	size_t *c[NCOUNTERS];

	counters(&copy, c);
	for (size_t i = 0; i < NCOUNTERS; i++)
		ss_wire_u32(w, (uint32_t)*c[i]);
}

/* Adds the counters on the wire to st: all of them, or none. */
static bool get_stats(struct ss_wire *w, struct ss_stats *st)
{
	uint32_t v[NCOUNTERS];
	size_t *c[NCOUNTERS];

	for (size_t i = 0; i < NCOUNTERS; i++)
		if (!ss_wire_get_u32(w, &v[i]))
			return false;
	counters(st, c);
	for (size_t i = 0; i < NCOUNTERS; i++)
		*c[i] += v[i];
	return true;
}

static void put_summaries(struct ss_wire *w, const struct ss_summaries *s);

void ss_wire_result(struct ss_wire *w, const struct ss_file_result *r)
{
	put_stats(w, &r->stats);
	ss_wire_u32(w, (uint32_t)r->msgs.n);
	for (size_t i = 0; i < r->msgs.n; i++) {
		ss_wire_u32(w, (uint32_t)r->msgs.v[i].level);
		ss_wire_str(w, r->msgs.v[i].path);
		ss_wire_str(w, r->msgs.v[i].text);
	}
	ss_wire_u32(w, (uint32_t)r->findings.n);
	for (size_t i = 0; i < r->findings.n; i++) {
		const struct ss_finding *f = &r->findings.v[i];

		ss_wire_str(w, f->rule);
		ss_wire_u32(w, (uint32_t)f->severity);
		ss_wire_str(w, f->file);
		ss_wire_u32(w, f->line);
		ss_wire_u32(w, f->column);
		ss_wire_str(w, f->function);
		ss_wire_str(w, f->object);
		ss_wire_str(w, f->message);
		ss_wire_str(w, f->line_text);
		ss_wire_str(w, f->requires);
		ss_wire_u32(w, (uint32_t)f->nextents);
		for (size_t k = 0; k < f->nextents; k++) {
			ss_wire_u32(w, f->extents[k].first);
			ss_wire_u32(w, f->extents[k].last);
		}
	}
	ss_wire_u32(w, (uint32_t)r->patch_files.patch.n);
	for (size_t i = 0; i < r->patch_files.patch.n; i++) {
		ss_wire_str(w, r->patch_files.patch.v[i]);
		ss_wire_str(w, r->patch_files.file.v[i]);
	}
	put_summaries(w, &r->summaries);
}

static void put_summaries(struct ss_wire *w, const struct ss_summaries *s)
{
	ss_wire_u32(w, (uint32_t)s->n);
	for (size_t i = 0; i < s->n; i++) {
		const struct ss_summary *r = &s->v[i];

		ss_wire_str(w, r->name);
		ss_wire_str(w, r->file);
		ss_wire_u32(w, (uint32_t)r->is_static | (uint32_t)r->position << 8 |
			       (uint32_t)r->ending << 16 | (uint32_t)r->calls << 24);
		ss_wire_str(w, r->position_to);
		for (size_t k = 0; k < SS_SUMMARY_HANDOFFS; k++)
			ss_wire_str(w, r->handed[k]);
	}
}

static bool get_summaries(struct ss_wire *w, struct ss_summaries *s)
{
	uint32_t n, bits;

	if (!ss_wire_get_u32(w, &n) || n > (w->len - w->pos) / 4)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct ss_summary *r = ss_summaries_add(s);

		if (!ss_wire_get_str(w, &r->name) || !r->name || !ss_wire_get_str(w, &r->file) ||
		    !r->file || !ss_wire_get_u32(w, &bits) || !ss_wire_get_str(w, &r->position_to))
			return false;
		r->is_static = bits & 1;
		r->position = (unsigned char)(bits >> 8);
		r->ending = (unsigned char)(bits >> 16);
		r->calls = (unsigned char)(bits >> 24);
		for (size_t k = 0; k < SS_SUMMARY_HANDOFFS; k++)
			if (!ss_wire_get_str(w, &r->handed[k]))
				return false;
	}
	return true;
}

static bool get_finding(struct ss_wire *w, struct ss_finding *f)
{
	const struct ss_rule *rule;
	char *id = NULL;
	uint32_t sev, n;
	bool ok;

	memset(f, 0, sizeof(*f));
	ok = ss_wire_get_str(w, &id) && id && (rule = ss_rule_by_id(id)) &&
	     ss_wire_get_u32(w, &sev) && sev <= SS_ERROR &&
	     ss_wire_get_str(w, &f->file) && f->file && ss_wire_get_u32(w, &f->line) &&
	     ss_wire_get_u32(w, &f->column) && ss_wire_get_str(w, &f->function) &&
	     ss_wire_get_str(w, &f->object) && ss_wire_get_str(w, &f->message) && f->message &&
	     ss_wire_get_str(w, &f->line_text) && f->line_text &&
	     ss_wire_get_str(w, &f->requires) && ss_wire_get_u32(w, &n) &&
	     n <= (w->len - w->pos) / 8;
	free(id);
	if (!ok)
		return false;
	f->rule = rule->id;
	f->severity = (enum ss_severity)sev;
	f->extents = xcalloc(n ? n : 1, sizeof(*f->extents));
	f->nextents = n;
	for (uint32_t k = 0; k < n; k++)
		if (!ss_wire_get_u32(w, &f->extents[k].first) ||
		    !ss_wire_get_u32(w, &f->extents[k].last))
			return false;
	return true;
}

bool ss_wire_get_result(struct ss_wire *w, struct ss_file_result *r)
{
	uint32_t n;

	if (!get_stats(w, &r->stats) || !ss_wire_get_u32(w, &n))
		return false;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t level;
		char *path, *text;

		if (!ss_wire_get_u32(w, &level) || !ss_wire_get_str(w, &path))
			return false;
		if (!ss_wire_get_str(w, &text) || !path || !text || level > SS_MSG_VERBOSE) {
			free(path);
			free(text);
			return false;
		}
		ss_msg_add(&r->msgs, (enum ss_msg_level)level, path, "%s", text);
		free(path);
		free(text);
	}
	if (!ss_wire_get_u32(w, &n))
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct ss_finding f;
		bool ok = get_finding(w, &f);

		/* Partly read, it is still freed with the others. */
		ss_findings_add(&r->findings, &f);
		if (!ok)
			return false;
	}
	if (!ss_wire_get_u32(w, &n))
		return false;
	for (uint32_t i = 0; i < n; i++) {
		char *patch, *file = NULL;
		bool ok = ss_wire_get_str(w, &patch) && patch && ss_wire_get_str(w, &file) && file;

		if (ok)
			ss_patch_files_add(&r->patch_files, patch, file);
		free(patch);
		free(file);
		if (!ok)
			return false;
	}
	return get_summaries(w, &r->summaries);
}

void ss_wire_frame(struct ss_wire *out, char type, struct ss_wire *body)
{
	put(out, &type, 1);
	ss_wire_u32(out, (uint32_t)body->len);
	put(out, body->buf, body->len);
	body->len = body->pos = 0;
}

bool ss_wire_next_frame(struct ss_wire *in, char *type, struct ss_wire *body)
{
	size_t at = in->pos;
	uint32_t n;

	if (in->len - at < 1 + sizeof(n))
		return false;
	memcpy(&n, in->buf + at + 1, sizeof(n));
	if (in->len - at - 1 - sizeof(n) < n)
		return false;
	*type = in->buf[at];
	body->buf = in->buf + at + 1 + sizeof(n);
	body->len = n;
	body->cap = 0;
	body->pos = 0;
	in->pos = at + 1 + sizeof(n) + n;
	return true;
}

void ss_wire_compact(struct ss_wire *w)
{
	if (w->pos) {
		memmove(w->buf, w->buf + w->pos, w->len - w->pos);
		w->len -= w->pos;
		w->pos = 0;
	}
}

void ss_wire_free(struct ss_wire *w)
{
	free(w->buf);
	memset(w, 0, sizeof(*w));
}

void ss_file_result_free(struct ss_file_result *r)
{
	ss_findings_free(&r->findings);
	ss_messages_free(&r->msgs);
	ss_patch_files_free(&r->patch_files);
	ss_summaries_free(&r->summaries);
	memset(&r->stats, 0, sizeof(r->stats));
}

void ss_file_result_merge(struct ss_file_result *dst, struct ss_file_result *src)
{
	size_t *d[NCOUNTERS], *c[NCOUNTERS];

	ss_findings_move(&dst->findings, &src->findings);
	ss_messages_move(&dst->msgs, &src->msgs);
	ss_patch_files_move(&dst->patch_files, &src->patch_files);
	ss_summaries_move(&dst->summaries, &src->summaries);
	counters(&dst->stats, d);
	counters(&src->stats, c);
	for (size_t i = 0; i < NCOUNTERS; i++)
		*d[i] += *c[i];
	dst->stats.path_error |= src->stats.path_error;
}

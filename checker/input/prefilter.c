// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/prefilter.h"
#include "input/text_facts.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* A token another one starts adds nothing: a word starting with it also
   starts with the shorter one. */
static bool redundant(size_t k, const char *const *all, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i == k)
			continue;
		if (strcmp(all[i], all[k]) == 0) {
			if (i < k)	/* keep the first of equal tokens */
				return true;
		} else if (strncmp(all[k], all[i], strlen(all[i])) == 0) {
			return true;
		}
	}
	return false;
}

static bool names_a_token(const struct ss_want *r)
{
	for (size_t i = 0; r->needs && r->needs[i]; i++)
		if (r->needs[i][0])
			return true;
	return false;
}

void ss_prefilter_init(struct ss_prefilter *p, const struct ss_want *wants, size_t nwants)
{
	const char **all = NULL;
	size_t n = 0, cap = 0, tcap = 0;

	memset(p, 0, sizeof(*p));
	for (size_t r = 0; r < nwants; r++) {
		const struct ss_want *rule = &wants[r];

		if (rule->applies) {
			xgrow((void **)&p->tested, &tcap, p->ntested + 1, sizeof(*p->tested));
			p->tested[p->ntested++] = *rule;
			continue;
		}
		if (!names_a_token(rule))
			p->everything = true;
		for (size_t i = 0; rule->needs && rule->needs[i]; i++) {
			if (!rule->needs[i][0])
				continue;
			xgrow((void **)&all, &cap, n + 1, sizeof(*all));
			all[n++] = rule->needs[i];
		}
	}
	p->tokens = xcalloc(n ? n : 1, sizeof(*p->tokens));
	p->lens = xcalloc(n ? n : 1, sizeof(*p->lens));
	for (size_t i = 0; i < n; i++) {
		if (redundant(i, all, n))
			continue;
		p->tokens[p->n] = all[i];
		p->lens[p->n] = strlen(all[i]);
		p->n++;
	}
	free(all);
}

/*
 * Whether a word of buf starts with the token: `buf_pos` and
 * `if_positive` hold no f_pos, and on a kernel tree such near misses were
 * two thirds of the files parsed for f_pos.  (A token may be a prefix, as
 * `demo_` of `demo_one`.)
 *
 * glibc's strstr() is vectorized and its memmem() is not: on a whole tree
 * that is most of the scan's time.  strstr() stops at a NUL, so it is only
 * used on text that has none before its terminating one.
 */
static bool contains(const char *buf, size_t len, bool text, const char *tok, size_t toklen)
{
	const char *at = buf, *end = buf + len;

	while (at < end && (at = text ? strstr(at, tok)
				      : memmem(at, (size_t)(end - at), tok, toklen)) != NULL) {
		if (at == buf || !ss_ctext_ident_char(at[-1]))
			return true;
		at++;
	}
	return false;
}

/* The answers of contains() for one text: rules share tokens, and each
   look is a pass over the whole file. */
struct seen {
	const char *tok[16];
	bool has[16];
	size_t n;
};

static bool seen_contains(struct seen *m, const char *buf, size_t len, bool text, const char *tok)
{
	bool has;

	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->tok[i], tok) == 0)
			return m->has[i];
	has = contains(buf, len, text, tok, strlen(tok));
	if (m->n < sizeof(m->tok) / sizeof(m->tok[0])) {
		m->tok[m->n] = tok;
		m->has[m->n++] = has;
	}
	return has;
}

static bool holds_a_need(const struct ss_want *r, const char *buf, size_t len, bool text,
			 struct seen *m)
{
	if (!names_a_token(r))
		return true;
	for (size_t i = 0; r->needs[i]; i++)
		if (r->needs[i][0] && seen_contains(m, buf, len, text, r->needs[i]))
			return true;
	return false;
}

static bool match(const struct ss_prefilter *p, const char *buf, size_t len, bool text,
		  const struct ss_prefilter_era *era)
{
	struct seen m = { 0 };
	struct ss_facts sheet;
	bool read = false, found = false;

	if (p->everything)
		return true;
	for (size_t i = 0; i < p->n; i++)
		if (seen_contains(&m, buf, len, text, p->tokens[i]))
			return true;
	for (size_t i = 0; i < p->ntested && !found; i++) {
		if (!holds_a_need(&p->tested[i], buf, len, text, &m))
			continue;
		if (!read) {
			ss_text_facts(buf, len, &sheet);
			if (era)
				era->fill(era->ctx, &sheet);
		}
		read = true;
		found = p->tested[i].applies(&sheet) != SS_NO;
	}
	if (read)
		ss_facts_free(&sheet);
	return found;
}

bool ss_prefilter_match(const struct ss_prefilter *p, const char *buf, size_t len)
{
	return match(p, buf, len, buf[len] == '\0' && !memchr(buf, '\0', len), NULL);
}

bool ss_prefilter_match_text(const struct ss_prefilter *p, const char *buf, size_t len)
{
	return match(p, buf, len, true, NULL);
}

bool ss_prefilter_match_era(const struct ss_prefilter *p, const char *buf, size_t len,
			    const struct ss_prefilter_era *era)
{
	return match(p, buf, len, true, era);
}

void ss_prefilter_free(struct ss_prefilter *p)
{
	free(p->tokens);
	free(p->lens);
	free(p->tested);
	memset(p, 0, sizeof(*p));
}

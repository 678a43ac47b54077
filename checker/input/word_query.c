// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/word_query.h"

#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static bool valid_word(const char *w, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!word_char((unsigned char)w[i]))
			return false;
	return true;
}

/* The index of the word in q->words, added when new; -1 when full. */
static int word_index(struct ss_word_query *q, const char *w, size_t n)
{
	for (size_t i = 0; i < q->nwords; i++)
		if (strlen(q->words[i]) == n && memcmp(q->words[i], w, n) == 0)
			return (int)i;
	if (q->nwords == SS_WORD_QUERY_MAX_WORDS)
		return -1;
	q->words = xrealloc(q->words, (q->nwords + 1) * sizeof(*q->words));
	q->words[q->nwords] = xstrndup(w, n);
	return (int)q->nwords++;
}

int ss_word_query_parse(const char *arg, struct ss_word_query *q, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '='), *s;

	memset(q, 0, sizeof(*q));
	if (!eq || eq == arg || !eq[1]) {
		snprintf(err, errlen, "--patch-words '%s': expected PATCH=WORD[+WORD...][,...]", arg);
		return -1;
	}
	q->patch = xstrndup(arg, (size_t)(eq - arg));
	for (s = eq + 1;;) {
		uint64_t term = 0;

		for (;;) {
			size_t n = strcspn(s, "+,");
			int i;

			if (!valid_word(s, n)) {
				snprintf(err, errlen, "--patch-words '%s': '%.*s' is not a word",
					 arg, (int)n, s);
				goto bad;
			}
			i = word_index(q, s, n);
			if (i < 0) {
				snprintf(err, errlen, "--patch-words '%s': more than %d words", arg,
					 SS_WORD_QUERY_MAX_WORDS);
				goto bad;
			}
			term |= UINT64_C(1) << i;
			s += n;
			if (*s != '+')
				break;
			s++;
		}
		q->terms = xrealloc(q->terms, (q->nterms + 1) * sizeof(*q->terms));
		q->terms[q->nterms++] = term;
		if (!*s)
			return 0;
		s++;	/* ',' */
	}
bad:
	ss_word_query_free(q);
	return -1;
}

static bool holds_word(const char *buf, size_t len, const char *w)
{
	size_t n = strlen(w);
	const char *end = buf + len, *p = buf;

	while ((p = memmem(p, (size_t)(end - p), w, n)) != NULL) {
		if ((p == buf || !word_char((unsigned char)p[-1])) &&
		    (p + n == end || !word_char((unsigned char)p[n])))
			return true;
		p++;
	}
	return false;
}

bool ss_word_query_match(const struct ss_word_query *q, const char *buf, size_t len)
{
	uint64_t looked = 0, found = 0;

	for (size_t t = 0; t < q->nterms; t++) {
		uint64_t term = q->terms[t];
		bool all = true;

		for (size_t i = 0; i < q->nwords && all; i++) {
			uint64_t bit = UINT64_C(1) << i;

			if (!(term & bit))
				continue;
			if (!(looked & bit)) {
				looked |= bit;
				if (holds_word(buf, len, q->words[i]))
					found |= bit;
			}
			all = (found & bit) != 0;
		}
		if (all)
			return true;
	}
	return false;
}

void ss_word_query_free(struct ss_word_query *q)
{
	for (size_t i = 0; i < q->nwords; i++)
		free(q->words[i]);
	free(q->words);
	free(q->terms);
	free(q->patch);
	memset(q, 0, sizeof(*q));
}

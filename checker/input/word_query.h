/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_WORD_QUERY_H
#define SAFESEEK_WORD_QUERY_H

/*
 * Which files a semantic patch would look at, as spatch chooses them by
 * the words of the file (--patch-words, given by run-check.sh, which asks
 * spatch for them): the checker reads every file of the tree anyway, and
 * answering here spares spatch a pass over the tree of its own.
 *
 * The argument is "PATCH=TERM[,TERM...]", each TERM words joined by '+':
 * a file is chosen when it holds every word of some TERM, each as a whole
 * word.  Only ASCII letters, digits and '_' make up a word here; spatch
 * may count a few more bytes as word characters, so that a match here may
 * be none for it, never the other way round.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SS_WORD_QUERY_MAX_WORDS 64

struct ss_word_query {
	char *patch;		/* "nonseekable_open.cocci" */
	char **words;		/* every distinct word of the terms */
	size_t nwords;
	uint64_t *terms;	/* one bit per word of `words` */
	size_t nterms;
};

/* 0, or -1 with a one-line reason in err. */
int ss_word_query_parse(const char *arg, struct ss_word_query *q, char *err, size_t errlen);
/* Whether the bytes (NULs and all) hold every word of some term. */
bool ss_word_query_match(const struct ss_word_query *q, const char *buf, size_t len);
void ss_word_query_free(struct ss_word_query *q);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PREFILTER_H
#define SAFESEEK_PREFILTER_H

/*
 * The fast scan that decides whether a file is worth parsing: it is, when its
 * bytes contain one of the tokens some client (a rule) needs and, for a
 * client with a condition, that condition is not "no" on the fact sheet
 * of the text (input/text_facts.h).
 */

#include "facts/facts.h"

#include <stdbool.h>
#include <stddef.h>

/* What one client wants of a file. */
struct ss_want {
	const char *const *needs;	/* NULL-terminated; naming none means every file */
	/* NULL, or its condition: no when the file surely holds nothing for it */
	enum ss_tri (*applies)(const struct ss_facts *s);
};

struct ss_prefilter {
	const char **tokens;	/* of the clients without a condition */
	size_t *lens;
	size_t n;
	struct ss_want *tested;	/* the clients with one */
	size_t ntested;
	bool everything;	/* some client names no token: parse every file */
};

void ss_prefilter_init(struct ss_prefilter *p, const struct ss_want *wants, size_t n);
/* buf[len] must be readable: a struct ss_source's terminating NUL. */
bool ss_prefilter_match(const struct ss_prefilter *p, const char *buf, size_t len);
/* The same for text known to hold no NUL before buf[len], which is one:
   the caller has looked already (run.c turns binary files away). */
bool ss_prefilter_match_text(const struct ss_prefilter *p, const char *buf, size_t len);

/*
 * What the text cannot tell and the caller can: the era's facts of the
 * file's kernel (vfs[] of the sheet), put on the text's sheet before the
 * conditions are asked.  Asked at most once a file, and only of a file
 * whose conditions must be asked.  NULL leaves the era unknown.
 */
struct ss_prefilter_era {
	void (*fill)(void *ctx, struct ss_facts *sheet);
	void *ctx;
};
bool ss_prefilter_match_era(const struct ss_prefilter *p, const char *buf, size_t len,
			    const struct ss_prefilter_era *era);
void ss_prefilter_free(struct ss_prefilter *p);

#endif

#ifndef SAFESEEK_PREFILTER_H
#define SAFESEEK_PREFILTER_H

/*
 * The fast scan that decides whether a file is worth parsing: it is, when its
 * bytes contain one of the tokens some rule needs (struct ss_rule.needs) and,
 * for a rule with a text test of its own (struct ss_rule.maybe), that test
 * does not rule the file out.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_rule;

struct ss_prefilter {
	const char **tokens;	/* of the rules without a text test */
	size_t *lens;
	size_t n;
	const struct ss_rule **tested;	/* the rules with one */
	size_t ntested;
	bool everything;	/* some rule names no token: parse every file */
};

void ss_prefilter_init(struct ss_prefilter *p);
/* buf[len] must be readable: a struct ss_source's terminating NUL. */
bool ss_prefilter_match(const struct ss_prefilter *p, const char *buf, size_t len);
/* The same for text known to hold no NUL before buf[len], which is one:
   the caller has looked already (run.c turns binary files away). */
bool ss_prefilter_match_text(const struct ss_prefilter *p, const char *buf, size_t len);
void ss_prefilter_free(struct ss_prefilter *p);

#endif

#ifndef SAFESEEK_PREFILTER_H
#define SAFESEEK_PREFILTER_H

/*
 * The fast scan that decides whether a file is worth parsing: it is, when its
 * bytes contain one of the tokens some rule needs (struct ss_rule.needs).
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_prefilter {
	const char **tokens;
	size_t *lens;
	size_t n;
	bool everything;	/* no rule names a token: parse every file */
};

void ss_prefilter_init(struct ss_prefilter *p);
bool ss_prefilter_match(const struct ss_prefilter *p, const char *buf, size_t len);
void ss_prefilter_free(struct ss_prefilter *p);

#endif

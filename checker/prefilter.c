#define _GNU_SOURCE
#include "prefilter.h"
#include "rule.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* A token that contains another token adds nothing: any file holding it
   also holds the shorter one. */
static bool redundant(size_t k, const char *const *all, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i == k)
			continue;
		if (strcmp(all[i], all[k]) == 0) {
			if (i < k)	/* keep the first of equal tokens */
				return true;
		} else if (strstr(all[k], all[i])) {
			return true;
		}
	}
	return false;
}

void ss_prefilter_init(struct ss_prefilter *p)
{
	const char **all = NULL;
	size_t n = 0, cap = 0;

	memset(p, 0, sizeof(*p));
	for (size_t r = 0; r < ss_rule_count; r++) {
		const char *const *needs = ss_rules[r]->needs;

		for (size_t i = 0; needs && needs[i]; i++) {
			if (!needs[i][0])
				continue;
			xgrow((void **)&all, &cap, n + 1, sizeof(*all));
			all[n++] = needs[i];
		}
	}
	if (n == 0) {
		p->everything = true;
		free(all);
		return;
	}
	p->tokens = xcalloc(n, sizeof(*p->tokens));
	p->lens = xcalloc(n, sizeof(*p->lens));
	for (size_t i = 0; i < n; i++) {
		if (redundant(i, all, n))
			continue;
		p->tokens[p->n] = all[i];
		p->lens[p->n] = strlen(all[i]);
		p->n++;
	}
	free(all);
}

bool ss_prefilter_match(const struct ss_prefilter *p, const char *buf, size_t len)
{
	if (p->everything)
		return true;
	for (size_t i = 0; i < p->n; i++)
		if (memmem(buf, len, p->tokens[i], p->lens[i]))
			return true;
	return false;
}

void ss_prefilter_free(struct ss_prefilter *p)
{
	free(p->tokens);
	free(p->lens);
	memset(p, 0, sizeof(*p));
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The #if branches a parse skipped that any parse given the same kernel
 * configuration skips alike: those whose deciding conditions test nothing
 * but Kconfig options (CONFIG_*, IS_ENABLED() and its kin) and numbers.
 * Once the bundled header is given the tree's autoconf.h, what they hide
 * the real headers hide too, so they leave nothing unknown (gaps.c).
 */
#include "model/internal.h"

#include "model/unit.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <string.h>

struct directive {
	size_t name, name_end;	/* "if", "elif", "endif", ... */
	size_t end;		/* the end of its line, continuations included */
};

/* The directive of the line starting at `i`, if that line is one. */
static bool directive_at(const char *s, size_t len, size_t i, struct directive *d)
{
	i = ss_ctext_directive_at(s, len, i);
	if (i == SS_CTEXT_NONE)
		return false;
	d->name = i;
	d->name_end = ss_ctext_ident_end(s, len, i);
	d->end = ss_ctext_line_end(s, len, i);
	return true;
}

static bool named(const char *s, const struct directive *d, const char *w)
{
	size_t n = strlen(w);

	return d->name_end - d->name == n && memcmp(s + d->name, w, n) == 0;
}

static bool opens(const char *s, const struct directive *d)
{
	return named(s, d, "if") || named(s, d, "ifdef") || named(s, d, "ifndef");
}

static bool continues(const char *s, const struct directive *d)
{
	return named(s, d, "elif") || named(s, d, "else") ||
	       named(s, d, "elifdef") || named(s, d, "elifndef");
}

/* Whether the directive's condition names only Kconfig options, the tests
   on them, and numbers (`#else` and `#endif` have none). */
static bool tests_config_only(const char *s, const struct directive *d)
{
	static const char *const tests[] = {
		"defined", "IS_ENABLED", "IS_BUILTIN", "IS_MODULE", "IS_REACHABLE",
	};
	size_t i = d->name_end;

	while ((i = ss_ctext_skip_noise(s, d->end, i)) < d->end) {
		size_t end = ss_ctext_ident_end(s, d->end, i);
		bool known = end - i > 7 && memcmp(s + i, "CONFIG_", 7) == 0;

		if (end == i) {
			/* a number (with its suffix) or an operator */
			if (isdigit((unsigned char)s[i]))
				while (i < d->end && ss_ctext_ident_char(s[i]))
					i++;
			else
				i++;
			continue;
		}
		for (size_t t = 0; !known && t < sizeof(tests) / sizeof(tests[0]); t++)
			known = ss_ctext_word_at(s, end, i, tests[t], strlen(tests[t]));
		if (!known)
			return false;
		i = end;
	}
	return true;
}

static size_t next_line(const char *s, size_t len, size_t i)
{
	i = ss_ctext_line_end(s, len, i);
	return i < len ? i + 1 : len;
}

/*
 * The conditions before the branch at `at` (an #elif or #else) in its
 * chain, back to the #if opening it: they decided it was not taken too.
 */
static bool chain_before_config_only(const char *s, size_t len, size_t at)
{
	long depth = 0;
	size_t i = at;

	while (i > 0) {
		struct directive d;

		/* the start of the line before */
		i--;
		while (i > 0 && s[i - 1] != '\n')
			i--;
		if (!directive_at(s, len, i, &d))
			continue;
		if (named(s, &d, "endif")) {
			depth++;
		} else if (opens(s, &d)) {
			if (depth == 0)
				return tests_config_only(s, &d);
			depth--;
		} else if (depth == 0 && continues(s, &d) && !tests_config_only(s, &d)) {
			return false;
		}
	}
	return false;	/* no #if opens it: not a chain this reads */
}

/* Whether the skipped text [start, end), which begins with the directive
   of the first branch not taken, was skipped for the configuration alone. */
static bool skipped_for_config(const char *s, size_t len, size_t start, size_t end)
{
	struct directive d;
	long depth = 0;
	bool first = true;

	if (!directive_at(s, len, start, &d))
		return false;
	if (continues(s, &d) && !chain_before_config_only(s, len, start))
		return false;
	for (size_t i = start; i < end && i < len; i = next_line(s, len, i)) {
		if (!directive_at(s, len, i, &d))
			continue;
		if (opens(s, &d) && !first) {
			depth++;	/* nested in a branch not taken: decides nothing */
		} else if (named(s, &d, "endif")) {
			depth--;
		} else if (depth == 0 && (opens(s, &d) || continues(s, &d)) &&
			   !tests_config_only(s, &d)) {
			return false;
		}
		first = false;
		i = d.end;
	}
	return true;
}

size_t model_skipped_alike(const struct ss_unit *u, const char *s, size_t len,
			   struct model_span **out)
{
	CXSourceRangeList *skipped;
	size_t n = 0;

	*out = NULL;
	if (!u->config_known)
		return 0;
	skipped = clang_getSkippedRanges(u->tu, u->main_file);
	for (unsigned i = 0; skipped && i < skipped->count; i++) {
		unsigned start, end;

		clang_getFileLocation(clang_getRangeStart(skipped->ranges[i]), NULL, NULL, NULL,
				      &start);
		clang_getFileLocation(clang_getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL,
				      &end);
		if (start >= end || end > len || !skipped_for_config(s, len, start, end))
			continue;
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n].start = start;
		(*out)[n].end = end;
		n++;
	}
	clang_disposeSourceRangeList(skipped);
	return n;
}

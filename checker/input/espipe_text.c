// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/espipe_text.h"

#include "util/ctext.h"

#include <string.h>

#define WORD(w) w, sizeof(w) - 1

/*
 * Whether the byte before `b` may lie in a `//` comment: a backward scan
 * cannot tell, so a line holding `//` before it is taken to.
 */
static bool maybe_line_comment(const char *s, size_t b)
{
	size_t start = b;

	while (start > 0 && s[start - 1] != '\n')
		start--;
	return b > start && memmem(s + start, b - start, "//", 2) != NULL;
}

/* Whether the ESPIPE at `i` is in `{ return [casts] -ESPIPE [)...] ; }`. */
static bool whole_body(const char *s, size_t len, size_t i)
{
	size_t p = ss_ctext_skip_blank(s, len, i + sizeof("ESPIPE") - 1), b;

	while (p < len && s[p] == ')')
		p = ss_ctext_skip_blank(s, len, p + 1);
	if (p >= len || s[p] != ';')
		return false;
	p = ss_ctext_skip_blank(s, len, p + 1);
	if (p >= len || s[p] != '}')
		return false;

	b = ss_ctext_back_blank(s, i);
	if (maybe_line_comment(s, b))
		return true;
	if (b == 0 || s[b - 1] != '-')
		return false;
	/* back over `(type)` casts and parentheses to `return` */
	for (b = ss_ctext_back_blank(s, b - 1);; b = ss_ctext_back_blank(s, b)) {
		size_t w = b;

		if (maybe_line_comment(s, b))
			return true;
		if (b > 0 && (s[b - 1] == '(' || s[b - 1] == ')')) {
			b--;
			continue;
		}
		while (w > 0 && ss_ctext_ident_char(s[w - 1]))
			w--;
		if (w == b)
			return false;
		if (ss_ctext_word_at(s, len, w, WORD("return"))) {
			b = ss_ctext_back_blank(s, w);
			return maybe_line_comment(s, b) || (b > 0 && s[b - 1] == '{');
		}
		b = w;
	}
}

bool ss_text_espipe_body(const char *s, size_t len)
{
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), WORD("ESPIPE")))) {
		size_t i = (size_t)(at - s);

		at += sizeof("ESPIPE") - 1;
		if (ss_ctext_word_at(s, len, i, WORD("ESPIPE")) && whole_body(s, len, i))
			return true;
	}
	return false;
}

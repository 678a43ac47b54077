// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/member_text.h"

#include "util/ctext.h"

#include <ctype.h>
#include <string.h>

/* Offset of the last byte before `i` that is not blank, a line
   continuation or the end of a comment's text (0 when there is none). */
static size_t before_blanks(const char *s, size_t i)
{
	for (;;) {
		while (i > 0 && (isspace((unsigned char)s[i - 1]) || s[i - 1] == '\\'))
			i--;
		if (i >= 2 && s[i - 1] == '/' && s[i - 2] == '*') {
			/* back over the comment to its opening */
			i -= 2;
			while (i >= 2 && !(s[i - 2] == '/' && s[i - 1] == '*'))
				i--;
			i = i >= 2 ? i - 2 : 0;
			continue;
		}
		return i;
	}
}

bool ss_text_reaches_fpos(const char *s, size_t len)
{
	static const char member[] = "f_pos";
	const size_t n = sizeof(member) - 1;
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), member, n))) {
		size_t i = (size_t)(at - s), b;

		at += n;
		if (!ss_ctext_word_at(s, len, i, member, n))
			continue;
		b = before_blanks(s, i);
		if ((b >= 1 && s[b - 1] == '.') || (b >= 2 && s[b - 1] == '>' && s[b - 2] == '-'))
			return true;
	}
	return false;
}

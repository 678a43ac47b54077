// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/member_text.h"

#include "util/ctext.h"

#include <string.h>

bool ss_text_reaches_fpos(const char *s, size_t len)
{
	static const char member[] = "f_pos";
	const size_t n = sizeof(member) - 1;
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), member, n))) {
		size_t i = (size_t)(at - s);

		at += n;
		if (ss_ctext_word_at(s, len, i, member, n) && ss_ctext_member_at(s, i))
			return true;
	}
	return false;
}

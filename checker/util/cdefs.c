// SPDX-License-Identifier: GPL-2.0-only
#include "util/cdefs.h"

#include "util/ctext.h"

/* Where the body of the parameter list closed at `close` opens: `{` straight
   away or after old-style declarations, each ended by `;` (a prototype's
   `;` followed by more code is no such thing: the `{` that opens a struct
   there does not follow a `;`).  len when there is none. */
static size_t body_after(const char *s, size_t len, size_t close, bool *old_style)
{
	char prev = ')';

	*old_style = false;
	for (size_t i = ss_ctext_skip_blank(s, len, close + 1); i < len;
	     i = ss_ctext_skip_blank(s, len, i + 1)) {
		if (s[i] == '{')
			return prev == ')' || prev == ';' ? i : len;
		if (s[i] == '(' || s[i] == '=' || s[i] == ',' || s[i] == '}' || s[i] == ')' ||
		    s[i] == '#')
			return len;
		*old_style = true;
		prev = s[i];
	}
	return len;
}

/* The identifier that ends right before the blanks before `paren`. */
static void name_before(const char *s, size_t paren, struct ss_cdef *d)
{
	size_t end = ss_ctext_back_blank(s, paren), at = end;

	while (at > 0 && ss_ctext_ident_char(s[at - 1]))
		at--;
	if (at < end && !(s[at] >= '0' && s[at] <= '9')) {
		d->name = at;
		d->name_len = end - at;
	} else {
		d->name = paren;
		d->name_len = 0;
	}
}

bool ss_cdefs_each(const char *s, size_t len,
		   bool (*each)(const char *s, size_t len, const struct ss_cdef *d, void *arg),
		   void *arg)
{
	size_t i = 0;

	while ((i = ss_ctext_skip_noise(s, len, i)) < len) {
		struct ss_cdef d;
		size_t end;

		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, len, i);
			continue;
		}
		if (s[i] == '{') {
			i = ss_ctext_closing(s, len, i) + 1;
			continue;
		}
		if (s[i] != '(') {
			end = ss_ctext_ident_end(s, len, i);
			i = end > i ? end : i + 1;
			continue;
		}
		d.params = i;
		d.params_end = ss_ctext_closing(s, len, i);
		if (d.params_end >= len)
			return true;
		d.body = body_after(s, len, d.params_end, &d.old_style);
		if (d.body >= len) {
			i = d.params_end + 1;
			continue;
		}
		d.body_end = ss_ctext_closing(s, len, d.body);
		if (d.body_end >= len)
			return true;
		name_before(s, d.params, &d);
		if (!each(s, len, &d, arg))
			return false;
		i = d.body_end + 1;
	}
	return true;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The words of the main file's code, for the parts of the model that read
 * its text where the AST may have lost something (undecided.c, recover.c).
 */
#include "model/internal.h"

#include "util/ctext.h"

#include <string.h>

bool model_each_word(const struct model_text *t, size_t from, size_t to,
		     model_word_fn fn, void *arg)
{
	const char *s = t->s;
	size_t i = from, k = 0;

	if (to > t->len)
		to = t->len;
	while ((i = ss_ctext_skip_noise(s, to, i)) < to) {
		size_t end = ss_ctext_ident_end(s, to, i);

		while (k < t->nalike && t->alike[k].end <= i)
			k++;
		if (k < t->nalike && t->alike[k].start <= i) {
			i = t->alike[k].end;
			continue;
		}
		if (s[i] == '#' && ss_ctext_line_start(s, i) && !t->directives) {
			i = ss_ctext_line_end(s, to, i);
			continue;
		}
		if (end == i) {
			i++;
			continue;
		}
		if (fn(s, i, end, arg))
			return true;
		i = end;
	}
	return false;
}

bool model_is_word(const char *s, size_t at, size_t end, const char *w)
{
	return ss_ctext_word_at(s, end, at, w, strlen(w));
}

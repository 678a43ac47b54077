// SPDX-License-Identifier: GPL-2.0-only
/*
 * The words of the main file's code, and where a function's body lies in
 * it, for the parts of the model that read its text where the AST may have
 * lost something (gaps.c, recover.c).
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

bool model_body_span(const struct ss_model *m, const struct ss_function *f,
		     size_t *start, size_t *end)
{
	CXSourceRange r;
	CXFile file;
	unsigned from, to;

	if (clang_Cursor_isNull(f->body))
		return false;
	r = clang_getCursorExtent(f->body);
	clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, &from);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
	if (!file || !m->main_file || !clang_File_isEqual(file, m->main_file) || from >= to)
		return false;
	*start = from;
	*end = to;
	return true;
}

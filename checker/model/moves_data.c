// SPDX-License-Identifier: GPL-2.0-only
#include "model/internal.h"
#include "model/summary.h"

#include <string.h>

/*
 * How a function of this file ends is the function summary's fact
 * (model/summary.c decides it): a method that always fails or never
 * touches its buffer moves no data, so a positioned call reaching it
 * succeeds at nothing, and an open that always fails opens no file.
 */
/* The text's record first, as the tree's index has it: a parse error
   can turn `return -EINVAL;` into a return of nothing the AST can read.
   The AST's where the text has none. */
static enum ss_ending ending_of(const struct ss_model *m, const char *name)
{
	const struct ss_function *fn = name ? ss_model_function_named(m, name) : NULL;
	struct ss_summaries s = { 0 };
	enum ss_ending e = SS_ENDING_UNKNOWN;
	size_t len = 0;
	const char *text;
	bool found = false;

	if (!fn)
		return SS_ENDING_UNKNOWN;
	text = clang_getFileContents(m->tu, m->main_file, &len);
	if (text)
		ss_summarise_text("", text, len, &s);
	for (size_t i = 0; i < s.n && !found; i++)
		if (strcmp(s.v[i].name, name) == 0) {
			e = (enum ss_ending)s.v[i].ending;
			found = true;
		}
	ss_summaries_free(&s);
	if (found)
		return e;
	ss_summarise_cursor(m->tu, fn->cursor, ss_summaries_add(&s));
	e = (enum ss_ending)s.v[0].ending;
	ss_summaries_free(&s);
	return e;
}

enum ss_tri ss_model_moves_data(const struct ss_model *m, const char *name)
{
	enum ss_ending e = ending_of(m, name);

	return e == SS_ENDING_UNKNOWN ? SS_UNKNOWN : ss_tri_of(e == SS_ENDING_DATA);
}

bool ss_model_always_fails(const struct ss_model *m, const char *name)
{
	return ending_of(m, name) == SS_ENDING_ERROR;
}

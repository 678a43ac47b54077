// SPDX-License-Identifier: GPL-2.0-only
#include "model/internal.h"
#include "model/summary.h"

#include <stdlib.h>
#include <string.h>

/*
 * How a function of this file ends is the function summary's fact
 * (model/summary.c decides it): a method that always fails or never
 * touches its buffer moves no data, so a positioned call reaching it
 * succeeds at nothing, and an open that always fails opens no file.
 */
/* The main file's text summaries, made the first time a rule asks: the
   model is const to its readers, the record it points to is not. */
static const struct ss_summaries *text_summaries(const struct ss_model *m)
{
	struct text_summaries *t = m->text_summaries;

	if (!t->made) {
		size_t len = 0;
		const char *text = clang_getFileContents(m->tu, m->main_file, &len);

		if (text)
			ss_summarise_text("", text, len, &t->s);
		t->made = true;
	}
	return &t->s;
}

void ss_model_text_summaries_free(struct ss_model *m)
{
	ss_summaries_free(&m->text_summaries->s);
	free(m->text_summaries);
}

/* The text's record first, as the tree's index has it: a parse error
   can turn `return -EINVAL;` into a return of nothing the AST can read.
   The AST's where the text has none. */
static enum ss_ending ending_of(const struct ss_model *m, const char *name)
{
	const struct ss_function *fn = name ? ss_model_function_named(m, name) : NULL;
	const struct ss_summaries *text;
	struct ss_summaries s = { 0 };
	enum ss_ending e;

	if (!fn)
		return SS_ENDING_UNKNOWN;
	text = text_summaries(m);
	for (size_t i = 0; i < text->n; i++)
		if (strcmp(text->v[i].name, name) == 0)
			return (enum ss_ending)text->v[i].ending;
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

// SPDX-License-Identifier: GPL-2.0-only
/* The fact sheet (facts/facts.h) as the model of a parsed file shows it. */
#include "model/internal.h"

#include "model/unit.h"

#include "input/fops_text.h"
#include "input/handoff_text.h"

#include <string.h>

static void method_facts(const struct ss_model *m, const struct ss_fops *f,
			 struct ss_fops_facts *out)
{
	for (size_t j = 0; ss_data_methods[j]; j++) {
		const char *name = ss_fops_method(f, ss_data_methods[j]);
		const struct ss_function *fn;
		struct ss_method_facts *mf;

		if (!name)
			continue;
		fn = ss_model_function_named(m, name);
		mf = ss_fops_facts_add_method(out);
		mf->here = ss_tri_of(fn != NULL);
		if (!fn)
			continue;	/* what it does is another file's */
		mf->uses_position = ss_tri_of(ss_function_uses_position(fn));
		mf->examines_position = ss_tri_of(!ss_function_ignores_position(fn));
		mf->names_position = ss_tri_of(fn->position_uses > 0);
	}
}

/* Whether the open is stream_open() or one of this file calling it itself. */
static bool open_is_stream(const struct ss_model *m, const char *open)
{
	const struct ss_function *fn;

	if (!open)
		return false;
	if (strcmp(open, "stream_open") == 0)
		return true;
	fn = ss_model_function_named(m, open);
	return fn && ss_function_calls(m, fn, "stream_open");
}

static void fops_facts(struct ss_model *m, const struct ss_fops *f, struct ss_fops_facts *out)
{
	const char *llseek = ss_fops_method(f, "llseek");
	enum ss_open_kind open = ss_model_open_kind(m, ss_fops_method(f, "open"));
	char how[160];

	out->name = f->name;
	out->data = ss_tri_of(ss_fops_has_data_method(f));
	out->llseek = ss_tri_of(llseek != NULL);
	/* The model keeps no member set to NULL. */
	out->names_method = out->data == SS_YES || llseek ? SS_YES : SS_UNKNOWN;
	out->no_llseek = ss_tri_of(llseek && strcmp(llseek, "no_llseek") == 0);
	out->own_llseek = ss_tri_of(llseek && strcmp(llseek, "no_llseek") != 0 &&
				    strcmp(llseek, "noop_llseek") != 0);
	out->refuses_lseek = ss_tri_of(ss_model_refuses_lseek(m, f, how, sizeof(how)));
	out->open_seekable = ss_tri_of(open == SS_OPEN_SEEKABLE);
	out->open_nonseekable = ss_tri_of(open == SS_OPEN_NONSEEKABLE);
	out->open_stream = ss_tri_of(open_is_stream(m, ss_fops_method(f, "open")));
	out->pseudo = ss_tri_of(f->pseudo);
	out->debatable = ss_tri_of((llseek ? ss_model_refusal_doubt(m, f) : ss_model_stream_doubt(f)) !=
				   SS_DOUBT_NONE);
	out->methods_refuse_pread = ss_tri_of(ss_model_methods_refuse_pread(m, f));
	out->proc = ss_tri_of(f->handed & SS_HANDED_PROC);
	method_facts(m, f, out);
}

static bool fpos_outside_llseek(const struct ss_model *m)
{
	for (size_t i = 0; i < ss_model_fpos_count(m); i++) {
		const struct ss_function *fn = ss_model_fpos(m, i)->function;

		if (!fn || !(fn->roles & SS_ROLE_LLSEEK))
			return true;
	}
	return false;
}

static bool espipe_llseek(struct ss_model *m)
{
	for (size_t i = 0; i < ss_model_function_count(m); i++) {
		const struct ss_function *fn = ss_model_function(m, i);

		if (ss_model_espipe_llseek(m, fn))
			return true;
	}
	return false;
}

void ss_model_facts(const struct ss_unit *u, struct ss_facts *out)
{
	struct ss_model *m = u->model;

	memset(out, 0, sizeof(*out));
	out->fpos_member = ss_tri_of(fpos_outside_llseek(m));
	out->espipe_llseek = ss_tri_of(espipe_llseek(m));
	for (size_t i = 0; i < ss_model_fops_count(m); i++)
		fops_facts(m, ss_model_fops(m, i), ss_facts_add_fops(out));
	model_gap_facts(u, out);
}

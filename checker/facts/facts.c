// SPDX-License-Identifier: GPL-2.0-only
#include "facts/facts.h"

#include "facts/provenance.h"

#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

void ss_facts_free(struct ss_facts *s)
{
	free(s->fops);
	memset(s, 0, sizeof(*s));
}

struct ss_fops_facts *ss_facts_add_fops(struct ss_facts *s)
{
	struct ss_fops_facts *f;

	xgrow((void **)&s->fops, &s->capfops, s->nfops + 1, sizeof(*s->fops));
	f = &s->fops[s->nfops++];
	memset(f, 0, sizeof(*f));
	return f;
}

struct ss_method_facts *ss_fops_facts_add_method(struct ss_fops_facts *f)
{
	struct ss_method_facts *m;

	if (f->nmethods == SS_FACTS_METHODS) {
		f->more = true;
		m = &f->spare;
	} else {
		m = &f->methods[f->nmethods++];
	}
	memset(m, 0, sizeof(*m));
	return m;
}

/* Whether every data method is here and passes `ok`; no when there is none. */
static enum ss_tri every_method(const struct ss_fops_facts *f,
				enum ss_tri (*ok)(const struct ss_method_facts *))
{
	enum ss_tri all = f->more ? ss_and(f->data, SS_UNKNOWN) : f->data;

	for (size_t i = 0; i < f->nmethods; i++)
		all = ss_and(all, ss_and(f->methods[i].here, ok(&f->methods[i])));
	return all;
}

static enum ss_tri no_use(const struct ss_method_facts *m)
{
	return ss_not(m->uses_position);
}

static enum ss_tri no_examination(const struct ss_method_facts *m)
{
	return ss_not(m->examines_position);
}

static enum ss_tri names_none(const struct ss_method_facts *m)
{
	return ss_and(ss_not(m->examines_position), ss_not(m->names_position));
}

enum ss_tri ss_fops_stream(const struct ss_fops_facts *f)
{
	return every_method(f, no_use);
}

enum ss_tri ss_fops_ignoring(const struct ss_fops_facts *f)
{
	return every_method(f, no_examination);
}

enum ss_tri ss_fops_stream_safe(const struct ss_fops_facts *f)
{
	return every_method(f, names_none);
}

enum ss_tri ss_fops_era_stream(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	enum ss_tri refuses = ss_fops_missing_llseek_refuses(s, f);

	return ss_or(ss_and(refuses, ss_fops_ignoring(f)),
		     ss_and(ss_not(refuses), ss_fops_stream(f)));
}

enum ss_tri ss_fops_methods_ignore(const struct ss_facts *s, const struct ss_fops_facts *f,
				   enum ss_tri elsewhere)
{
	bool ignoring = ss_fops_missing_llseek_refuses(s, f) == SS_YES;
	enum ss_tri all = f->more ? SS_UNKNOWN : f->data;

	for (size_t i = 0; i < f->nmethods; i++) {
		const struct ss_method_facts *m = &f->methods[i];
		enum ss_tri uses = ignoring ? m->examines_position : m->uses_position;

		all = ss_and(all, uses == SS_YES ? SS_NO
				  : m->here == SS_NO ? elsewhere : ss_and(m->here, ss_not(uses)));
	}
	return all;
}

enum ss_tri ss_fops_unset_llseek_refuses(const struct ss_facts *s, const struct ss_fops_facts *f,
					 enum ss_tri elsewhere)
{
	return ss_and(ss_and(ss_not(f->llseek), ss_fops_missing_llseek_refuses(s, f)),
		      ss_fops_methods_ignore(s, f, elsewhere));
}

enum ss_tri ss_fops_pread_unrefused(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	return ss_or(s->vfs[SS_VFS_REFUSES_PREAD], ss_not(f->methods_refuse_pread));
}

enum ss_tri ss_facts_fpos_member(const struct ss_facts *s)
{
	return s->fpos_member;
}

enum ss_tri ss_facts_some_fops(const struct ss_facts *s,
			       enum ss_tri (*cond)(const struct ss_facts *,
						   const struct ss_fops_facts *))
{
	enum ss_tri any = SS_NO;

	for (size_t i = 0; i < s->nfops && any != SS_YES; i++)
		any = ss_or(any, cond(s, &s->fops[i]));
	return any;
}

unsigned ss_facts_undecided(const struct ss_facts *s)
{
	unsigned why = 0;

	if (s->fpos_typed != SS_YES)
		why |= SS_UNDECIDED_FPOS;
	if (s->fops_read != SS_YES)
		why |= SS_UNDECIDED_FOPS;
	if (s->methods_read != SS_YES)
		why |= SS_UNDECIDED_METHOD;
	if (s->fpos_roles != SS_YES)
		why |= SS_UNDECIDED_ROLE;
	return why;
}

void ss_facts_blind_methods(const struct ss_facts *s, struct ss_facts *out)
{
	*out = *s;
	out->fops = NULL;
	out->nfops = out->capfops = 0;
	for (size_t i = 0; i < s->nfops; i++) {
		struct ss_fops_facts *f = ss_facts_add_fops(out);

		*f = s->fops[i];
		f->open_seekable = f->open_nonseekable = f->open_stream = SS_UNKNOWN;
		f->debatable = f->methods_refuse_pread = SS_UNKNOWN;
		for (size_t j = 0; j < f->nmethods; j++) {
			f->methods[j].uses_position = SS_UNKNOWN;
			f->methods[j].examines_position = SS_UNKNOWN;
			f->methods[j].names_position = SS_UNKNOWN;
		}
	}
}

const char *ss_undecided_name(unsigned bit)
{
	switch (bit) {
	case SS_UNDECIDED_FPOS:
		return "f_pos of an unknown type";
	case SS_UNDECIDED_FOPS:
		return "a file_operations it cannot read";
	case SS_UNDECIDED_METHOD:
		return "parse errors in a method";
	case SS_UNDECIDED_ROLE:
		return "an f_pos user of no known role beside parse errors";
	case SS_UNDECIDED_UNPARSED:
		return "nothing parsed with the bundled header";
	}
	return "?";
}

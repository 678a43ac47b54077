// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/xfile.h"

#include "facts/facts.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define DEPTH 3

/* The summaries by name: an open-addressing table of indices. */
struct index {
	const struct ss_summaries *all;
	size_t *slot;		/* index + 1; 0 empty */
	size_t nslot;
	size_t *next;		/* the next record of the same name, + 1 */
};

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void index_build(struct index *x, const struct ss_summaries *all)
{
	x->all = all;
	x->nslot = 16;
	while (x->nslot < all->n * 2)
		x->nslot *= 2;
	x->slot = xcalloc(x->nslot, sizeof(*x->slot));
	x->next = xcalloc(all->n ? all->n : 1, sizeof(*x->next));
	for (size_t i = 0; i < all->n; i++) {
		size_t h = hash(all->v[i].name) & (x->nslot - 1);

		while (x->slot[h] && strcmp(all->v[x->slot[h] - 1].name, all->v[i].name) != 0)
			h = (h + 1) & (x->nslot - 1);
		x->next[i] = x->slot[h];
		x->slot[h] = i + 1;
	}
}

static void index_free(struct index *x)
{
	free(x->slot);
	free(x->next);
}

/*
 * The record of `name` as seen from `file`: its own definition first, then
 * the one definition elsewhere that is not static (or a header's).  NULL
 * when there is none, or several elsewhere that disagree.
 */
static const struct ss_summary *lookup(const struct index *x, const char *name, const char *file)
{
	size_t h = hash(name) & (x->nslot - 1);
	const struct ss_summary *found = NULL;

	while (x->slot[h] && strcmp(x->all->v[x->slot[h] - 1].name, name) != 0)
		h = (h + 1) & (x->nslot - 1);
	for (size_t k = x->slot[h]; k; k = x->next[k - 1]) {
		const struct ss_summary *s = &x->all->v[k - 1];

		if (strcmp(s->file, file) == 0)
			return s;
		if (s->is_static && !ss_path_has_suffix(s->file, ".h"))
			continue;
		if (found && (found->position != s->position || found->ending != s->ending ||
			      found->calls != s->calls))
			return NULL;
		found = s;
	}
	return found;
}

/* Whether the function refuses pread on the file it is handed. */
static enum ss_tri refuses(const struct index *x, const char *name, const char *file,
			   unsigned depth)
{
	const struct ss_summary *s = lookup(x, name, file);

	if (!s)
		return SS_UNKNOWN;
	if (s->calls & (SS_SUMMARY_NONSEEKABLE | SS_SUMMARY_CLEARS_PREAD))
		return SS_YES;
	for (size_t i = 0; depth < DEPTH && i < SS_SUMMARY_HANDOFFS && s->handed[i]; i++)
		if (refuses(x, s->handed[i], s->file, depth + 1) == SS_YES)
			return SS_YES;
	/* A callee the tree has no record of takes no struct file: it is a
	   macro or a function of no file, and refuses nothing. */
	return SS_NO;
}

static enum ss_tri open_leaves_pread(const struct index *x, const char *name, const char *file)
{
	const struct ss_summary *s = lookup(x, name, file);

	if (!s)
		return SS_UNKNOWN;
	if (s->ending == SS_ENDING_ERROR)
		return SS_NO;	/* never opens a file */
	return ss_not(refuses(x, name, file, 0));
}

/* What the method does with its position, following where it hands it. */
static enum ss_position_use position(const struct index *x, const char *name, const char *file,
				     unsigned depth)
{
	const struct ss_summary *s = lookup(x, name, file);
	enum ss_position_use p;

	if (!s)
		return SS_POSITION_UNKNOWN;
	p = (enum ss_position_use)s->position;
	if (!s->position_to || p == SS_POSITION_READS || p == SS_POSITION_UNKNOWN)
		return p;
	if (depth >= DEPTH)
		return SS_POSITION_UNKNOWN;
	{
		enum ss_position_use q = position(x, s->position_to, s->file, depth + 1);

		return q == SS_POSITION_IGNORES ? p : q;
	}
}

static enum ss_tri ignores(const struct index *x, const char *name, const char *file)
{
	switch (position(x, name, file, 0)) {
	case SS_POSITION_IGNORES:
	case SS_POSITION_WRITES:
		return SS_YES;
	case SS_POSITION_UNKNOWN:
		return SS_UNKNOWN;
	default:
		return SS_NO;
	}
}

static enum ss_tri honours(const struct index *x, const char *name, const char *file)
{
	enum ss_position_use p = position(x, name, file, 0);

	return p == SS_POSITION_UNKNOWN ? SS_UNKNOWN : ss_tri_of(p == SS_POSITION_READS);
}

static enum ss_tri moves_data(const struct index *x, const char *name, const char *file)
{
	const struct ss_summary *s = lookup(x, name, file);

	if (!s || s->ending == SS_ENDING_UNKNOWN)
		return SS_UNKNOWN;
	return ss_tri_of(s->ending == SS_ENDING_DATA);
}

static enum ss_tri refuses_pread_itself(const struct index *x, const char *name, const char *file)
{
	enum ss_position_use p = position(x, name, file, 0);

	if (p == SS_POSITION_UNKNOWN)
		return SS_UNKNOWN;
	return ss_tri_of(p == SS_POSITION_REFUSES_PREAD || p == SS_POSITION_REFUSES_NONZERO);
}

/* One term's kind over its names. */
static enum ss_tri term(const struct index *x, char kind, char *names, const char *file)
{
	enum ss_tri all = SS_YES, some = SS_NO;

	for (char *save = NULL, *n = strtok_r(names, ",", &save); n; n = strtok_r(NULL, ",", &save)) {
		switch (kind) {
		case 'O':
			return open_leaves_pread(x, n, file);
		case 'R':
			all = ss_and(all, ss_not(refuses(x, n, file, 0)));
			break;
		case 'I':
			all = ss_and(all, ignores(x, n, file));
			break;
		case 'H':
			some = ss_or(some, ss_not(honours(x, n, file)));
			break;
		case 'D':
			some = ss_or(some, moves_data(x, n, file));
			break;
		case 'P':
			some = ss_or(some, ss_and(moves_data(x, n, file),
						  ss_not(refuses_pread_itself(x, n, file))));
			break;
		default:
			return SS_UNKNOWN;
		}
	}
	return kind == 'D' || kind == 'P' || kind == 'H' ? some : all;
}

/* Whether the finding's requirements stand. */
static bool stands(const struct index *x, const struct ss_finding *f)
{
	char *copy = xstrdup(f->requires), *save = NULL;
	bool ok = true;

	for (char *t = strtok_r(copy, ";", &save); t && ok; t = strtok_r(NULL, ";", &save)) {
		enum ss_tri v;

		if (strlen(t) < 3 || (t[0] != '+' && t[0] != '?')) {
			ok = false;
			break;
		}
		v = term(x, t[1], t + 3, f->file);
		ok = t[0] == '+' ? v == SS_YES : v != SS_NO;
	}
	free(copy);
	return ok;
}

void ss_xfile_resolve(struct ss_findings *findings, const struct ss_summaries *summaries)
{
	struct index x;
	size_t kept = 0;

	index_build(&x, summaries);
	for (size_t i = 0; i < findings->n; i++) {
		struct ss_finding *f = &findings->v[i];

		if (f->requires && !stands(&x, f)) {
			struct ss_findings gone = { .v = f, .n = 1, .cap = 1 };

			ss_findings_truncate(&gone, 0);
			continue;
		}
		free(f->requires);
		f->requires = NULL;
		findings->v[kept++] = *f;
	}
	findings->n = kept;
	index_free(&x);
}

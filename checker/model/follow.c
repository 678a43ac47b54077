// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a method's position, or its kiocb, comes to in the functions of the
 * same file it is handed to.  The walk counts a position handed whole to a
 * call as read, and a kiocb handed to one as possibly read: right for a
 * call into another file, which the file cannot show, but a driver that
 * splits its work into helpers (`return do_write(dev, buf, n, ppos);`)
 * would then pass for honouring a position its helper never looks at.
 * Here each such hand-off to a definition of this file takes what that
 * definition does with the parameter instead, following its own hand-offs
 * a few calls deep.  A callee whose answer cannot be had (a cycle, too
 * deep, a parameter of another kind, a call clang could not type) keeps
 * the walk's cautious count.
 */
#include "model/internal.h"

#include "model/ast_util.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Functions of the VFS handed a kiocb that never look at its ki_pos:
   is_sync_kiocb() tests ki_complete, kiocb_set_cancel_fn() sets the aio
   request's cancel method. */
static const char *const kiocb_blind[] = { "is_sync_kiocb", "kiocb_set_cancel_fn", NULL };

/* What a function does with a parameter, hand-offs followed. */
struct effect {
	int uses, reads, examined;
	bool unknown;			/* a kiocb handed on where it cannot be followed */
};

/* The state of one method's look into its callees. */
struct follow {
	struct ss_model *m;
	size_t *first;			/* per function: its first hand-off (sorted
					   by caller); one more for the end */
	unsigned char *on_path;		/* the functions being looked into */
	bool method;			/* the one asking is a data method */
};

static bool effect_of(struct follow *fl, size_t fn, bool kiocb, unsigned depth,
		      struct effect *out);

static bool listed(const char *name)
{
	for (size_t i = 0; kiocb_blind[i]; i++)
		if (strcmp(kiocb_blind[i], name) == 0)
			return true;
	return false;
}

/* Whether the callee's parameter `arg` is of the kind handed: its position
   (pointer or value, as the caller's), or its kiocb as first parameter. */
static bool same_kind(const struct ss_model *m, size_t caller, size_t callee, const struct handoff *h)
{
	const struct ss_function *g = &m->fns[callee];
	CXType t;

	if (h->arg >= m->nparams[callee])
		return false;
	t = clang_getCursorType(m->params[callee][h->arg]);
	if (h->kiocb)
		return h->arg == 0 && ss_type_is_pointer_to_struct(t, "kiocb");
	return h->arg == g->position && m->fns[caller].position < m->nparams[caller] &&
	       model_is_position_type(t) &&
	       (t.kind == CXType_Pointer) ==
	       (clang_getCursorType(m->params[caller][m->fns[caller].position]).kind ==
		CXType_Pointer);
}

/* What the callee of one hand-off does with what it is handed; false when
   that cannot be told. */
static bool handoff_effect(struct follow *fl, const struct handoff *h, unsigned depth,
			   struct effect *e)
{
	struct ss_model *m = fl->m;
	const struct name_info *s = h->callee ? model_name_find(m, h->callee) : NULL;

	memset(e, 0, sizeof(*e));
	if (!h->callee)
		return false;
	if (!s || s->fn < 0)
		return h->kiocb && listed(h->callee);
	if (!same_kind(m, h->caller, (size_t)s->fn, h))
		return false;
	return effect_of(fl, (size_t)s->fn, h->kiocb, depth + 1, e);
}

static int by_caller(const void *a, const void *b)
{
	size_t x = ((const struct handoff *)a)->caller, y = ((const struct handoff *)b)->caller;

	return x < y ? -1 : x > y;
}

/*
 * What function fn does with its position (or its kiocb): its own counts,
 * each hand-off to a function of this file replaced by what that one does.
 * Counted as the walk counts a hand-off, a hand-off that cannot be
 * followed stays a use, a read and an examination of the position, and
 * makes a kiocb's fate unknown.
 */
static bool effect_of(struct follow *fl, size_t fn, bool kiocb, unsigned depth,
		      struct effect *out)
{
	struct ss_model *m = fl->m;
	const struct ss_function *f = &m->fns[fn];

	if (depth > SS_FOLLOW_DEPTH || fl->on_path[fn])
		return false;
	fl->on_path[fn] = 1;
	if (depth > 0 && fl->method)
		m->followed[fn] = true;
	if (kiocb) {
		*out = (struct effect){ f->uses_ki_pos, (int)m->ki_reads[fn],
					(int)m->ki_examined[fn], f->hands_kiocb };
	} else {
		*out = (struct effect){ f->position_uses, f->position_reads,
					f->position_examined, false };
	}
	for (size_t i = fl->first[fn]; i < fl->first[fn + 1]; i++) {
		const struct handoff *h = &m->handoffs[i];
		struct effect e;

		if (h->kiocb != kiocb)
			continue;
		if (!handoff_effect(fl, h, depth, &e)) {
			out->unknown |= kiocb;
			continue;
		}
		if (kiocb) {
			out->uses += e.uses;
			out->reads += e.reads;
			out->examined += e.examined;
			out->unknown |= e.unknown;
		} else {
			/* the walk counted the hand-off once each way */
			out->uses += (e.uses > 0) - 1;
			out->reads += (e.reads > 0) - 1;
			out->examined += (e.examined > 0) - 1;
		}
	}
	fl->on_path[fn] = 0;
	return true;
}

void model_follow_handoffs(struct ss_model *m)
{
	struct follow fl = { .m = m };
	struct effect *position, *kiocb;
	size_t h = 0;

	if (!m->nhandoffs)
		return;
	fl.on_path = xcalloc(m->nfns, sizeof(*fl.on_path));
	fl.first = xcalloc(m->nfns + 1, sizeof(*fl.first));
	qsort(m->handoffs, m->nhandoffs, sizeof(*m->handoffs), by_caller);
	for (size_t i = 0; i <= m->nfns; i++) {
		while (h < m->nhandoffs && m->handoffs[h].caller < i)
			h++;
		fl.first[i] = h;
	}
	position = xcalloc(m->nfns, sizeof(*position));
	kiocb = xcalloc(m->nfns, sizeof(*kiocb));
	/* Every answer from the walk's counts first, then written back. */
	for (size_t i = 0; i < m->nfns; i++) {
		fl.method = (m->fns[i].roles & (SS_ROLES_RW | SS_ROLES_ITER)) != 0;
		effect_of(&fl, i, false, 0, &position[i]);
		effect_of(&fl, i, true, 0, &kiocb[i]);
	}
	for (size_t i = 0; i < m->nfns; i++) {
		struct ss_function *f = &m->fns[i];

		f->position_uses = position[i].uses;
		f->position_reads = position[i].reads;
		f->position_examined = position[i].examined;
		/* what the callees do with the kiocb, as if done here */
		f->uses_ki_pos |= kiocb[i].uses > 0;
		f->position_reads += kiocb[i].reads - (int)m->ki_reads[i];
		f->position_examined += kiocb[i].examined - (int)m->ki_examined[i];
		f->hands_kiocb = kiocb[i].unknown || kiocb[i].examined > (int)m->ki_examined[i];
	}
	free(fl.on_path);
	free(fl.first);
	free(position);
	free(kiocb);
}

bool model_followed(const struct ss_model *m, const struct ss_function *f)
{
	return m->followed[f - m->fns];
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "rules/rule.h"

#include "rules/advice.h"

#include "facts/provenance.h"
#include "input/fops_text.h"

#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>
#include <string.h>

static const char *const needs[] = { "no_llseek", "ESPIPE", "file_operations", NULL };

/* A fops with data methods, never anonymous, whose open may leave pread on
   (one defined in another file may), that refuses lseek: by its llseek,
   or where a missing .llseek refuses it, by having none while its methods
   may leave the position alone.  Not a debatable one (seek-debatable's
   note), nor, before 2.6.8, one whose methods all refuse pread. */
static enum ss_tri fops_applies(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	return ss_and(ss_and(ss_and(f->data, ss_not(f->pseudo)),
			     ss_and(ss_not(f->debatable), ss_fops_pread_unrefused(s, f))),
		      ss_and(ss_not(f->open_nonseekable),
			     ss_or(f->refuses_lseek, ss_fops_unset_llseek_refuses(s, f, SS_UNKNOWN))));
}

static enum ss_tri applies(const struct ss_facts *s)
{
	return ss_facts_some_fops(s, fops_applies);
}

/* A read (with none, a write) of another file that honours the position
   makes the case debatable: the tree's to say. */
static void honouring_requires(const struct ss_unit *u, const struct ss_fops *f, char *req,
			       size_t n)
{
	char names[300];

	if (ss_model_positional_here(u->model, f, names, sizeof(names)))
		ss_require(req, n, '?', 'H', names);
}

/*
 * How the fops refuses lseek ("refuses lseek with no_llseek"), into `how`,
 * or false when it does not.  Where the kernel refuses lseek on a fops
 * without .llseek, such a fops refuses it as surely as one naming
 * no_llseek; it counts when its methods ignore the position (those of
 * another file as the tree shows them: `req`).
 */
static bool refuses_lseek(struct ss_unit *u, const struct ss_fops *f,
			  const struct ss_fops_facts *ff, const char *elsewhere,
			  char *how, size_t n, char *req, size_t nreq)
{
	char with[128];

	if (ss_model_refuses_lseek(u->model, f, with, sizeof(with))) {
		snprintf(how, n, "refuses lseek with %s",
			 strcmp(with, "no_llseek") == 0 ? ss_advice_no_llseek(u) : with);
		/* Read methods that all honour the position make it debatable;
		   those of another file are the tree's to say. */
		honouring_requires(u, f, req, nreq);
		return true;
	}
	if (ss_fops_unset_llseek_refuses(u->facts, ff, SS_YES) != SS_YES)
		return false;
	ss_require(req, nreq, '+', 'I', elsewhere);
	snprintf(how, n, "has no .llseek, which refuses lseek from Linux %s on",
		 ss_vfs_since(SS_VFS_MISSING_LLSEEK_REFUSES));
	return true;
}

/* What the open method leaves to the tree: one defined in another file
   must be shown seekable; one defined here must not call one of another
   file that the tree shows refusing pread, nor always fail (then no file
   of the fops is opened at all: sockets' sock_no_open()). */
static bool open_requires(struct ss_unit *u, const char *open, char *req, size_t n)
{
	switch (ss_model_open_kind(u->model, open)) {
	case SS_OPEN_NONSEEKABLE:
		return false;
	case SS_OPEN_UNKNOWN:
		ss_require(req, n, '+', 'O', open);
		return true;
	case SS_OPEN_SEEKABLE: {
		char outside[400];

		if (ss_model_always_fails(u->model, open))
			return false;
		ss_model_calls_outside(u->model, open, outside, sizeof(outside));
		ss_require(req, n, '?', 'R', outside);
		return true;
	}
	}
	return false;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const struct ss_fops_facts *ff = &u->facts->fops[i];
		const char *open = ss_fops_method(f, "open");
		const struct ss_function *first;
		const char *member;
		bool stream, one;
		const char *calls, *methods;
		char refusal[160], why[320], where[200], req[600] = "", all[300], elsewhere[300];

		ss_method_names(u, f, false, all, sizeof(all));
		ss_method_names(u, f, true, elsewhere, sizeof(elsewhere));
		if (fops_applies(u->facts, ff) == SS_NO || !open_requires(u, open, req, sizeof(req)) ||
		    !refuses_lseek(u, f, ff, elsewhere, refusal, sizeof(refusal), req,
				   sizeof(req)))
			continue;
		if (ss_unit_vfs(u, SS_VFS_REFUSES_PREAD) == SS_NO) {
			/* Before 2.6.8 the methods refuse pread, or nothing does. */
			ss_pread_method_names(f, all, sizeof(all));
			ss_require(req, sizeof(req), '?', 'P', all);
			calls = ss_unrefused_calls(u, f, &methods, &one);
			if (!calls)
				continue;
			ss_report_if(u, self, req, clang_getCursorLocation(f->cursor), self->severity,
				     open, f->name,
				     "'%s' %s, but its %s %s not refuse %s (`if (ppos != "
				     "&file->f_pos) return -ESPIPE;`, as this kernel needs): "
				     "%s", f->name, refusal, methods, one ? "does" : "do", calls,
				     one ? "it still succeeds" : "they still succeed");
			continue;
		}
		ss_require(req, sizeof(req), '?', 'D', all);
		first = ss_fops_ignoring(ff) == SS_YES ? ss_advice_moving_method(u, f, &member) : NULL;
		stream = ss_fops_stream_safe(ff) == SS_YES;
		if (first)
			snprintf(where, sizeof(where), " at an offset its %s method '%s' ignores",
				 member, first->name);
		if (open)
			snprintf(why, sizeof(why), "its open method '%s' never calls %s", open,
				 ss_advice_refusing_calls(u));
		else
			snprintf(why, sizeof(why), "it has no open method calling %s",
				 ss_advice_refusing_calls(u));
		ss_report_if(u, self, req, clang_getCursorLocation(f->cursor), self->severity,
			     open, f->name,
			     "'%s' %s, but %s: %s still succeed%s%s; call %s from the open method",
			     f->name, refusal, why, ss_advice_positioned_calls(u, f, false),
			     ss_advice_one_direction(u, f) ? "s" : "", first ? where : "",
			     ss_advice_open_call(u, stream));
	}
}

const struct ss_rule ss_rule_pread_hole = {
	.id = "pread-hole",
	.severity = SS_WARNING,
	.confidence = SS_CONF_MEDIUM,
	.summary = "file_operations refuses lseek but not pread/pwrite",
	.help = "A file_operations whose llseek is no_llseek, or a method that only returns "
		"-ESPIPE, makes lseek() fail; from Linux 2.6.37 so does having no .llseek at "
		"all. But unless its open method calls nonseekable_open(), FMODE_PREAD and "
		"FMODE_PWRITE stay set and pread() and pwrite() still succeed at arbitrary "
		"offsets. Call nonseekable_open() from the open method (add one if there is "
		"none), or from Linux 5.2 stream_open() when read and write ignore the "
		"position. Linux 6.12 has no no_llseek: there the open method's call alone "
		"refuses lseek. Before 2.6.8 each read and write method refuses pread itself "
		"(`if (ppos != &file->f_pos) return -ESPIPE;`), and a fops whose methods all "
		"do is no pread hole. A fops without .llseek counts only when its methods "
		"ignore the position. A fops whose read method honours the position, or whose "
		"files this source never opens, is a seek-debatable note instead.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.applies = applies,
	.rests_on = SS_RESTS_FOPS,
	.check = check,
};

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A file_operations opened with nonseekable_open() whose read and write
 * methods never name the position, while it keeps an llseek method of its
 * own: stream_open.cocci leaves such a fops alone (its llseek is the
 * driver's business), yet it is as stream-like as those the patch converts,
 * and the kernel's own stream_open.cocci reports it.
 */
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"


static const char *const needs[] = { "nonseekable_open", NULL };

/* From 5.2, a fops never anonymous, with an llseek of its own, opened
   non-seekable (with nonseekable_open(), not stream_open() already), whose
   data methods name no position. */
static enum ss_tri fops_applies(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	return ss_and(ss_and(s->vfs[SS_VFS_STREAM_OPEN], f->own_llseek),
		      ss_and(ss_and(ss_not(f->pseudo), ss_not(f->open_stream)),
			     ss_and(f->open_nonseekable, ss_fops_stream_safe(f))));
}

static enum ss_tri applies(const struct ss_facts *s)
{
	return ss_facts_some_fops(s, fops_applies);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const char *open = ss_fops_method(f, "open"), *llseek = ss_fops_method(f, "llseek");
		const struct ss_fops_facts *ff = &u->facts->fops[i];
		const struct ss_function *first;
		const char *member;

		/* stream_open.cocci converts the others itself. */
		if (fops_applies(u->facts, ff) != SS_YES)
			continue;
		first = ss_model_first_method(u->model, f, &member);
		ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity, open,
			     f->name,
			     "'%s' is opened with nonseekable_open() by '%s', and its %s method "
			     "'%s' (like every read and write method of it) never names the "
			     "position: call stream_open() instead, which hands read and write "
			     "no position at all; the VFS then refuses lseek() before '%s' is "
			     "called", f->name, open, member, first->name, llseek);
	}
}

const struct ss_rule ss_rule_nonseekable_stream = {
	.id = "nonseekable-stream",
	.severity = SS_NOTE,
	.confidence = SS_CONF_MEDIUM,
	.summary = "a stream opened with nonseekable_open() that keeps its own llseek (note)",
	.help = "From Linux 5.2 a file whose read and write methods never use the position "
		"should be opened with stream_open(), not nonseekable_open(): the VFS then "
		"hands them no position, and read and write need not share one. "
		"stream_open.cocci converts such a file_operations when its llseek is none, "
		"no_llseek or noop_llseek; this note names those with an llseek method of "
		"their own, which the patch leaves to their maintainer (the kernel's own "
		"stream_open.cocci reports them too). Only for kernels known to be 5.2 or "
		"later.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.applies = applies,
	.rests_on = SS_RESTS_FOPS,
	.check = check,
};

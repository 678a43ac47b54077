// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file_operations pread-hole and seekable-default leave out because
 * their case is debatable (ss_model_refusal_doubt(), ss_model_stream_doubt()):
 * reported as notes, so that a gate on warnings sees only the other two.
 */
#define _GNU_SOURCE
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>
#include <string.h>

static const char *const needs[] = { "no_llseek", "ESPIPE", "file_operations", NULL };

/* pread-hole's cases and seekable-default's that are debatable. */
static enum ss_tri fops_applies(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	enum ss_tri refusing = ss_and(ss_and(f->llseek, ss_fops_pread_unrefused(s, f)),
				      ss_and(f->data, f->refuses_lseek));
	enum ss_tri stream = ss_and(ss_not(f->llseek), ss_fops_era_stream(s, f));

	return ss_and(ss_and(ss_not(f->pseudo), f->open_seekable),
		      ss_and(f->debatable, ss_or(refusing, stream)));
}

static enum ss_tri applies(const struct ss_facts *s)
{
	return ss_facts_some_fops(s, fops_applies);
}

static const char *why(enum ss_seek_doubt d)
{
	switch (d) {
	case SS_DOUBT_POSITIONAL:
		return "its read method (or, with none, its write method) honours the "
		       "position: pread() (or pwrite()) is a working positional call and only "
		       "lseek() is refused, an inconsistency rather than a stream read at a "
		       "made-up offset";
	case SS_DOUBT_ELSEWHERE:
		return "it has no open method and this file never registers it as a device "
		       "or names a file with it: its files are made elsewhere (an anonymous "
		       "file has no FMODE_PREAD; a fops swapped into an open file inherits "
		       "what that open decided)";
	case SS_DOUBT_CONTROL:
		return "it is a debugfs or other named control file, where an ignored "
		       "offset does no harm";
	case SS_DOUBT_NONE:
		break;
	}
	return "";
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const char *open = ss_fops_method(f, "open");
		const struct ss_function *first = NULL;
		const char *member = NULL;
		enum ss_seek_doubt d;
		char refusal[160], unrefused[200];

		if (fops_applies(u->facts, &u->facts->fops[i]) == SS_NO)
			continue;
		if (u->facts->fops[i].llseek == SS_YES) {
			/* pread-hole's case */
			ss_model_refuses_lseek(u->model, f, refusal, sizeof(refusal));
			d = ss_model_refusal_doubt(u->model, f);
			if (ss_unit_vfs(u, SS_VFS_REFUSES_PREAD) == SS_NO)
				snprintf(unrefused, sizeof(unrefused),
					 "its read and write methods do not refuse pread()");
			else if (open)
				snprintf(unrefused, sizeof(unrefused),
					 "its open method '%s' never calls nonseekable_open()", open);
			else
				snprintf(unrefused, sizeof(unrefused),
					 "it has no open method calling nonseekable_open()");
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     open, f->name,
				     "'%s' refuses lseek with %s and %s, so pread() and pwrite() "
				     "succeed; but %s", f->name, refusal, unrefused, why(d));
		} else {
			/* seekable-default's case */
			first = ss_era_stream_method(u, f, &member);
			if (!first)
				continue;
			d = ss_model_stream_doubt(f);
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     first->name, f->name,
				     "'%s' has no .llseek and its %s method '%s' ignores the "
				     "position, so pread() and pwrite() succeed on a stream; but %s",
				     f->name, member, first->name, why(d));
		}
	}
}

const struct ss_rule ss_rule_seek_debatable = {
	.id = "seek-debatable",
	.severity = SS_NOTE,
	.confidence = SS_CONF_LOW,
	.summary = "a pread-hole or seekable-default case that is likely harmless (note)",
	.help = "A file_operations that pread-hole or seekable-default would report, but "
		"where the report is debatable: a fops refusing lseek whose read method "
		"honours *ppos or ->ki_pos (pread() is then a correct positional read and "
		"only lseek() is refused); a fops with no open method that this source "
		"neither registers as a device nor makes named files of (its files are made "
		"elsewhere: anonymous files never get FMODE_PREAD, and a fops assigned to an "
		"open file's f_op inherits what that open decided); a stream with no .llseek "
		"made a debugfs file or listed in a table of named control files. Calling "
		"nonseekable_open() from the open method still makes it consistent.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.applies = applies,
	.rests_on = SS_RESTS_FOPS,
	.check = check,
};

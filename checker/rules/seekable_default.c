// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "facts/provenance.h"

#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "file_operations", NULL };

/* A stream without .llseek, never anonymous, whose open leaves pread on,
   where a missing .llseek does not refuse lseek (there it is a pread-hole);
   the debatable ones are seek-debatable's notes.  Before 2.6.8, not one
   whose methods all refuse pread themselves. */
static enum ss_tri fops_applies(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	return ss_and(ss_and(ss_and(ss_not(ss_fops_missing_llseek_refuses(s, f)), ss_not(f->llseek)),
			     ss_and(ss_not(f->debatable), ss_fops_pread_unrefused(s, f))),
		      ss_and(ss_not(f->pseudo), ss_and(f->open_seekable, ss_fops_stream(f))));
}

static enum ss_tri applies(const struct ss_facts *s)
{
	return ss_facts_some_fops(s, fops_applies);
}

/* Whether lseek() succeeds on a fops without .llseek: default_llseek. */
static bool lseek_too(const struct ss_unit *u, const struct ss_fops *f)
{
	return ss_fops_missing_llseek_refuses(u->facts, ss_unit_fops_facts(u, f)) == SS_NO;
}

/*
 * Before 2.6.8 nothing in the VFS refuses pread: each method must, and
 * there is no nonseekable_open() to call.  A stream whose methods all
 * refuse it only seeks, which is harmless; one of them moving data
 * without refusing it must exist (those of another file as the tree says).
 */
static void report_by_methods(struct ss_unit *u, const struct ss_rule *self,
			      const struct ss_fops *f, const char *member,
			      const struct ss_function *first)
{
	bool one;
	char all[300], req[700] = "";
	const char *methods, *calls = ss_unrefused_calls(u, f, &methods, &one);

	if (!calls)
		return;
	ss_method_names(u, f, false, all, sizeof(all));
	ss_require(req, sizeof(req), '?', 'D', all);
	ss_pread_method_names(f, all, sizeof(all));
	ss_require(req, sizeof(req), '?', 'P', all);
	ss_report_if(u, self, req, clang_getCursorLocation(f->cursor), self->severity,
		     first->name, f->name,
		     "'%s' looks seekable, yet its %s method '%s' never uses the file "
		     "position: its %s %s not refuse %s (`if (ppos != &file->f_pos) return "
		     "-ESPIPE;`, as this kernel needs), so %s and lseek() succeed on this "
		     "stream; refuse pread in the methods and set .llseek = no_llseek",
		     f->name, member, first->name, methods, one ? "does" : "do", calls, calls);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const struct ss_function *first;
		const char *member = NULL;
		char all[300], req[400];

		if (fops_applies(u->facts, &u->facts->fops[i]) == SS_NO)
			continue;
		first = ss_era_stream_method(u, f, &member);
		if (!first)
			continue;
		if (ss_unit_vfs(u, SS_VFS_REFUSES_PREAD) == SS_NO) {
			report_by_methods(u, self, f, member, first);
			continue;
		}
		/* A fops none of whose methods moves data leaves nothing to
		   succeed at (those of another file as the tree says). */
		ss_method_names(u, f, false, all, sizeof(all));
		*req = '\0';
		ss_require(req, sizeof(req), '?', 'D', all);
		ss_report_if(u, self, req, clang_getCursorLocation(f->cursor), self->severity,
			     first->name, f->name,
			     "'%s' %s, yet its %s method '%s' never uses the file "
			     "position: with no %s in its open method, %s succeed on this stream%s; "
			     "call %s from the open method%s",
			     f->name, lseek_too(u, f) ? "looks seekable" : "has no .llseek",
			     member, first->name, ss_advice_refusing_calls(u),
			     ss_advice_positioned_calls(u, f, lseek_too(u, f)),
			     lseek_too(u, f) ? ""
			     : " (and lseek() too before Linux 2.6.37, with no .llseek)",
			     ss_advice_open_call(u, true),
			     lseek_too(u, f) ? " and set .llseek = no_llseek" : "");
	}
}

const struct ss_rule ss_rule_seekable_default = {
	.id = "seekable-default",
	.severity = SS_WARNING,
	.confidence = SS_CONF_LOW,
	.summary = "stream-like file_operations that still appears seekable",
	.help = "A file_operations whose read and write methods never look at the position "
		"behaves like a stream, but unless its open method calls nonseekable_open() "
		"the VFS keeps FMODE_PREAD and FMODE_PWRITE: pread() and pwrite() report "
		"success and do nothing useful. Before Linux 2.6.37 a missing .llseek also "
		"meant default_llseek, so lseek() succeeded as well (later kernels refuse it: "
		"vfs_llseek() falls back to no_llseek, and from 6.0 open clears FMODE_LSEEK). "
		"The fix is nonseekable_open() in the open method, or stream_open() from "
		"Linux 5.2; before 2.6.37 also .llseek = no_llseek. Before 2.6.8 there is no "
		"nonseekable_open(): the read and write methods must refuse pread themselves "
		"(`if (ppos != &file->f_pos) return -ESPIPE;`), and a fops whose methods all do, "
		"or all fail, is not reported. Low confidence: a device "
		"may ignore the position on purpose and accept seeks as harmless. A debugfs or "
		"other named control file, or a fops whose files this source never opens, is a "
		"seek-debatable note instead. Where the kernel is known to be 2.6.37 or later "
		"such a fops is a pread-hole.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.applies = applies,
	.rests_on = SS_RESTS_FOPS,
	.check = check,
};

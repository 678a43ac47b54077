// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "input/fops_text.h"
#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "file_operations", NULL };

static bool maybe(const char *buf, size_t len)
{
	return ss_fops_text_maybe(buf, len, SS_FOPS_NO_LLSEEK);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const struct ss_function *first;
		const char *member = NULL;

		if (ss_fops_method(f, "llseek") || f->pseudo)
			continue;
		first = ss_model_stream_method(u->model, f, &member);
		if (!first)
			continue;
		if (ss_model_open_kind(u->model, ss_fops_method(f, "open")) != SS_OPEN_SEEKABLE)
			continue;
		/* The doubtful ones are seek-debatable's notes. */
		if (ss_model_stream_doubt(f) != SS_DOUBT_NONE)
			continue;
		ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
			     first->name, f->name,
			     "'%s' looks seekable, yet its %s method '%s' never uses the file "
			     "position: with no nonseekable_open() in its open method, pread() "
			     "and pwrite() succeed on this stream (and lseek() too before Linux "
			     "6.0, with no .llseek); call nonseekable_open() from the open method",
			     f->name, member, first->name);
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
		"success and do nothing useful. Before Linux 6.0 a missing .llseek also meant "
		"default_llseek, so lseek() succeeded as well (later kernels refuse it). The "
		"fix on every kernel is nonseekable_open() in the open method; on kernels "
		"before 6.0 also .llseek = no_llseek. Low confidence: a device may ignore the "
		"position on purpose and accept seeks as harmless. A debugfs or other named "
		"control file, or a fops whose files this source never opens, is a "
		"seek-debatable note instead.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.maybe = maybe,
	.check = check,
};

// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "input/fops_text.h"
#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "file_operations", NULL };

static const char *const data_methods[] = {
	"read", "write", "aio_read", "aio_write", "readv", "writev",
	"read_iter", "write_iter", NULL
};

static bool maybe(const char *buf, size_t len)
{
	return ss_fops_text_maybe(buf, len, SS_FOPS_NO_LLSEEK);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, j, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const struct ss_function *first = NULL;
		const char *member = NULL;
		bool stream = true;

		if (ss_fops_method(f, "llseek") || f->pseudo)
			continue;
		for (j = 0; data_methods[j] && stream; j++) {
			const char *name = ss_fops_method(f, data_methods[j]);
			const struct ss_function *fn;

			if (!name)
				continue;
			fn = ss_model_function_named(u->model, name);
			/* A method defined elsewhere may well use the position. */
			if (!fn || ss_function_uses_position(fn))
				stream = false;
			else if (!first) {
				first = fn;
				member = data_methods[j];
			}
		}
		if (!stream || !first)
			continue;
		if (ss_model_open_kind(u->model, ss_fops_method(f, "open")) != SS_OPEN_SEEKABLE)
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
		"position on purpose and accept seeks as harmless.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.maybe = maybe,
	.check = check,
};

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "rules/rule.h"

#include "flags/kversion.h"
#include "rules/advice.h"

#include "input/espipe_text.h"
#include "input/fops_text.h"
#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>
#include <string.h>

static const char *const needs[] = { "no_llseek", "ESPIPE", NULL };

static const char *const data_methods[] = {
	"read", "write", "aio_read", "aio_write", "readv", "writev",
	"read_iter", "write_iter", NULL
};

static bool has_data_method(const struct ss_fops *f)
{
	size_t i;

	for (i = 0; data_methods[i]; i++)
		if (ss_fops_method(f, data_methods[i]))
			return true;
	return false;
}

/* An llseek that returns -ESPIPE is spelled in the file; no_llseek is read off the text. */
static bool maybe(const char *buf, size_t len)
{
	return ss_text_espipe_body(buf, len) || ss_fops_text_maybe(buf, len, SS_FOPS_NO_LLSEEK_FN);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fops_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fops *f = ss_model_fops(u->model, i);
		const char *open = ss_fops_method(f, "open");
		char refusal[160];

		if (!has_data_method(f) || f->pseudo ||
		    !ss_model_refuses_lseek(u->model, f, refusal, sizeof(refusal)))
			continue;
		if (strcmp(refusal, "no_llseek") == 0)
			/* code written for an older kernel, which 6.12 no longer builds */
			snprintf(refusal, sizeof(refusal), "%s",
				 ss_advice_no_llseek_gone(u)
				 ? "a .llseek that Linux 6.12 no longer has (drop it)"
				 : ss_kversion_known(u->kernel) ? "no_llseek"
				 : "no_llseek (which Linux 6.12 removed)");
		if (ss_model_open_kind(u->model, open) != SS_OPEN_SEEKABLE)
			continue;
		/* The doubtful ones are seek-debatable's notes. */
		if (ss_model_refusal_doubt(u->model, f) != SS_DOUBT_NONE)
			continue;
		if (open)
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     open, f->name,
				     "'%s' refuses lseek with %s, but its open method '%s' never "
				     "calls %s: pread() and pwrite() still succeed",
				     f->name, refusal, open, ss_advice_refusing_calls(u));
		else
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     NULL, f->name,
				     "'%s' refuses lseek with %s, but has no open method calling "
				     "%s: pread() and pwrite() still succeed",
				     f->name, refusal, ss_advice_refusing_calls(u));
	}
}

const struct ss_rule ss_rule_pread_hole = {
	.id = "pread-hole",
	.severity = SS_WARNING,
	.confidence = SS_CONF_MEDIUM,
	.summary = "file_operations refuses lseek but not pread/pwrite",
	.help = "A file_operations whose llseek is no_llseek, or a method that only returns "
		"-ESPIPE, makes lseek() fail; but unless its open method calls "
		"nonseekable_open(), FMODE_PREAD and FMODE_PWRITE stay set and pread() and "
		"pwrite() still succeed at arbitrary offsets. Call nonseekable_open() from the "
		"open method (add one if there is none), or from Linux 5.2 stream_open() when "
		"read and write ignore the position. Linux 6.12 has no no_llseek: there the "
		"open method's call alone refuses lseek. A fops whose read method honours "
		"the position, or whose files this source never opens, is a seek-debatable "
		"note instead.",
	.fix = NULL,
	.names = SS_NAMES_OBJECT,
	.needs = needs,
	.maybe = maybe,
	.check = check,
};

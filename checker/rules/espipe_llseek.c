// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"

#include <string.h>

static const char *const needs[] = { "ESPIPE", NULL };

static enum ss_tri applies(const struct ss_facts *s)
{
	return s->espipe_llseek;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_function_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_function *f = ss_model_function(u->model, i);
		char who[256];

		if (!ss_model_espipe_llseek(u->model, f))
			continue;
		ss_describe_function(f, who, sizeof(who));
		if (ss_unit_vfs(u, SS_VFS_NO_LLSEEK) == SS_NO && ss_opened_nonseekable(u, f->name))
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     f->name, f->object,
				     "%s only returns -ESPIPE; drop .llseek: the open method "
				     "already makes lseek() fail with -ESPIPE", who);
		else if (ss_unit_vfs(u, SS_VFS_NO_LLSEEK) == SS_NO)
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     f->name, f->object,
				     "%s only returns -ESPIPE; drop .llseek and call %s from the "
				     "open method, which makes lseek() fail with -ESPIPE",
				     who, ss_advice_open_call(u, false));
		else if (ss_opened_nonseekable(u, f->name))
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     f->name, f->object,
				     "%s only returns -ESPIPE; use no_llseek%s: the open method "
				     "already makes the file non-seekable", who,
				     ss_unit_vfs(u, SS_VFS_NO_LLSEEK) == SS_YES ? ""
				     : " (before Linux 6.12; from 6.12 drop .llseek)");
		else
			ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
				     f->name, f->object,
				     "%s only returns -ESPIPE; use no_llseek%s and call %s from "
				     "the open method", who,
				     ss_unit_vfs(u, SS_VFS_NO_LLSEEK) == SS_YES ? ""
				     : " (before Linux 6.12; from 6.12 drop .llseek)",
				     ss_advice_open_call(u, false));
	}
}

const struct ss_rule ss_rule_espipe_llseek = {
	.id = "espipe-llseek",
	.severity = SS_WARNING,
	.confidence = SS_CONF_HIGH,
	.summary = "llseek method that only returns -ESPIPE",
	.help = "An llseek method whose whole body is `return -ESPIPE;` refuses lseek() but "
		"leaves pread() and pwrite() open. Since Linux 2.6.8 a non-seekable file sets "
		".llseek = no_llseek and calls nonseekable_open() from its open method, which "
		"makes the VFS refuse all three. From Linux 5.2 stream_open() does the same for "
		"files whose read and write methods ignore the position; from 6.12 there is "
		"no no_llseek, and .llseek is simply dropped.",
	.fix = "nonseekable_open.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.applies = applies,
	.rests_on = SS_RESTS_FOPS,
	.check = check,
};

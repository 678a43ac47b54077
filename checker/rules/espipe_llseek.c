// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "model/model.h"
#include "model/unit.h"

#include <string.h>

static const char *const needs[] = { "ESPIPE", NULL };

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_function_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_function *f = ss_model_function(u->model, i);
		char who[256];

		/* no_llseek itself is what the others should become. */
		if (!(f->roles & SS_ROLE_LLSEEK) || strcmp(f->name, "no_llseek") == 0 ||
		    !ss_model_espipe_only(u->model, f))
			continue;
		ss_describe_function(f, who, sizeof(who));
		ss_report_at(u, self, clang_getCursorLocation(f->cursor), self->severity,
			     f->name, f->object,
			     "%s only returns -ESPIPE; use no_llseek and call "
			     "nonseekable_open() from the open method", who);
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
		"makes the VFS refuse all three.",
	.fix = "nonseekable_open.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.check = check,
};

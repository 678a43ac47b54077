// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "f_pos", NULL };

/* Whatever no rule before it claims; copying the position in and out
   around a call is the sanctioned way, not an access to report. */
static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	return !ss_fpos_exempt(u, a) && !a->position_copy;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		const struct ss_function *f = a->function;
		char who[256];

		if (!ss_rule_owns(u, self, i))
			continue;
		if (f)
			ss_describe_function(f, who, sizeof(who));
		ss_report_at(u, self, clang_getCursorLocation(a->member), self->severity,
			     f ? f->name : NULL, f ? f->object : NULL,
			     "%s %s %s->f_pos directly; outside the VFS core only llseek and "
			     "readdir methods should touch the file position",
			     f ? who : "code outside any function", ss_fpos_verb(a), a->base);
	}
}

const struct ss_rule ss_rule_fpos_other = {
	.id = "fpos-other",
	.severity = SS_NOTE,
	.confidence = SS_CONF_MEDIUM,
	.summary = "other direct access to file->f_pos",
	.help = "The file position belongs to the VFS core and to llseek and readdir "
		"methods. Any other code that reads or writes file->f_pos (an open or ioctl "
		"method, a utility routine) bypasses the position the VFS hands to read and write "
		"methods and may race with them. Worth a look; often harmless, such as "
		"resetting the position in open.",
	.fix = NULL,
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.claims = claims,
	.check = check,
};

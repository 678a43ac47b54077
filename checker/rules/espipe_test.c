// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "f_pos", NULL };

static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	(void)u;
	return ss_fpos_pread_refusal(a);
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		char who[256];

		if (!ss_rule_owns(u, self, i))
			continue;
		ss_describe_function(a->function, who, sizeof(who));
		if (a->dead_test) {
			ss_report(u, self, a->compare, self->severity, a->function->name,
				  a->function->object,
				  "%s compares '%s' with &%s->f_pos but does nothing when they "
				  "differ; drop the test",
				  who, a->other ? a->other : "its position pointer", a->base);
			continue;
		}
		if (ss_unit_vfs(u, SS_VFS_REFUSES_PREAD) == SS_NO) {
			/* the way this kernel refuses pread: right, until the driver moves on */
			ss_report(u, self, a->compare, SS_NOTE, a->function->name,
				  a->function->object,
				  "2.6.8 conversion: %s refuses pread/pwrite by comparing '%s' "
				  "with &%s->f_pos, as this kernel needs; from Linux %s the open "
				  "method calls nonseekable_open() instead",
				  who, a->other ? a->other : "its position pointer", a->base,
				  ss_vfs_since(SS_VFS_REFUSES_PREAD));
			continue;
		}
		ss_report(u, self, a->compare, self->severity, a->function->name,
			  a->function->object,
			  "%s refuses pread/pwrite by comparing '%s' with &%s->f_pos; "
			  "call %s from the open method instead",
			  who, a->other ? a->other : "its position pointer", a->base,
			  ss_advice_open_call(u, false));
	}
}

const struct ss_rule ss_rule_espipe_test = {
	.id = "espipe-test",
	.severity = SS_WARNING,
	.confidence = SS_CONF_HIGH,
	.summary = "read/write method refuses pread/pwrite by comparing its position pointer with &file->f_pos",
	.help = "Before Linux 2.6.8 a driver that could not seek refused pread() and pwrite() "
		"by checking `if (ppos != &file->f_pos) return -ESPIPE;` in every read and write "
		"method. Since 2.6.8 the VFS passes methods a copy of f_pos, so the test refuses "
		"plain read() and write() too; the open method should call nonseekable_open() "
		"instead, which clears FMODE_LSEEK, FMODE_PREAD and FMODE_PWRITE so that the VFS "
		"refuses lseek, pread and pwrite itself. In a tree older than 2.6.8 the test is "
		"how a driver must refuse pread, and the finding is a note: a place the 2.6.8 "
		"conversion changes.",
	.fix = "nonseekable_open.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.claims = claims,
	.check = check,
};

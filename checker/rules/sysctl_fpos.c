// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/ast_util.h"
#include "model/model.h"
#include "model/unit.h"

static const char *const needs[] = { "f_pos", NULL };

/* The semantic patch rewrites only the file a handler was given. */
static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	return !ss_fpos_exempt(u, a) && a->function && (a->function->roles & SS_ROLE_SYSCTL) &&
	       a->own_file;
}

/* Whether the handler takes a struct file *: from 2.6.32 on, a prototype
   its proc_handler no longer matches. */
static bool takes_file(const struct ss_function *f)
{
	int n = clang_Cursor_getNumArguments(f->cursor);

	for (int i = 0; i < n; i++)
		if (ss_type_is_pointer_to_struct(
			    clang_getCursorType(clang_Cursor_getArgument(f->cursor, (unsigned)i)),
			    "file"))
			return true;
	return false;
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
		if (ss_unit_vfs(u, SS_VFS_SYSCTL_PPOS) == SS_NO) {
			/* this kernel's proc_handler has no position to take */
			ss_report_at(u, self, clang_getCursorLocation(a->member), SS_NOTE,
				     a->function->name, a->function->object,
				     "2.6.8 conversion: %s %s %s->f_pos, as handlers of this "
				     "kernel must; from Linux %s the handler type, its callers and "
				     "every handler take the position as an argument",
				     who, ss_fpos_verb(a), a->base, ss_vfs_since(SS_VFS_SYSCTL_PPOS));
			continue;
		}
		if (ss_unit_vfs(u, SS_VFS_SYSCTL_FILP) == SS_NO && takes_file(a->function))
			ss_report_at(u, self, clang_getCursorLocation(a->member), self->severity,
				     a->function->name, a->function->object,
				     "%s %s %s->f_pos, but this kernel's proc_handler has no "
				     "struct file * since Linux %s: the handler's prototype is "
				     "stale, its parameters receive the wrong arguments and %s is "
				     "not a file; drop the parameter and use its 'loff_t *ppos'",
				     who, ss_fpos_verb(a), a->base, ss_vfs_since(SS_VFS_SYSCTL_FILP),
				     a->base);
		else
			ss_report_at(u, self, clang_getCursorLocation(a->member), self->severity,
				     a->function->name, a->function->object,
				     "%s %s %s->f_pos; take the position from a 'loff_t *ppos' "
				     "parameter instead", who, ss_fpos_verb(a), a->base);
	}
}

const struct ss_rule ss_rule_sysctl_fpos = {
	.id = "sysctl-fpos",
	.severity = SS_WARNING,
	.confidence = SS_CONF_HIGH,
	.summary = "sysctl proc handler uses filp->f_pos instead of its ppos argument",
	.help = "Linux 2.6.8 gave sysctl proc handlers an explicit `loff_t *ppos` argument, "
		"so that they no longer reach into the struct file for the position. A "
		"handler (named by a ctl_table's proc_handler, or shaped like one) that "
		"still reads or writes filp->f_pos keeps the old, racy convention and "
		"breaks once its callers pass a separate position. In a tree older than 2.6.8 "
		"the handler type has no position argument, and the finding is a note: a "
		"place the 2.6.8 conversion changes, with the type and its callers.",
	.fix = "sysctl_ppos.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.claims = claims,
	.check = check,
};

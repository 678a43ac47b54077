// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>

static const char *const needs[] = { "f_pos", NULL };

/* What to pass instead: the method's own position, or a local copy. */
static const char *instead(const struct ss_fpos_access *a, char *buf, size_t n)
{
	const struct ss_function *f = a->function;
	unsigned plain = SS_ROLE_READ | SS_ROLE_WRITE | SS_ROLE_READV | SS_ROLE_WRITEV;
	CXString name;

	if (!f || !a->own_file || !(f->roles & (SS_ROLES_RW | SS_ROLES_ITER)) ||
	    clang_Cursor_getNumArguments(f->cursor) < 1) {
		snprintf(buf, n, "pass the address of a local copy of the position and "
			 "store it back afterwards");
		return buf;
	}
	if (f->roles & plain) {
		if (clang_Cursor_getNumArguments(f->cursor) <= (int)f->position)
			name = clang_getCursorSpelling(clang_getNullCursor());
		else
			name = clang_getCursorSpelling(clang_Cursor_getArgument(f->cursor,
									       f->position));
		snprintf(buf, n, "pass the method's own '%s'",
			 *clang_getCString(name) ? clang_getCString(name) : "ppos");
	} else {
		name = clang_getCursorSpelling(clang_Cursor_getArgument(f->cursor, 0));
		snprintf(buf, n, "pass '&%s->ki_pos'",
			 *clang_getCString(name) ? clang_getCString(name) : "iocb");
	}
	clang_disposeString(name);
	return buf;
}

/* An open, release or ioctl method's own file is fpos-other's
   (ss_fpos_handoff()). */
static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	enum ss_fpos_handoff h = ss_fpos_handoff(u, a);

	return h != SS_HANDOFF_NONE && h != SS_HANDOFF_OWN_UNRACED;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		const struct ss_function *f = a->function;
		enum ss_severity severity = SS_NOTE;
		char who[256], fix[160], why[400];

		if (!ss_rule_owns(u, self, i))
			continue;
		if (f)
			ss_describe_function(f, who, sizeof(who));
		instead(a, fix, sizeof(fix));
		switch (ss_fpos_handoff(u, a)) {
		case SS_HANDOFF_AS_THE_VFS:
			ss_report(u, self, a->address, SS_NOTE, f ? f->name : NULL,
				  f ? f->object : NULL,
				  "2.6.8 conversion: %s passes &%s->f_pos to %s(), as this "
				  "kernel's read() and write() do; from Linux %s callers pass "
				  "a local position and store it back",
				  f ? who : "code outside any function", a->base,
				  a->other ? a->other : "a function",
				  ss_vfs_since(SS_VFS_POSITION_COPY));
			continue;
		case SS_HANDOFF_SHARED:
			severity = self->severity;
			snprintf(why, sizeof(why), "; %s", fix);
			break;
		case SS_HANDOFF_UNUSED:
			snprintf(why, sizeof(why), ", which never uses the position: "
				 "harmless, but %s", fix);
			break;
		case SS_HANDOFF_KERNEL_FILE:
			snprintf(why, sizeof(why), ", of a file the kernel holds itself: no "
				 "user's position is in it");
			break;
		case SS_HANDOFF_OTHER_FILE:
			/* the files such code is handed are the kernel's own, pipes,
			   sockets and ttys, whose position no user's read() shares */
			snprintf(why, sizeof(why), ", of a file the VFS did not hand it: "
				 "harmful only if a user's descriptor shares that file and its "
				 "position matters; else %s", fix);
			break;
		case SS_HANDOFF_NONE:
		case SS_HANDOFF_OWN_UNRACED:
			continue;
		}
		ss_report(u, self, a->address, severity, f ? f->name : NULL,
			  f ? f->object : NULL, "%s passes &%s->f_pos to %s()%s",
			  f ? who : "code outside any function", a->base,
			  a->other ? a->other : "a function", why);
	}
}

const struct ss_rule ss_rule_fpos_address = {
	.id = "fpos-address",
	.severity = SS_WARNING,
	.confidence = SS_CONF_MEDIUM,
	.summary = "&file->f_pos passed as a position pointer outside the VFS core",
	.help = "Code that calls vfs_read(), vfs_write() or a read method directly with "
		"&file->f_pos lets the callee update the shared position without the "
		"protection the VFS gives it. Since Linux 2.6.8 the VFS itself reads f_pos "
		"into a local variable, passes its address, and stores it back; callers "
		"outside the VFS core should do the same. A file the kernel or the driver "
		"holds itself (a core dump's file, one opened with filp_open()) carries no "
		"user's position: there the finding is a note, and so it is on any file "
		"other than the one the VFS handed a method (in real trees those are the "
		"kernel's own files, pipes, sockets and a console's tty redirect). So is every one in a tree "
		"older than 2.6.8, whose own read() hands methods &file->f_pos.",
	.fix = "rw_ppos.cocci",
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.claims = claims,
	.check = check,
};

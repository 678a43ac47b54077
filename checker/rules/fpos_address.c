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

/*
 * open and release run while nothing else uses the file: a position handed
 * on from there races with no read or write, and its address may be kept
 * as a key (hpfs lists the f_pos of open directories), so a copy would be
 * wrong.  An ioctl works on its own file at the caller's bidding, and 2.6.8
 * left random_ioctl()'s &file->f_pos as it was.  Both are left to
 * fpos-other.
 */
static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	unsigned roles = a->function ? a->function->roles : 0;

	return !ss_fpos_exempt(u, a) && a->use == SS_FPOS_ADDRESS_ARG &&
	       !(a->own_file && (roles & (SS_ROLE_OPEN | SS_ROLE_RELEASE | SS_ROLE_IOCTL)));
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		const struct ss_function *f = a->function;
		const struct ss_function *callee;
		enum ss_severity severity;
		char who[256], fix[160], why[400];

		if (!ss_rule_owns(u, self, i))
			continue;
		if (f)
			ss_describe_function(f, who, sizeof(who));
		if (ss_unit_vfs(u, SS_VFS_POSITION_COPY) == SS_NO) {
			/* this kernel's read() hands methods &file->f_pos itself */
			ss_report(u, self, a->address, SS_NOTE, f ? f->name : NULL,
				  f ? f->object : NULL,
				  "2.6.8 conversion: %s passes &%s->f_pos to %s(), as this "
				  "kernel's read() and write() do; from Linux %s callers pass "
				  "a local position and store it back",
				  f ? who : "code outside any function", a->base,
				  a->other ? a->other : "a function",
				  ss_vfs_since(SS_VFS_POSITION_COPY));
			continue;
		}
		callee = a->other ? ss_model_function_named(u->model, a->other) : NULL;
		severity = SS_NOTE;
		instead(a, fix, sizeof(fix));
		switch (ss_origin_shares_position(a->origin)) {
		case SS_YES:
			if (!callee || ss_function_uses_position(callee)) {
				severity = self->severity;
				snprintf(why, sizeof(why), "; %s", fix);
			} else {
				/* a function of this file that never looks at it */
				snprintf(why, sizeof(why), ", which never uses the position: "
					 "harmless, but %s", fix);
			}
			break;
		case SS_NO:
			/* no user's position races there: at most untidy */
			snprintf(why, sizeof(why), ", of a file the kernel holds itself: no "
				 "user's position is in it");
			break;
		case SS_UNKNOWN:
			/* the files such code is handed are the kernel's own, pipes,
			   sockets and ttys, whose position no user's read() shares */
			snprintf(why, sizeof(why), ", of a file the VFS did not hand it: "
				 "harmful only if a user's descriptor shares that file and its "
				 "position matters; else %s", fix);
			break;
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

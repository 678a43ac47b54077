// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>

static const char *const needs[] = { "f_pos", NULL };

static void param_name(CXCursor fn, unsigned i, const char *fallback, char *buf, size_t n)
{
	CXString s = clang_getCursorSpelling(clang_Cursor_getArgument(fn, i));
	const char *p = clang_getCString(s);

	snprintf(buf, n, "%s", p && *p ? p : fallback);
	clang_disposeString(s);
}

/* What the method should use instead: "*ppos", or "iocb->ki_pos" in aio and iter methods. */
static const char *instead(const struct ss_function *f, char *buf, size_t n)
{
	int nargs = clang_Cursor_getNumArguments(f->cursor);
	char name[48];
	CXCursor arg;

	if (!(f->roles & (SS_ROLE_READ | SS_ROLE_WRITE | SS_ROLE_READV | SS_ROLE_WRITEV))) {
		if (nargs >= 1)
			param_name(f->cursor, 0, "iocb", name, sizeof(name));
		else
			snprintf(name, sizeof(name), "iocb");
		snprintf(buf, n, "%s->ki_pos", name);
		return buf;
	}
	if (nargs <= (int)f->position) {
		snprintf(buf, n, "*ppos");
		return buf;
	}
	arg = clang_Cursor_getArgument(f->cursor, f->position);
	param_name(f->cursor, f->position, "ppos", name, sizeof(name));
	snprintf(buf, n, "%s%s",
		 clang_getCanonicalType(clang_getCursorType(arg)).kind == CXType_Pointer ? "*" : "",
		 name);
	return buf;
}

/* The positioned call that reaches the method: a read method is pread's,
   a write method pwrite's. */
#define READING (SS_ROLE_READ | SS_ROLE_AIO_READ | SS_ROLE_READV)
#define WRITING (SS_ROLE_WRITE | SS_ROLE_AIO_WRITE | SS_ROLE_WRITEV)

static bool one_call(const struct ss_function *f)
{
	return !(f->roles & READING) != !(f->roles & WRITING);
}

static const char *calls(const struct ss_function *f, const char *one, const char *both)
{
	static char buf[64];

	if (!one_call(f))
		snprintf(buf, sizeof(buf), "pread() and pwrite() %s", both);
	else
		snprintf(buf, sizeof(buf), "%s %s",
			 f->roles & READING ? "pread()" : "pwrite()", one);
	return buf;
}

/*
 * Before 2.6.8 read() and write() hand the method &file->f_pos itself, so
 * there the access is *ppos under another name; but pread() and pwrite()
 * hand it their own offset, which the access ignores while it moves the
 * file's position.  A method that refuses pread itself never sees one: its
 * access is only a place the 2.6.8 conversion changes.
 */
static void report_by_pointer(struct ss_unit *u, const struct ss_rule *self,
			      const struct ss_fpos_access *a, const char *who, const char *pos)
{
	const struct ss_function *f = a->function;

	if (ss_model_refuses_pread(u->model, f))
		ss_report_at(u, self, clang_getCursorLocation(a->member), SS_NOTE, f->name,
			     f->object,
			     "2.6.8 conversion: %s %s %s->f_pos, which is '%s' in this "
			     "kernel since the method refuses pread(); from Linux %s on the "
			     "method must use '%s'", who, ss_fpos_verb(a), a->base,
			     pos, ss_vfs_since(SS_VFS_POSITION_COPY), pos);
	else if (a->use != SS_FPOS_WRITE)
		/* read() hands it f_pos anyway: the harm is pread's alone */
		ss_report_at(u, self, clang_getCursorLocation(a->member), SS_WARNING, f->name,
			     f->object,
			     "%s %s %s->f_pos instead of '%s': %s the method %s own offset, "
			     "which this ignores, so %s at the file's position", who,
			     ss_fpos_verb(a), a->base, pos, calls(f, "hands", "hand"),
			     one_call(f) ? "its" : "their", one_call(f) ? "it acts" : "they act");
	else
		ss_report_at(u, self, clang_getCursorLocation(a->member), SS_WARNING, f->name,
			     f->object,
			     "%s %s %s->f_pos instead of '%s': %s the method %s own offset%s, "
			     "and this moves the file's position, which %s must leave alone",
			     who, ss_fpos_verb(a), a->base, pos, calls(f, "hands", "hand"),
			     one_call(f) ? "its" : "their",
			     f->position_reads ? "" : ", which the method ignores",
			     one_call(f) ? "it" : "they");
}

/* A method's own file; its address handed to a call is fpos-address's. */
static bool claims(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	return !ss_fpos_exempt(u, a) && a->use != SS_FPOS_ADDRESS_ARG && a->function &&
	       (a->function->roles & (SS_ROLES_RW | SS_ROLES_ITER)) && a->own_file;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		const struct ss_function *f = a->function;
		bool write = a->use == SS_FPOS_WRITE;
		char who[256], pos[64];

		if (!ss_rule_owns(u, self, i))
			continue;
		ss_describe_function(f, who, sizeof(who));
		instead(f, pos, sizeof(pos));
		if (ss_unit_vfs(u, SS_VFS_POSITION_COPY) == SS_NO) {
			report_by_pointer(u, self, a, who, pos);
			continue;
		}
		if (write)
			ss_report_at(u, self, clang_getCursorLocation(a->member), SS_ERROR,
				     f->name, f->object,
				     "%s %s %s->f_pos instead of '%s': the VFS passes the method "
				     "a copy of the position and overwrites this update",
				     who, ss_fpos_verb(a), a->base, pos);
		else if (ss_model_refuses_pread(u->model, f) || ss_opened_nonseekable(u, f->name))
			/* no pread reaches it: f_pos is what read() copied */
			ss_report_at(u, self, clang_getCursorLocation(a->member), SS_NOTE,
				     f->name, f->object,
				     "%s %s %s->f_pos instead of '%s': no pread() reaches the "
				     "method, so it reads what read() and write() copied into "
				     "'%s', at most racing with another caller; use '%s'",
				     who, ss_fpos_verb(a), a->base, pos, pos, pos);
		else
			ss_report_at(u, self, clang_getCursorLocation(a->member), SS_WARNING,
				     f->name, f->object,
				     "%s %s %s->f_pos instead of '%s': pread() and pwrite() hand "
				     "the method their own offset, which this ignores, so they "
				     "act at the file's position",
				     who, ss_fpos_verb(a), a->base, pos);
	}
}

const struct ss_rule ss_rule_rw_fpos = {
	.id = "rw-fpos",
	.severity = SS_WARNING,
	.confidence = SS_CONF_HIGH,
	.summary = "read/write method touches file->f_pos instead of its position argument",
	.help = "Since Linux 2.6.8 read() and write() pass methods a copy of file->f_pos and "
		"store the copy back afterwards. A read, write, aio, readv or writev method "
		"that assigns file->f_pos therefore has its update thrown away (an error), "
		"and one that reads it ignores pread's and pwrite's offset, acting at the "
		"file's position instead (a warning): it must use *ppos. In read_iter and write_iter the "
		"same holds for iocb->ki_filp->f_pos against iocb->ki_pos. Before 2.6.8 "
		"read() hands the method &file->f_pos itself, but pread() and pwrite() hand it "
		"their own offset, which such a method ignores while it moves the file's "
		"position (a warning); in a method that refuses pread the access is a note, a "
		"place the 2.6.8 conversion changes.",
	.fix = "rw_ppos.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.claims = claims,
	.check = check,
};

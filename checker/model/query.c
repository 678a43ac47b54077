// SPDX-License-Identifier: GPL-2.0-only
/* What the rules ask of the model of a file. */
#include "model/internal.h"

#include "input/fops_text.h"
#include "facts/vfs_opens.h"
#include "model/ast_util.h"
#include "model/unit.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t ss_model_function_count(const struct ss_model *m)
{
	return m->nfns;
}

const struct ss_function *ss_model_function(const struct ss_model *m, size_t i)
{
	return &m->fns[i];
}

size_t ss_model_fops_count(const struct ss_model *m)
{
	return m->nfops;
}

const struct ss_fops *ss_model_fops(const struct ss_model *m, size_t i)
{
	return &m->fops[i];
}

const struct ss_function *ss_model_function_named(const struct ss_model *m, const char *name)
{
	struct name_info *s = model_name((struct ss_model *)m, name, false);

	return s && s->fn >= 0 ? &m->fns[s->fn] : NULL;
}

const char *ss_fops_method(const struct ss_fops *f, const char *member)
{
	size_t i;

	for (i = 0; i < f->nmethods; i++)
		if (strcmp(f->methods[i].member, member) == 0)
			return f->methods[i].function;
	return NULL;
}

size_t ss_model_sysctl_count(const struct ss_model *m)
{
	return m->nsysctl;
}

const struct ss_sysctl_entry *ss_model_sysctl(const struct ss_model *m, size_t i)
{
	return &m->sysctl[i];
}

size_t ss_model_fpos_count(const struct ss_model *m)
{
	return m->nfpos;
}

const struct ss_fpos_access *ss_model_fpos(const struct ss_model *m, size_t i)
{
	return &m->fpos[i];
}

static const char *const clears_pread[] = { "FMODE_PREAD", NULL };
static const char *const and_assign[] = { "&=", NULL };

static bool nonseekable_from(struct ss_model *m, size_t fn, unsigned char *seen)
{
	const struct ss_function *f = &m->fns[fn];
	size_t i;

	if (seen[fn])
		return false;
	seen[fn] = 1;
	if (f->calls_nonseekable)
		return true;
	if (!clang_Cursor_isNull(f->body) &&
	    ss_tokens_contain(m->tu, f->body, clears_pread) &&
	    ss_tokens_contain(m->tu, f->body, and_assign))
		return true;
	for (i = 0; i < m->ncalls; i++) {
		struct name_info *s;

		if (m->calls[i].caller != fn)
			continue;
		s = model_name(m, m->calls[i].callee, false);
		if (s && s->fn >= 0 && nonseekable_from(m, (size_t)s->fn, seen))
			return true;
	}
	return false;
}

bool ss_model_open_is_nonseekable(struct ss_model *m, const char *open)
{
	struct name_info *s;
	unsigned char *seen;
	bool r;

	if (!open)
		return false;
	if (ss_vfs_open_nonseekable(open, strlen(open)))
		return true;
	s = model_name(m, open, false);
	if (!s || s->fn < 0)
		return false;
	seen = xrealloc(NULL, m->nfns);
	memset(seen, 0, m->nfns);
	r = nonseekable_from(m, (size_t)s->fn, seen);
	free(seen);
	return r;
}

static void outside_from(struct ss_model *m, size_t fn, unsigned char *seen, char *out, size_t n)
{
	if (seen[fn])
		return;
	seen[fn] = 1;
	for (size_t i = 0; i < m->ncalls; i++) {
		struct name_info *s;
		size_t at = strlen(out);

		if (m->calls[i].caller != fn)
			continue;
		s = model_name(m, m->calls[i].callee, false);
		if (s && s->fn >= 0)
			outside_from(m, (size_t)s->fn, seen, out, n);
		else if (at + strlen(m->calls[i].callee) + 2 < n &&
			 !strstr(out, m->calls[i].callee))
			snprintf(out + at, n - at, "%s%s", at ? "," : "", m->calls[i].callee);
	}
}

void ss_model_calls_outside(struct ss_model *m, const char *fn, char *out, size_t n)
{
	struct name_info *s = fn ? model_name(m, fn, false) : NULL;
	unsigned char *seen;

	*out = '\0';
	if (!s || s->fn < 0)
		return;
	seen = xcalloc(m->nfns ? m->nfns : 1, 1);
	outside_from(m, (size_t)s->fn, seen, out, n);
	free(seen);
}

enum ss_open_kind ss_model_open_kind(struct ss_model *m, const char *open)
{
	if (!open)
		return SS_OPEN_SEEKABLE;
	if (ss_model_open_is_nonseekable(m, open))
		return SS_OPEN_NONSEEKABLE;
	if (ss_model_function_named(m, open) || ss_vfs_open_seekable(open, strlen(open)))
		return SS_OPEN_SEEKABLE;
	return SS_OPEN_UNKNOWN;
}

bool ss_function_calls(const struct ss_model *m, const struct ss_function *f, const char *callee)
{
	size_t fn = (size_t)(f - m->fns);

	for (size_t i = 0; i < m->ncalls; i++)
		if (m->calls[i].caller == fn && strcmp(m->calls[i].callee, callee) == 0)
			return true;
	return false;
}

bool ss_model_espipe_only(struct ss_model *m, const struct ss_function *f)
{
	size_t i = (size_t)(f - m->fns);

	if (i >= m->nfns || clang_Cursor_isNull(f->body))
		return false;
	if (m->espipe_only[i] < 0)
		m->espipe_only[i] = ss_only_returns_negative(m->tu, f->body, "ESPIPE") ? 1 : 0;
	return m->espipe_only[i] == 1;
}

bool ss_model_espipe_llseek(struct ss_model *m, const struct ss_function *f)
{
	return (f->roles & SS_ROLE_LLSEEK) && strcmp(f->name, "no_llseek") != 0 &&
	       ss_model_espipe_only(m, f);
}

bool ss_function_uses_position(const struct ss_function *f)
{
	return f->position_uses > 0 || f->uses_ki_pos || f->touches_fpos;
}

bool ss_function_reads_position(const struct ss_function *f)
{
	return f->position_reads > 0;
}


bool ss_model_refuses_lseek(struct ss_model *m, const struct ss_fops *f, char *how, size_t n)
{
	const char *llseek = ss_fops_method(f, "llseek");
	const struct ss_function *seek;

	if (!llseek)
		return false;
	if (strcmp(llseek, "no_llseek") == 0) {
		snprintf(how, n, "no_llseek");
		return true;
	}
	seek = ss_model_function_named(m, llseek);
	if (!seek || !ss_model_espipe_only(m, seek))
		return false;
	snprintf(how, n, "'%s', which returns -ESPIPE", llseek);
	return true;
}

bool ss_fops_has_data_method(const struct ss_fops *f)
{
	for (size_t i = 0; ss_data_methods[i]; i++)
		if (ss_fops_method(f, ss_data_methods[i]))
			return true;
	return false;
}

bool ss_function_ignores_position(const struct ss_function *f)
{
	return f->position_examined == 0 && !f->touches_fpos && !f->hands_kiocb;
}

const struct ss_function *ss_model_first_method(const struct ss_model *m, const struct ss_fops *f,
						const char **member)
{
	for (size_t j = 0; ss_data_methods[j]; j++) {
		const char *name = ss_fops_method(f, ss_data_methods[j]);

		if (!name)
			continue;
		if (member)
			*member = ss_data_methods[j];
		return ss_model_function_named(m, name);
	}
	return NULL;
}

bool ss_model_refuses_pread(const struct ss_model *m, const struct ss_function *f)
{
	for (size_t i = 0; i < m->nfpos; i++) {
		const struct ss_fpos_access *a = &m->fpos[i];

		if (a->function == f && ss_fpos_pread_refusal(a) && !a->dead_test)
			return true;
	}
	return false;
}

const char *ss_pread_member(const struct ss_fops *f, bool write)
{
	const char *plain = ss_fops_method(f, write ? "write" : "read");

	return plain ? plain : ss_fops_method(f, write ? "aio_write" : "aio_read");
}

bool ss_model_methods_refuse_pread(const struct ss_model *m, const struct ss_fops *f)
{
	bool any = false;

	for (int write = 0; write <= 1; write++) {
		const char *name = ss_pread_member(f, write);
		const struct ss_function *fn = name ? ss_model_function_named(m, name) : NULL;

		if (name && (!fn || !ss_model_refuses_pread(m, fn)))
			return false;
		any |= name != NULL;
	}
	return any;
}

/*
 * 1 when every method of the list that the fops has is defined here and
 * honours the position, 0 when one does not (or is not defined here), -1
 * when the fops has none.
 */
static int list_honours_position(const struct ss_model *m, const struct ss_fops *f,
				 const char *const *list)
{
	int any = -1;

	for (size_t j = 0; list[j]; j++) {
		const char *name = ss_fops_method(f, list[j]);
		const struct ss_function *fn;

		if (!name)
			continue;
		fn = ss_model_function_named(m, name);
		if (!fn || !ss_function_reads_position(fn))
			return 0;
		any = 1;
	}
	return any;
}

bool ss_model_positional_here(const struct ss_model *m, const struct ss_fops *f, char *out,
			      size_t n)
{
	bool has_read = false, any = false;
	const char *const *list;

	*out = '\0';
	for (size_t j = 0; ss_read_methods[j]; j++)
		has_read |= ss_fops_method(f, ss_read_methods[j]) != NULL;
	list = has_read ? ss_read_methods : ss_write_methods;
	for (size_t j = 0; list[j]; j++) {
		const char *name = ss_fops_method(f, list[j]);
		const struct ss_function *fn;
		size_t at = strlen(out);

		if (!name)
			continue;
		any = true;
		fn = ss_model_function_named(m, name);
		if (fn && !ss_function_reads_position(fn))
			return false;
		if (!fn && at < n)
			snprintf(out + at, n - at, "%s%s", at ? "," : "", name);
	}
	return any;
}

static bool made_elsewhere(const struct ss_fops *f)
{
	return !ss_fops_method(f, "open") &&
	       !(f->handed & (SS_HANDED_DEVICE | SS_HANDED_CONTROL));
}

enum ss_seek_doubt ss_model_refusal_doubt(const struct ss_model *m, const struct ss_fops *f)
{
	int reads = list_honours_position(m, f, ss_read_methods);

	/* What pread does decides; a file with no read has pwrite to answer for. */
	if (reads == 1 || (reads < 0 && list_honours_position(m, f, ss_write_methods) == 1))
		return SS_DOUBT_POSITIONAL;
	if (made_elsewhere(f))
		return SS_DOUBT_ELSEWHERE;
	return SS_DOUBT_NONE;
}

enum ss_seek_doubt ss_model_stream_doubt(const struct ss_fops *f)
{
	if (made_elsewhere(f))
		return SS_DOUBT_ELSEWHERE;
	if ((f->handed & SS_HANDED_CONTROL) && !(f->handed & SS_HANDED_DEVICE))
		return SS_DOUBT_CONTROL;
	return SS_DOUBT_NONE;
}

bool ss_fpos_exempt(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	unsigned roles = a->function ? a->function->roles : 0;

	return (roles & SS_ROLES_OWN_FPOS) || u->vfs_core ||
	       ((roles & SS_ROLES_RW) && a->function->stream_only);
}

bool ss_fpos_verdict_roleless(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	return u->vfs_core && a->use != SS_FPOS_ESPIPE_COMPARE;
}

bool ss_fpos_pread_refusal(const struct ss_fpos_access *a)
{
	unsigned roles = a->function ? a->function->roles : 0;

	/* One even in the VFS core: pipes had one. */
	return a->use == SS_FPOS_ESPIPE_COMPARE && (roles & SS_ROLES_RW) &&
	       !(roles & SS_ROLES_OWN_FPOS);
}

const char *ss_fpos_verb(const struct ss_fpos_access *a)
{
	switch (a->use) {
	case SS_FPOS_WRITE:
		return "writes";
	case SS_FPOS_ADDRESS:
	case SS_FPOS_ADDRESS_ARG:
	case SS_FPOS_ESPIPE_COMPARE:
		return "takes the address of";
	case SS_FPOS_READ:
		break;
	}
	return "reads";
}

static const struct {
	unsigned role;
	const char *name;
} role_names[] = {
	{ SS_ROLE_LLSEEK, "llseek" },
	{ SS_ROLE_READ, "read" },
	{ SS_ROLE_AIO_READ, "aio_read" },
	{ SS_ROLE_WRITE, "write" },
	{ SS_ROLE_AIO_WRITE, "aio_write" },
	{ SS_ROLE_READDIR, "readdir" },
	{ SS_ROLE_OPEN, "open" },
	{ SS_ROLE_RELEASE, "release" },
	{ SS_ROLE_READV, "readv" },
	{ SS_ROLE_WRITEV, "writev" },
	{ SS_ROLE_READ_ITER, "read_iter" },
	{ SS_ROLE_WRITE_ITER, "write_iter" },
};

const char *ss_describe_function(const struct ss_function *f, char *buf, size_t n)
{
	char roles[128] = "";
	size_t i, len = 0;

	if (f->roles & SS_ROLE_SYSCTL) {
		snprintf(roles, sizeof(roles), "sysctl handler");
	} else {
		for (i = 0; i < sizeof(role_names) / sizeof(role_names[0]); i++) {
			if (!(f->roles & role_names[i].role))
				continue;
			len += (size_t)snprintf(roles + len, sizeof(roles) - len, "%s%s",
						len ? "/" : "", role_names[i].name);
			if (len >= sizeof(roles))
				break;
		}
		if (len == 0 && (f->roles & SS_ROLES_UNPOSITIONED) && f->method)
			snprintf(roles, sizeof(roles), "%s method", f->method);
		else if (len > 0 && len < sizeof(roles))
			snprintf(roles + len, sizeof(roles) - len, " method");
		else if (len == 0)
			snprintf(roles, sizeof(roles), "function");
	}
	if (f->object)
		snprintf(buf, n, "%s '%s' of '%s'", roles, f->name, f->object);
	else if (f->role_from_shape)
		snprintf(buf, n, "%s '%s' (by its signature)", roles, f->name);
	else
		snprintf(buf, n, "%s '%s'", roles, f->name);
	return buf;
}

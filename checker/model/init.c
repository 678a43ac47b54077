// SPDX-License-Identifier: GPL-2.0-only
/*
 * Initializers that name methods: file_operations (designated, GNU-style,
 * positional, and those only the tokens show), proc_ops, and ctl_table
 * entries with their proc_handler.
 */
#include "model/internal.h"

#include "model/ast_util.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult find_function_ref(CXCursor c, CXCursor parent,
						 CXClientData data)
{
	CXCursor *found = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl) {
		*found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The function an initializer or assignment value names: `f`, `&f`, `(type)f`. */
const char *model_named_function(struct ss_model *m, CXCursor value)
{
	CXCursor found = clang_getNullCursor();

	/* The value itself may be the reference; otherwise it is below. */
	if (find_function_ref(value, clang_getNullCursor(), &found) != CXChildVisit_Break)
		clang_visitChildren(value, find_function_ref, &found);
	return clang_Cursor_isNull(found) ? NULL : model_keep_spelling(m, found);
}

struct fields {
	struct ss_model *m;
	const char **names;
	size_t n, cap;
};

static enum CXVisitorResult collect_field(CXCursor c, CXClientData data)
{
	struct fields *f = data;

	xgrow((void **)&f->names, &f->cap, f->n + 1, sizeof(*f->names));
	f->names[f->n++] = model_keep_spelling(f->m, c);
	return CXVisit_Continue;
}

/* Member order of the struct being initialized, so positional entries line up. */
static void struct_fields(struct ss_model *m, CXType t, const char ***names, size_t *n)
{
	struct fields f = { m, NULL, 0, 0 };

	clang_Type_visitFields(clang_getCanonicalType(t), collect_field, &f);
	*names = f.names;
	*n = f.n;
}

static long field_index(const char **names, size_t n, const char *member)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], member) == 0)
			return (long)i;
	return -1;
}

/*
 * The member a designated entry names, read from its tokens (`.read =`,
 * `read:`).  An initializer list that does not type-check (under the
 * fallback header a method's signature may name an unknown type) keeps its
 * entries but loses the designators' MemberRef children.
 */
static const char *designator_in_tokens(struct ss_model *m, CXCursor entry)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	const char *name = NULL;

	clang_tokenize(m->tu, clang_getCursorExtent(entry), &toks, &n);
	if (n >= 3) {
		CXString s0 = clang_getTokenSpelling(m->tu, toks[0]);
		CXString s1 = clang_getTokenSpelling(m->tu, toks[1]);
		CXString s2 = clang_getTokenSpelling(m->tu, toks[2]);
		const char *t0 = clang_getCString(s0), *t1 = clang_getCString(s1);
		const char *t2 = clang_getCString(s2);

		if (strcmp(t0, ".") == 0 && strcmp(t2, "=") == 0 &&
		    clang_getTokenKind(toks[1]) == CXToken_Identifier)
			name = model_keep(m, t1);
		else if (strcmp(t1, ":") == 0 &&
			 clang_getTokenKind(toks[0]) == CXToken_Identifier)
			name = model_keep(m, t0);
		clang_disposeString(s0);
		clang_disposeString(s1);
		clang_disposeString(s2);
	}
	clang_disposeTokens(m->tu, toks, n);
	return name;
}

/*
 * Call back for each entry of a struct initializer with the member it
 * initializes: designated (`.read = f`), GNU (`read: f`) or positional,
 * positional entries continuing after the last designated one as C does.
 */
static void each_member(struct ss_model *m, CXCursor init, const char **fields,
			size_t nfields,
			void (*fn)(struct ss_model *, const char *, CXCursor, void *),
			void *arg)
{
	unsigned n = ss_children(init, NULL, 0), i;
	CXCursor *kids = xrealloc(NULL, (n ? n : 1) * sizeof(*kids));
	long next = 0;

	ss_children(init, kids, n);
	for (i = 0; i < n; i++) {
		CXCursor parts[8];
		unsigned np = 0;
		const char *member = NULL;
		CXCursor value = kids[i];

		if (clang_getCursorKind(kids[i]) == CXCursor_UnexposedExpr)
			np = ss_children(kids[i], parts, 8);
		if (np >= 2 && np <= 8 && clang_getCursorKind(parts[0]) == CXCursor_MemberRef) {
			member = model_keep_spelling(m, parts[0]);
			value = parts[np - 1];
		} else if ((member = designator_in_tokens(m, kids[i])) != NULL) {
			value = np >= 1 && np <= 8 ? parts[np - 1] : kids[i];
		}
		if (member) {
			next = field_index(fields, nfields, member);
			next = next < 0 ? (long)nfields : next + 1;
		} else {
			if (next >= 0 && (size_t)next < nfields)
				member = fields[next];
			next++;
		}
		if (member)
			fn(m, member, value, arg);
	}
	free(kids);
}

/*
 * A value written as one identifier that is a macro: `.llseek = no_llseek`
 * where, as in Linux 6.0 to 6.11, no_llseek is defined as NULL.  The
 * expression comes from the macro, so its own extent is empty; the name is
 * the token where it was expanded, followed by the end of the entry.
 */
static const char *macro_value(struct ss_model *m, CXCursor value)
{
	CXToken *toks = NULL;
	unsigned n = 0, offset;
	size_t len = 0;
	CXFile file;
	const char *name = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(value), &file, NULL, NULL, &offset);
	if (!file || !clang_getFileContents(m->tu, file, &len) || offset >= len)
		return NULL;
	clang_tokenize(m->tu, clang_getRange(clang_getLocationForOffset(m->tu, file, offset),
					     clang_getLocationForOffset(m->tu, file,
									offset + 1 < len ? offset + 1 : offset)),
		       &toks, &n);
	if (n >= 1 && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString s = clang_getTokenSpelling(m->tu, toks[0]);
		size_t end = offset + strlen(clang_getCString(s));
		const char *text = clang_getFileContents(m->tu, file, &len);

		while (end < len && (text[end] == ' ' || text[end] == '\t' || text[end] == '\n'))
			end++;
		if (end < len && (text[end] == ',' || text[end] == '}') &&
		    strcmp(clang_getCString(s), "NULL") != 0)
			name = model_keep(m, clang_getCString(s));
		clang_disposeString(s);
	}
	clang_disposeTokens(m->tu, toks, n);
	return name;
}

static void fops_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	struct ss_fops *f = arg;
	const char *function = model_named_function(m, value);

	if (!function && strcmp(member, "owner") != 0)
		function = macro_value(m, value);
	if (!function)
		return;
	f->methods = xrealloc(f->methods, (f->nmethods + 1) * sizeof(*f->methods));
	f->methods[f->nmethods++] = (struct ss_fops_method){ member, function };
	model_grant(m, function, model_role_of_member(member), f->name, member);
}

static const char *object_name(struct walker *w)
{
	return w->in_var ? model_keep_spelling(w->m, w->var) : "(unnamed)";
}

void model_add_fops(struct walker *w, CXCursor init, CXType type)
{
	struct ss_model *m = w->m;
	struct ss_fops *f;

	if (!m->fops_fields_known) {
		struct_fields(m, type, &m->fops_fields, &m->nfops_fields);
		m->fops_fields_known = true;
	}
	xgrow((void **)&m->fops, &m->capfops, m->nfops + 1, sizeof(*m->fops));
	f = &m->fops[m->nfops++];
	f->name = object_name(w);
	f->cursor = w->in_var ? w->var : init;
	f->methods = NULL;
	f->nmethods = 0;
	f->pseudo = false;
	each_member(m, init, m->fops_fields, m->nfops_fields, fops_member, f);
}

static enum CXChildVisitResult find_init_list(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_InitListExpr)
		return CXChildVisit_Continue;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

bool model_has_init_list(CXCursor var)
{
	bool found = false;

	clang_visitChildren(var, find_init_list, &found);
	return found;
}

/* A span of the text, kept. */
static const char *kept_span(struct ss_model *m, const char *s, size_t at, size_t n)
{
	char *t = xstrndup(s + at, n);
	const char *r = model_keep(m, t);

	free(t);
	return r;
}

/*
 * A file_operations whose initializer clang dropped (it names an
 * undeclared identifier, which without the kernel's headers is common):
 * its methods are read from the source text instead.
 */
void model_add_fops_from_tokens(struct walker *w, CXCursor var)
{
	struct ss_model *m = w->m;
	struct ss_ctext_entry *e = NULL;
	size_t n = 0, i, len = 0, open, close;
	unsigned name;
	long next = 0;
	struct ss_fops *f;
	CXFile file;
	const char *s;

	clang_getSpellingLocation(clang_getCursorLocation(var), &file, NULL, NULL, &name);
	s = file ? clang_getFileContents(m->tu, file, &len) : NULL;
	if (s && name < len && ss_ctext_initializer(s, len, name, &open, &close))
		n = ss_ctext_entries(s, len, open, close, &e);
	if (!n) {
		free(e);
		return;
	}
	if (!m->fops_fields_known) {
		struct_fields(m, clang_getCursorType(var), &m->fops_fields, &m->nfops_fields);
		m->fops_fields_known = true;
	}
	xgrow((void **)&m->fops, &m->capfops, m->nfops + 1, sizeof(*m->fops));
	f = &m->fops[m->nfops++];
	f->name = model_keep_spelling(m, var);
	f->cursor = var;
	f->methods = NULL;
	f->nmethods = 0;
	f->pseudo = false;
	for (i = 0; i < n; i++) {
		const char *member = NULL, *function;

		if (e[i].member_len) {
			member = kept_span(m, s, e[i].member, e[i].member_len);
			next = field_index(m->fops_fields, m->nfops_fields, member);
			next = next < 0 ? (long)m->nfops_fields : next + 1;
		} else if (next >= 0 && (size_t)next < m->nfops_fields) {
			member = m->fops_fields[next++];
		}
		if (!member || !e[i].value_len || strcmp(member, "owner") == 0)
			continue;
		function = kept_span(m, s, e[i].value, e[i].value_len);
		f->methods = xrealloc(f->methods, (f->nmethods + 1) * sizeof(*f->methods));
		f->methods[f->nmethods++] = (struct ss_fops_method){ member, function };
		model_grant(m, function, model_role_of_member(member), f->name, member);
	}
	free(e);
}

struct ctl_entry {
	const char *table;
	CXCursor init;
};

static void ctl_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	struct ctl_entry *e = arg;
	const char *function;

	if (strcmp(member, "proc_handler") != 0)
		return;
	function = model_named_function(m, value);
	if (!function)
		return;
	xgrow((void **)&m->sysctl, &m->capsysctl, m->nsysctl + 1, sizeof(*m->sysctl));
	m->sysctl[m->nsysctl++] = (struct ss_sysctl_entry){ e->table, function, e->init };
	model_grant(m, function, SS_ROLE_SYSCTL, e->table, member);
}

/*
 * struct proc_ops (Linux 5.6 and later) carries the methods of /proc files:
 * proc_read is a read method, proc_lseek an llseek method, and so on.  Only
 * the roles are taken; the file_operations rules judge file_operations.
 */
static void proc_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	const char *function = model_named_function(m, value);
	unsigned role;

	if (!function || strncmp(member, "proc_", 5) != 0)
		return;
	role = strcmp(member, "proc_lseek") == 0 ? SS_ROLE_LLSEEK : model_role_of_member(member + 5);
	model_grant(m, function, role, arg, member);
}

void model_add_proc_ops(struct walker *w, CXCursor init)
{
	each_member(w->m, init, NULL, 0, proc_member, (void *)object_name(w));
}

/*
 * Other tables of methods: ALSA's snd_info_entry_ops, debugfs helpers, a
 * driver's own ops.  Their llseek, read and write members name methods of
 * a file's position as file_operations' do, but only where the method's
 * signature agrees (model_shape_allows).
 */
static const char *const position_members[] = {
	"llseek", "read", "write", "read_iter", "write_iter", "aio_read", "aio_write",
	"readv", "writev", "readdir", "iterate", "iterate_shared", NULL
};

static bool is_position_member(const char *name)
{
	size_t i;

	for (i = 0; position_members[i]; i++)
		if (strcmp(position_members[i], name) == 0)
			return true;
	return false;
}

static enum CXVisitorResult find_method_field(CXCursor field, CXClientData data)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	CXString name;
	bool hit;

	if (t.kind != CXType_Pointer ||
	    clang_getCanonicalType(clang_getPointeeType(t)).kind != CXType_FunctionProto)
		return CXVisit_Continue;
	name = clang_getCursorSpelling(field);
	hit = is_position_member(clang_getCString(name));
	clang_disposeString(name);
	if (!hit)
		return CXVisit_Continue;
	*(bool *)data = true;
	return CXVisit_Break;
}

/* A struct with a function pointer member named like a method of the position. */
bool model_ops_like(CXType type)
{
	bool found = false;

	type = clang_getCanonicalType(type);
	if (type.kind != CXType_Record)
		return false;
	clang_Type_visitFields(type, find_method_field, &found);
	return found;
}

static void other_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	const char *function;

	if (!is_position_member(member) || !(function = model_named_function(m, value)))
		return;
	model_grant_if_shaped(m, function, model_role_of_member(member), arg, member);
}

void model_add_other_ops(struct walker *w, CXCursor init)
{
	each_member(w->m, init, NULL, 0, other_member, (void *)object_name(w));
}

void model_add_ctl_entry(struct walker *w, CXCursor init, CXType type)
{
	struct ss_model *m = w->m;
	struct ctl_entry e = { object_name(w), init };

	if (!m->ctl_fields_known) {
		struct_fields(m, type, &m->ctl_fields, &m->nctl_fields);
		m->ctl_fields_known = true;
	}
	each_member(m, init, m->ctl_fields, m->nctl_fields, ctl_member, &e);
}

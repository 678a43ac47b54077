#include "model.h"

#include "ast_util.h"
#include "init_tokens.h"
#include "unit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS 16

/* A role a file_operations or ctl_table entry (or an assignment) gives. */
struct role_grant {
	const char *function;
	unsigned role;
	const char *object;
	const char *member;
};

struct call {
	size_t caller;
	const char *callee;
};

struct passed {
	long fn;
	CXCursor var;
};

/*
 * Where an access is: reported at `at`, written at `spelled`.  A macro that
 * uses an argument twice yields two accesses at one place; two accesses
 * in one macro body differ in where they are written.
 */
struct place {
	unsigned at, spelled;
	CXFile file;
	bool used;
};

/* Function name -> index of its definition, and how often it is used elsewhere. */
struct name_slot {
	const char *name;
	long fn;			/* -1: not defined in this file */
	unsigned refs;
};

struct ss_model {
	CXTranslationUnit tu;

	struct ss_function *fns;
	size_t nfns, capfns;
	CXCursor (*params)[MAX_PARAMS];	/* per function */
	unsigned *nparams;
	signed char *espipe_only;	/* per function: -1 not yet known */

	struct ss_fops *fops;
	size_t nfops, capfops;
	struct ss_sysctl_entry *sysctl;
	size_t nsysctl, capsysctl;
	struct ss_fpos_access *fpos;
	size_t nfpos, capfpos;
	CXCursor *fpos_copy;		/* the local each access copies from or to, or null */
	size_t capfpos_copy;
	struct passed *passed;		/* locals whose address a call gets */
	size_t npassed, cappassed;
	size_t *fpos_fn;		/* index of the enclosing function, SIZE_MAX if none */
	size_t capfpos_fn;

	struct role_grant *grants;
	size_t ngrants, capgrants;
	struct call *calls;
	size_t ncalls, capcalls;

	struct name_slot *names;
	size_t capnames, nnames;

	char **strings;
	size_t nstrings, capstrings;

	const char **fops_fields, **ctl_fields;
	size_t nfops_fields, nctl_fields;
	bool fops_fields_known, ctl_fields_known;
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("safeseek-check: out of memory\n", stderr);
		exit(2);
	}
	return q;
}

/* Make room for one more element of a growing array. */
static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 16;
	return xrealloc(p, *cap * size);
}

static const char *keep(struct ss_model *m, const char *s)
{
	size_t len = strlen(s);
	char *copy = xrealloc(NULL, len + 1);

	memcpy(copy, s, len + 1);
	m->strings = grow(m->strings, m->nstrings, &m->capstrings, sizeof(*m->strings));
	m->strings[m->nstrings++] = copy;
	return copy;
}

static const char *keep_spelling(struct ss_model *m, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *r = keep(m, clang_getCString(s));

	clang_disposeString(s);
	return r;
}

static bool spelled(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	bool same = strcmp(clang_getCString(s), name) == 0;

	clang_disposeString(s);
	return same;
}

/* ---- function names ---------------------------------------------------- */

static size_t hash_name(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static struct name_slot *name_slot(struct ss_model *m, const char *name, bool add)
{
	size_t i;

	if (m->nnames * 2 >= m->capnames && add) {
		struct name_slot *old = m->names;
		size_t oldcap = m->capnames, j;

		m->capnames = oldcap ? oldcap * 2 : 64;
		m->names = xrealloc(NULL, m->capnames * sizeof(*m->names));
		memset(m->names, 0, m->capnames * sizeof(*m->names));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].name)
				continue;
			i = hash_name(old[j].name) & (m->capnames - 1);
			while (m->names[i].name)
				i = (i + 1) & (m->capnames - 1);
			m->names[i] = old[j];
		}
		free(old);
	}
	if (m->capnames == 0)
		return NULL;
	i = hash_name(name) & (m->capnames - 1);
	while (m->names[i].name) {
		if (strcmp(m->names[i].name, name) == 0)
			return &m->names[i];
		i = (i + 1) & (m->capnames - 1);
	}
	if (!add)
		return NULL;
	m->names[i].name = keep(m, name);
	m->names[i].fn = -1;
	m->names[i].refs = 0;
	m->nnames++;
	return &m->names[i];
}

const struct ss_function *ss_model_function_named(const struct ss_model *m, const char *name)
{
	struct name_slot *s = name_slot((struct ss_model *)m, name, false);

	return s && s->fn >= 0 ? &m->fns[s->fn] : NULL;
}

/* ---- roles ------------------------------------------------------------- */

static const struct {
	const char *member;
	unsigned role;
} fops_roles[] = {
	{ "llseek", SS_ROLE_LLSEEK },
	{ "read", SS_ROLE_READ },
	{ "write", SS_ROLE_WRITE },
	{ "aio_read", SS_ROLE_AIO_READ },
	{ "aio_write", SS_ROLE_AIO_WRITE },
	{ "readv", SS_ROLE_READV },
	{ "writev", SS_ROLE_WRITEV },
	{ "read_iter", SS_ROLE_READ_ITER },
	{ "write_iter", SS_ROLE_WRITE_ITER },
	{ "readdir", SS_ROLE_READDIR },
	{ "iterate", SS_ROLE_READDIR },
	{ "iterate_shared", SS_ROLE_READDIR },
	{ "open", SS_ROLE_OPEN },
	{ "release", SS_ROLE_RELEASE },
};

static unsigned role_of_member(const char *member)
{
	size_t i;

	for (i = 0; i < sizeof(fops_roles) / sizeof(fops_roles[0]); i++)
		if (strcmp(fops_roles[i].member, member) == 0)
			return fops_roles[i].role;
	return strcmp(member, "owner") == 0 ? 0 : SS_ROLE_OTHER;
}

static void grant(struct ss_model *m, const char *function, unsigned role,
		  const char *object, const char *member)
{
	if (!role)
		return;
	m->grants = grow(m->grants, m->ngrants, &m->capgrants, sizeof(*m->grants));
	m->grants[m->ngrants++] = (struct role_grant){ function, role, object, member };
}

static bool is_integer(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind >= CXType_Bool && t.kind <= CXType_Int128 &&
	       t.kind != CXType_Char16 && t.kind != CXType_Char32;
}

static bool is_loff(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_LongLong || t.kind == CXType_Long;
}

static bool is_pointer_to(CXType t, bool (*pred)(CXType))
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer && pred(clang_getPointeeType(t));
}

static bool is_char(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Char_S || t.kind == CXType_Char_U ||
	       t.kind == CXType_SChar || t.kind == CXType_UChar;
}

static bool is_any_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* The roles a definition's signature suggests, for functions nothing names. */
static unsigned roles_from_shape(CXCursor fn)
{
	CXType t = clang_getCursorType(fn);
	int n = clang_getNumArgTypes(t);
	CXType a[6];
	int i;

	if (n < 2)
		return 0;
	for (i = 0; i < n && i < 6; i++)
		a[i] = clang_getArgType(t, (unsigned)i);

	if (n == 4 && ss_type_is_pointer_to_struct(a[0], "file") && is_pointer_to(a[3], is_loff)) {
		CXType buf = clang_getCanonicalType(a[1]);
		CXType pointee = clang_getPointeeType(buf);

		if (buf.kind != CXType_Pointer)
			return SS_ROLE_READ | SS_ROLE_WRITE;
		if (ss_type_is_struct(pointee, "iovec"))
			return SS_ROLE_READV | SS_ROLE_WRITEV;
		if (!is_char(pointee))
			return SS_ROLE_READ | SS_ROLE_WRITE;
		return clang_isConstQualifiedType(pointee) ? SS_ROLE_WRITE : SS_ROLE_READ;
	}
	if (n == 4 && ss_type_is_pointer_to_struct(a[0], "kiocb") && is_loff(a[3])) {
		CXType pointee = clang_getPointeeType(clang_getCanonicalType(a[1]));

		return clang_isConstQualifiedType(pointee) ? SS_ROLE_AIO_WRITE : SS_ROLE_AIO_READ;
	}
	if (n == 3 && ss_type_is_pointer_to_struct(a[0], "file") && is_loff(a[1]) &&
	    is_integer(a[2]))
		return SS_ROLE_LLSEEK;
	if (n == 3 && ss_type_is_pointer_to_struct(a[0], "file") && is_any_pointer(a[1]) &&
	    is_any_pointer(a[2]) &&
	    clang_getPointeeType(clang_getCanonicalType(a[2])).kind == CXType_FunctionProto)
		return SS_ROLE_READDIR;
	if (n == 2 && ss_type_is_pointer_to_struct(a[0], "kiocb") &&
	    ss_type_is_pointer_to_struct(a[1], "iov_iter"))
		return SS_ROLES_ITER;
	/* Routines behind the handlers take extra arguments after these. */
	if (n >= 5 && ss_type_is_pointer_to_struct(a[0], "ctl_table") &&
	    is_integer(a[1]) && ss_type_is_pointer_to_struct(a[2], "file") &&
	    is_any_pointer(a[3]) && is_pointer_to(a[4], is_integer))
		return SS_ROLE_SYSCTL;
	return 0;
}

/* ---- the walk ---------------------------------------------------------- */

struct walker {
	struct ss_model *m;
	CXCursor *stack;		/* ancestors of the cursor being visited */
	size_t depth, cap;
	long fn;			/* the function being walked, -1 outside */
	CXCursor *aliases;		/* its locals set to a kiocb parameter's ki_filp */
	size_t naliases, capaliases;
	struct place *seen;		/* where its f_pos accesses are, as a hash set */
	size_t nseen, capseen;
	CXCursor var;			/* the innermost variable being initialized */
	bool in_var;
};

static void visit(struct walker *w, CXCursor c);

static enum CXChildVisitResult visit_child(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	visit(data, c);
	return CXChildVisit_Continue;
}

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
static const char *named_function(struct ss_model *m, CXCursor value)
{
	CXCursor found = clang_getNullCursor();

	/* The value itself may be the reference; otherwise it is below. */
	if (find_function_ref(value, clang_getNullCursor(), &found) != CXChildVisit_Break)
		clang_visitChildren(value, find_function_ref, &found);
	return clang_Cursor_isNull(found) ? NULL : keep_spelling(m, found);
}

struct fields {
	struct ss_model *m;
	const char **names;
	size_t n, cap;
};

static enum CXVisitorResult collect_field(CXCursor c, CXClientData data)
{
	struct fields *f = data;

	f->names = grow(f->names, f->n, &f->cap, sizeof(*f->names));
	f->names[f->n++] = keep_spelling(f->m, c);
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
			name = keep(m, t1);
		else if (strcmp(t1, ":") == 0 &&
			 clang_getTokenKind(toks[0]) == CXToken_Identifier)
			name = keep(m, t0);
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
			member = keep_spelling(m, parts[0]);
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
			name = keep(m, clang_getCString(s));
		clang_disposeString(s);
	}
	clang_disposeTokens(m->tu, toks, n);
	return name;
}

static void fops_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	struct ss_fops *f = arg;
	const char *function = named_function(m, value);

	if (!function && strcmp(member, "owner") != 0)
		function = macro_value(m, value);
	if (!function)
		return;
	f->methods = xrealloc(f->methods, (f->nmethods + 1) * sizeof(*f->methods));
	f->methods[f->nmethods++] = (struct ss_fops_method){ member, function };
	grant(m, function, role_of_member(member), f->name, member);
}

static const char *object_name(struct walker *w)
{
	return w->in_var ? keep_spelling(w->m, w->var) : "(unnamed)";
}

static void add_fops(struct walker *w, CXCursor init, CXType type)
{
	struct ss_model *m = w->m;
	struct ss_fops *f;

	if (!m->fops_fields_known) {
		struct_fields(m, type, &m->fops_fields, &m->nfops_fields);
		m->fops_fields_known = true;
	}
	m->fops = grow(m->fops, m->nfops, &m->capfops, sizeof(*m->fops));
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

static bool has_init_list(CXCursor var)
{
	bool found = false;

	clang_visitChildren(var, find_init_list, &found);
	return found;
}

/*
 * A file_operations whose initializer clang dropped (it names an
 * undeclared identifier, which without the kernel's headers is common):
 * its methods are read from the source text instead.
 */
static void add_fops_from_tokens(struct walker *w, CXCursor var)
{
	struct ss_model *m = w->m;
	struct ss_init_entry *e;
	size_t n = ss_init_entries(m->tu, clang_getCursorLocation(var), &e), i;
	long next = 0;
	struct ss_fops *f;

	if (!n)
		return;
	if (!m->fops_fields_known) {
		struct_fields(m, clang_getCursorType(var), &m->fops_fields, &m->nfops_fields);
		m->fops_fields_known = true;
	}
	m->fops = grow(m->fops, m->nfops, &m->capfops, sizeof(*m->fops));
	f = &m->fops[m->nfops++];
	f->name = keep_spelling(m, var);
	f->cursor = var;
	f->methods = NULL;
	f->nmethods = 0;
	f->pseudo = false;
	for (i = 0; i < n; i++) {
		const char *member = NULL, *function;

		if (e[i].member) {
			member = keep(m, e[i].member);
			next = field_index(m->fops_fields, m->nfops_fields, member);
			next = next < 0 ? (long)m->nfops_fields : next + 1;
		} else if (next >= 0 && (size_t)next < m->nfops_fields) {
			member = m->fops_fields[next++];
		}
		if (!member || !e[i].value || strcmp(member, "owner") == 0)
			continue;
		function = keep(m, e[i].value);
		f->methods = xrealloc(f->methods, (f->nmethods + 1) * sizeof(*f->methods));
		f->methods[f->nmethods++] = (struct ss_fops_method){ member, function };
		grant(m, function, role_of_member(member), f->name, member);
	}
	ss_init_entries_free(e, n);
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
	function = named_function(m, value);
	if (!function)
		return;
	m->sysctl = grow(m->sysctl, m->nsysctl, &m->capsysctl, sizeof(*m->sysctl));
	m->sysctl[m->nsysctl++] = (struct ss_sysctl_entry){ e->table, function, e->init };
	grant(m, function, SS_ROLE_SYSCTL, e->table, member);
}

/*
 * struct proc_ops (Linux 5.6 and later) carries the methods of /proc files:
 * proc_read is a read method, proc_lseek an llseek method, and so on.  Only
 * the roles are taken; the file_operations rules judge file_operations.
 */
static void proc_member(struct ss_model *m, const char *member, CXCursor value, void *arg)
{
	const char *function = named_function(m, value);
	unsigned role;

	if (!function || strncmp(member, "proc_", 5) != 0)
		return;
	role = strcmp(member, "proc_lseek") == 0 ? SS_ROLE_LLSEEK : role_of_member(member + 5);
	grant(m, function, role, arg, member);
}

static void add_proc_ops(struct walker *w, CXCursor init)
{
	each_member(w->m, init, NULL, 0, proc_member, (void *)object_name(w));
}

static void add_ctl_entry(struct walker *w, CXCursor init, CXType type)
{
	struct ss_model *m = w->m;
	struct ctl_entry e = { object_name(w), init };

	if (!m->ctl_fields_known) {
		struct_fields(m, type, &m->ctl_fields, &m->nctl_fields);
		m->ctl_fields_known = true;
	}
	each_member(m, init, m->ctl_fields, m->nctl_fields, ctl_member, &e);
}

/* `fops.read = f;` or `table->proc_handler = h;` at run time. */
static void assignment(struct walker *w, CXCursor c)
{
	CXCursor kids[2];
	CXCursor lhs;
	char op[8];
	const char *member, *function;
	unsigned role;

	if (ss_children(c, kids, 2) != 2)
		return;
	lhs = ss_strip(kids[0]);
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return;
	if (ss_member_of_struct(lhs, "file_operations")) {
		member = keep_spelling(w->m, lhs);
		role = role_of_member(member);
	} else if (ss_member_of_struct(lhs, "ctl_table") && spelled(lhs, "proc_handler")) {
		member = "proc_handler";
		role = SS_ROLE_SYSCTL;
	} else {
		return;
	}
	if (strcmp(ss_operator(w->m->tu, c, op, sizeof(op)), "=") != 0)
		return;
	function = named_function(w->m, kids[1]);
	if (function)
		grant(w->m, function, role, NULL, member);
}

static void add_function(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	struct ss_function *f;
	struct name_slot *slot;
	CXCursor kids[MAX_PARAMS + 4];
	unsigned nk, i;
	int na;
	size_t cap = m->capfns;

	m->fns = grow(m->fns, m->nfns, &m->capfns, sizeof(*m->fns));
	if (cap != m->capfns) {
		m->params = xrealloc(m->params, m->capfns * sizeof(*m->params));
		m->nparams = xrealloc(m->nparams, m->capfns * sizeof(*m->nparams));
		m->espipe_only = xrealloc(m->espipe_only, m->capfns * sizeof(*m->espipe_only));
	}
	f = &m->fns[m->nfns];
	memset(f, 0, sizeof(*f));
	f->cursor = c;
	f->body = clang_getNullCursor();
	nk = ss_children(c, kids, MAX_PARAMS + 4);
	for (i = 0; i < nk && i < MAX_PARAMS + 4; i++)
		if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
			f->body = kids[i];
	na = clang_Cursor_getNumArguments(c);
	m->nparams[m->nfns] = 0;
	for (i = 0; na > 0 && i < (unsigned)na && i < MAX_PARAMS; i++)
		m->params[m->nfns][m->nparams[m->nfns]++] = clang_Cursor_getArgument(c, i);
	m->espipe_only[m->nfns] = -1;

	{
		CXString name = clang_getCursorSpelling(c);

		slot = name_slot(m, clang_getCString(name), true);
		clang_disposeString(name);
	}
	f->name = slot->name;
	if (slot->fn < 0)
		slot->fn = (long)m->nfns;
	w->fn = (long)m->nfns;
	w->naliases = 0;
	if (w->nseen) {
		memset(w->seen, 0, w->capseen * sizeof(*w->seen));
		w->nseen = 0;
	}
	m->nfns++;
}

static void reference(struct walker *w, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(ref);
	struct ss_model *m = w->m;

	if (k == CXCursor_FunctionDecl) {
		CXString s = clang_getCursorSpelling(ref);
		const char *name = clang_getCString(s);

		if (w->fn < 0 || strcmp(m->fns[w->fn].name, name) != 0)
			name_slot(m, name, true)->refs++;
		clang_disposeString(s);
	} else if (k == CXCursor_ParmDecl && w->fn >= 0) {
		unsigned i;

		for (i = 0; i < m->nparams[w->fn]; i++)
			if (clang_equalCursors(ref, m->params[w->fn][i]))
				m->fns[w->fn].params_used |= 1u << i;
	}
}

/* VFS functions that clear FMODE_PREAD and FMODE_PWRITE (simple_attr_open() ends in nonseekable_open()). */
static bool makes_nonseekable(const char *function)
{
	return strcmp(function, "nonseekable_open") == 0 || strcmp(function, "stream_open") == 0 ||
	       strcmp(function, "simple_attr_open") == 0;
}

static void call(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	const char *callee;

	if (w->fn < 0)
		return;
	callee = keep_spelling(m, c);
	if (makes_nonseekable(callee))
		m->fns[w->fn].calls_nonseekable = true;
	m->calls = grow(m->calls, m->ncalls, &m->capcalls, sizeof(*m->calls));
	m->calls[m->ncalls++] = (struct call){ (size_t)w->fn, callee };
}

/* The ancestor `up` levels above the cursor being visited (1 = its parent). */
static CXCursor ancestor(struct walker *w, size_t up)
{
	return up <= w->depth ? w->stack[w->depth - up] : clang_getNullCursor();
}

/* Index (as for ancestor()) of the first ancestor from `up` that is not transparent. */
static size_t skip_up(struct walker *w, size_t up, bool casts)
{
	while (up <= w->depth) {
		CXCursor a = ancestor(w, up);

		if (!ss_is_transparent(a) &&
		    !(casts && clang_getCursorKind(a) == CXCursor_CStyleCastExpr))
			break;
		up++;
	}
	return up;
}

/* Whether the path from the visited cursor goes through the first child of ancestor `up`. */
static bool through_first_child(struct walker *w, size_t up, CXCursor self)
{
	CXCursor first;
	CXCursor below = up == 1 ? self : ancestor(w, up - 1);

	return ss_children(ancestor(w, up), &first, 1) >= 1 && clang_equalCursors(first, below);
}

struct prev_search {
	CXCursor target, prev, found;
	bool done;
};

static enum CXChildVisitResult find_prev(CXCursor c, CXCursor parent, CXClientData data)
{
	struct prev_search *s = data;

	(void)parent;
	if (clang_equalCursors(c, s->target)) {
		s->found = s->prev;
		s->done = true;
		return CXChildVisit_Break;
	}
	s->prev = c;
	return CXChildVisit_Continue;
}

/* The statement just before `stmt` in the block `block`, or a null cursor. */
static CXCursor statement_before(CXCursor block, CXCursor stmt)
{
	struct prev_search s = { stmt, clang_getNullCursor(), clang_getNullCursor(), false };

	if (clang_getCursorKind(block) != CXCursor_CompoundStmt)
		return s.found;
	clang_visitChildren(block, find_prev, &s);
	return s.found;
}

static void espipe_compare(struct walker *w, size_t up, CXCursor self,
			   struct ss_fpos_access *a)
{
	CXCursor cmp = ancestor(w, up), kids[2], other;
	size_t k;
	char buf[128];

	a->use = SS_FPOS_ESPIPE_COMPARE;
	a->compare = cmp;
	if (ss_children(cmp, kids, 2) == 2) {
		other = through_first_child(w, up, self) ? kids[1] : kids[0];
		a->other = keep(w->m, ss_source_text(w->m->tu, ss_strip(other), buf, sizeof(buf)));
	}
	/* The if statement whose condition holds the comparison, if any. */
	for (k = up + 1; k <= w->depth; k++) {
		enum CXCursorKind kind = clang_getCursorKind(ancestor(w, k));

		if (kind == CXCursor_IfStmt) {
			if (through_first_child(w, k, self)) {
				a->branch = ancestor(w, k);
				a->before = statement_before(ancestor(w, k + 1), a->branch);
			}
			break;
		}
		if (clang_isStatement(kind) || clang_isDeclaration(kind))
			break;
	}
}

static bool is_param(struct walker *w, CXCursor ref)
{
	unsigned i;

	for (i = 0; w->fn >= 0 && i < w->m->nparams[w->fn]; i++)
		if (clang_equalCursors(ref, w->m->params[w->fn][i]))
			return true;
	return false;
}

/* `P->ki_filp` with P a parameter of the function being walked. */
static bool is_param_ki_filp(struct walker *w, CXCursor e)
{
	CXCursor base;

	e = ss_strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || !spelled(e, "ki_filp") ||
	    ss_children(e, &base, 1) < 1)
		return false;
	base = ss_strip(base);
	return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
	       is_param(w, clang_getCursorReferenced(base));
}

/* `struct file *file = iocb->ki_filp;` names the method's own file. */
static void maybe_alias(struct walker *w, CXCursor var)
{
	CXCursor kids[4];
	unsigned n = ss_children(var, kids, 4);

	if (w->fn < 0 || n == 0 || n > 4 || !is_param_ki_filp(w, kids[n - 1]))
		return;
	w->aliases = grow(w->aliases, w->naliases, &w->capaliases, sizeof(*w->aliases));
	w->aliases[w->naliases++] = var;
}

static bool is_own_file(struct walker *w, CXCursor base)
{
	CXCursor ref;
	size_t i;

	base = ss_strip(base);
	if (is_param_ki_filp(w, base))
		return true;
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(base);
	if (is_param(w, ref))
		return true;
	for (i = 0; i < w->naliases; i++)
		if (clang_equalCursors(ref, w->aliases[i]))
			return true;
	return false;
}

/* The local variable `e` names, or a null cursor. */
static CXCursor local_named(CXCursor e)
{
	CXCursor ref;

	e = ss_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	return clang_getCursorKind(ref) == CXCursor_VarDecl ? ref : clang_getNullCursor();
}

/*
 * For `pos = X->f_pos`, `loff_t pos = X->f_pos` and `X->f_pos = pos`: the
 * local pos.  `up` is the first non-transparent ancestor of the access.
 */
static CXCursor copy_local(struct walker *w, CXCursor self, size_t up, enum ss_fpos_use use)
{
	CXCursor p = ancestor(w, up), kids[2];
	enum CXCursorKind k = clang_getCursorKind(p);
	char op[8];

	if (use == SS_FPOS_READ && k == CXCursor_VarDecl)
		return p;
	if (k != CXCursor_BinaryOperator || ss_children(p, kids, 2) != 2 ||
	    strcmp(ss_operator(w->m->tu, p, op, sizeof(op)), "=") != 0)
		return clang_getNullCursor();
	if (use == SS_FPOS_WRITE)
		return local_named(kids[1]);
	if (use == SS_FPOS_READ && !through_first_child(w, up, self))
		return local_named(kids[0]);
	return clang_getNullCursor();
}

/* `&pos` handed straight to a call. */
static void maybe_passed(struct walker *w, CXCursor c)
{
	CXCursor operand, var;
	char op[8];

	if (w->fn < 0 || ss_children(c, &operand, 1) != 1)
		return;
	var = local_named(operand);
	if (clang_Cursor_isNull(var) ||
	    clang_getCursorKind(ancestor(w, skip_up(w, 1, true))) != CXCursor_CallExpr ||
	    strcmp(ss_operator(w->m->tu, c, op, sizeof(op)), "&") != 0)
		return;
	w->m->passed = grow(w->m->passed, w->m->npassed, &w->m->cappassed, sizeof(*w->m->passed));
	w->m->passed[w->m->npassed++] = (struct passed){ w->fn, var };
}

static size_t place_hash(unsigned at, unsigned spelled)
{
	return (size_t)at * 2654435761u ^ spelled;
}

static bool place_add(struct place *set, size_t cap, struct place p)
{
	size_t i = place_hash(p.at, p.spelled) & (cap - 1);

	while (set[i].used) {
		if (set[i].at == p.at && set[i].spelled == p.spelled &&
		    clang_File_isEqual(set[i].file, p.file))
			return false;
		i = (i + 1) & (cap - 1);
	}
	set[i] = p;
	return true;
}

/* False for the second access a macro argument expanded twice yields. */
static bool first_time_here(struct walker *w, CXSourceLocation loc)
{
	struct place p = { 0, 0, NULL, true };

	clang_getFileLocation(loc, NULL, NULL, NULL, &p.at);
	clang_getSpellingLocation(loc, &p.file, NULL, NULL, &p.spelled);
	if ((w->nseen + 1) * 2 > w->capseen) {
		struct place *old = w->seen;
		size_t oldcap = w->capseen, i;

		w->capseen = oldcap ? oldcap * 2 : 64;
		w->seen = xrealloc(NULL, w->capseen * sizeof(*w->seen));
		memset(w->seen, 0, w->capseen * sizeof(*w->seen));
		for (i = 0; i < oldcap; i++)
			if (old[i].used)
				place_add(w->seen, w->capseen, old[i]);
		free(old);
	}
	if (!place_add(w->seen, w->capseen, p))
		return false;
	w->nseen++;
	return true;
}

/* How a call names what it calls: "vfs_read", "lcd_fops.read", "file->f_op->read". */
static const char *callee_text(struct ss_model *m, CXCursor call)
{
	CXCursor callee;
	char buf[128];

	if (ss_children(call, &callee, 1) < 1)
		return keep_spelling(m, call);
	callee = ss_strip(callee);
	if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
		return keep_spelling(m, callee);
	ss_source_text(m->tu, callee, buf, sizeof(buf));
	return keep(m, buf[0] ? buf : "a function");
}

static void fpos_access(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	struct ss_fpos_access a;
	CXCursor base, p;
	size_t up;
	char op[8], buf[128];
	enum CXCursorKind pk;
	CXCursor copy;

	if (!first_time_here(w, clang_getCursorLocation(c)))
		return;

	memset(&a, 0, sizeof(a));
	a.member = c;
	a.address = clang_getNullCursor();
	a.compare = clang_getNullCursor();
	a.branch = clang_getNullCursor();
	a.before = clang_getNullCursor();
	a.use = SS_FPOS_READ;
	a.base = "";
	a.other = NULL;
	if (ss_children(c, &base, 1) >= 1) {
		a.base = keep(m, ss_source_text(m->tu, ss_strip(base), buf, sizeof(buf)));
		a.own_file = is_own_file(w, base);
	}

	up = skip_up(w, 1, false);
	p = ancestor(w, up);
	pk = clang_getCursorKind(p);
	if (pk == CXCursor_UnaryOperator) {
		ss_operator(m->tu, p, op, sizeof(op));
		if (strcmp(op, "&") == 0) {
			size_t up2 = skip_up(w, up + 1, true);
			CXCursor q = ancestor(w, up2);

			a.address = p;
			a.use = SS_FPOS_ADDRESS;
			if (clang_getCursorKind(q) == CXCursor_CallExpr) {
				a.use = SS_FPOS_ADDRESS_ARG;
				a.other = callee_text(m, q);
			} else if (clang_getCursorKind(q) == CXCursor_BinaryOperator &&
				   (strcmp(ss_operator(m->tu, q, op, sizeof(op)), "!=") == 0 ||
				    strcmp(op, "==") == 0)) {
				espipe_compare(w, up2, c, &a);
			}
		} else if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) {
			a.use = SS_FPOS_WRITE;
		}
	} else if (pk == CXCursor_BinaryOperator || pk == CXCursor_CompoundAssignOperator) {
		if (through_first_child(w, up, c) &&
		    (pk == CXCursor_CompoundAssignOperator ||
		     strcmp(ss_operator(m->tu, p, op, sizeof(op)), "=") == 0))
			a.use = SS_FPOS_WRITE;
	}

	copy = copy_local(w, c, up, a.use);

	if (w->fn >= 0)
		m->fns[w->fn].touches_fpos = true;
	m->fpos_copy = grow(m->fpos_copy, m->nfpos, &m->capfpos_copy, sizeof(*m->fpos_copy));
	m->fpos_copy[m->nfpos] = copy;
	m->fpos = grow(m->fpos, m->nfpos, &m->capfpos, sizeof(*m->fpos));
	m->fpos_fn = grow(m->fpos_fn, m->nfpos, &m->capfpos_fn, sizeof(*m->fpos_fn));
	m->fpos_fn[m->nfpos] = w->fn >= 0 ? (size_t)w->fn : SIZE_MAX;
	m->fpos[m->nfpos++] = a;
}

/*
 * The condition of an if statement as written, its tokens joined without
 * spaces ("unlikely(ppos)"): macros such as unlikely() stay unexpanded.
 */
static void written_condition(CXTranslationUnit tu, CXCursor ifstmt, char *buf, size_t n)
{
	CXToken *toks = NULL;
	unsigned ntok = 0, i;
	size_t len = 0;
	int depth = 0;

	buf[0] = '\0';
	clang_tokenize(tu, clang_getCursorExtent(ifstmt), &toks, &ntok);
	for (i = 1; i < ntok; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *p = clang_getCString(s);
		size_t plen = strlen(p);
		bool open = strcmp(p, "(") == 0, close = strcmp(p, ")") == 0;

		depth += open ? 1 : close ? -1 : 0;
		if ((i > 1 || !open) && depth > 0 && len + plen < n) {
			memcpy(buf + len, p, plen + 1);
			len += plen;
		}
		clang_disposeString(s);
		if (depth <= 0)
			break;
	}
	clang_disposeTokens(tu, toks, ntok);
}

/*
 * `if (ppos) return -ESPIPE;` (or `ppos != NULL`, `unlikely(ppos)`): the
 * method refuses any position, so it serves only FMODE_STREAM files, to
 * which read() and write() pass none.
 */
static void stream_refusal(struct walker *w, CXCursor c)
{
	static const char *const espipe[] = { "-", "ESPIPE", NULL };
	struct ss_model *m = w->m;
	CXCursor kids[3];
	CXString name;
	char cond[128], want[3][128];
	const char *p;

	if (w->fn < 0 || m->nparams[w->fn] <= SS_POSITION_PARAM ||
	    ss_children(c, kids, 3) < 2)
		return;
	name = clang_getCursorSpelling(m->params[w->fn][SS_POSITION_PARAM]);
	p = clang_getCString(name);
	snprintf(want[0], sizeof(want[0]), "%s", p);
	snprintf(want[1], sizeof(want[1]), "%s!=NULL", p);
	snprintf(want[2], sizeof(want[2]), "unlikely(%s)", p);
	clang_disposeString(name);
	written_condition(m->tu, c, cond, sizeof(cond));
	if (*want[0] && (strcmp(cond, want[0]) == 0 || strcmp(cond, want[1]) == 0 ||
			 strcmp(cond, want[2]) == 0) &&
	    ss_tokens_contain(m->tu, kids[1], espipe))
		m->fns[w->fn].stream_only = true;
}

/*
 * The type an initializer list initializes.  A list that does not
 * type-check has no type of its own (void); the variable it initializes
 * still has one.  (clang drops an array's list that does not type-check
 * altogether, so only a variable's own list gets here.)
 */
static CXType init_list_type(const struct walker *w, CXCursor c)
{
	CXType t = clang_getCursorType(c);

	if ((t.kind == CXType_Void || t.kind == CXType_Invalid) && w->in_var &&
	    w->depth > 0 && clang_equalCursors(w->stack[w->depth - 1], w->var))
		return clang_getCursorType(w->var);
	return t;
}

static void visit(struct walker *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	long saved_fn = w->fn;
	CXCursor saved_var = w->var;
	bool saved_in_var = w->in_var;

	if (w->depth == 0 && !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return;

	switch (k) {
	case CXCursor_FunctionDecl:
		if (!clang_isCursorDefinition(c))
			return;
		add_function(w, c);
		break;
	case CXCursor_VarDecl:
		w->var = c;
		w->in_var = true;
		maybe_alias(w, c);
		if (ss_type_is_struct(clang_getCursorType(c), "file_operations") &&
		    !has_init_list(c))
			add_fops_from_tokens(w, c);
		break;
	case CXCursor_InitListExpr: {
		CXType t = init_list_type(w, c);

		if (ss_type_is_struct(t, "file_operations"))
			add_fops(w, c, t);
		else if (ss_type_is_struct(t, "ctl_table"))
			add_ctl_entry(w, c, t);
		else if (ss_type_is_struct(t, "proc_ops"))
			add_proc_ops(w, c);
		break;
	}
	case CXCursor_DeclRefExpr:
		reference(w, c);
		break;
	case CXCursor_CallExpr:
		call(w, c);
		break;
	case CXCursor_MemberRefExpr:
		if (w->fn >= 0 && spelled(c, "ki_pos"))
			w->m->fns[w->fn].uses_ki_pos = true;
		else if (ss_is_file_fpos(c))
			fpos_access(w, c);
		break;
	case CXCursor_BinaryOperator:
		assignment(w, c);
		break;
	case CXCursor_IfStmt:
		stream_refusal(w, c);
		break;
	case CXCursor_UnaryOperator:
		maybe_passed(w, c);
		break;
	default:
		break;
	}

	w->stack = grow(w->stack, w->depth, &w->cap, sizeof(*w->stack));
	w->stack[w->depth++] = c;
	clang_visitChildren(c, visit_child, w);
	w->depth--;
	w->fn = saved_fn;
	w->var = saved_var;
	w->in_var = saved_in_var;
}

/* ---- after the walk ---------------------------------------------------- */

/*
 * Roles from the shape of the signature, for definitions nothing names as a
 * method and nothing else in the file refers to.  The sysctl shape is
 * distinctive enough to count even for a handler other handlers call.
 */
static void apply_shapes(struct ss_model *m)
{
	size_t i;

	for (i = 0; i < m->nfns; i++) {
		struct ss_function *f = &m->fns[i];
		struct name_slot *s = name_slot(m, f->name, false);
		unsigned shape;

		if (f->roles)
			continue;
		shape = roles_from_shape(f->cursor);
		if (shape == SS_ROLE_SYSCTL || (s && s->refs == 0)) {
			f->roles = shape;
			f->role_from_shape = shape != 0;
		}
	}
}

static void apply_grants(struct ss_model *m)
{
	size_t i;

	for (i = 0; i < m->ngrants; i++) {
		const struct role_grant *g = &m->grants[i];
		struct name_slot *s = name_slot(m, g->function, false);
		struct ss_function *f;

		if (!s || s->fn < 0)
			continue;
		f = &m->fns[s->fn];
		f->roles |= g->role;
		if (!f->object)
			f->object = g->object;
		if (!f->method)
			f->method = g->member;
	}
	apply_shapes(m);
	for (i = 0; i < m->nfpos; i++) {
		size_t j;

		m->fpos[i].function = m->fpos_fn[i] == SIZE_MAX ? NULL : &m->fns[m->fpos_fn[i]];
		for (j = 0; j < m->npassed && !clang_Cursor_isNull(m->fpos_copy[i]); j++)
			if (m->passed[j].fn == (long)m->fpos_fn[i] &&
			    clang_equalCursors(m->passed[j].var, m->fpos_copy[i]))
				m->fpos[i].position_copy = true;
	}
}

/*
 * Functions that make a struct file without opening anything: the file
 * never gets FMODE_PREAD or FMODE_PWRITE (only do_dentry_open() sets them),
 * so its file_operations need no nonseekable_open().
 */
static const char *const pseudo_file_makers[] = {
	"anon_inode_getfile", "anon_inode_getfd", "anon_inode_getfile_secure",
	"anon_inode_getfd_secure", "anon_inode_create_getfile", "alloc_file_pseudo",
	"alloc_file", NULL
};

static bool bytes_contain(const char *buf, size_t len, const char *word)
{
	size_t wl = strlen(word);
	const char *p = buf, *end = buf + len;

	while ((size_t)(end - p) >= wl &&
	       (p = memchr(p, word[0], (size_t)(end - p) - wl + 1)) != NULL) {
		if (memcmp(p, word, wl) == 0)
			return true;
		p++;
	}
	return false;
}

static bool token_is(CXTranslationUnit tu, CXToken t, const char *text)
{
	CXString s = clang_getTokenSpelling(tu, t);
	bool same = strcmp(clang_getCString(s), text) == 0;

	clang_disposeString(s);
	return same;
}

/*
 * Mark the file_operations whose address a pseudo-file maker gets:
 * `anon_inode_getfd("x", &x_fops, ...)`.  Read from the tokens, because
 * without the kernel's headers such a call often fails to parse (an
 * unknown O_CLOEXEC drops the whole statement).
 */
static void mark_pseudo_fops(struct ss_model *m, CXFile file)
{
	CXToken *toks = NULL;
	unsigned n = 0, i, j, k;
	size_t len = 0, f;
	CXSourceRange all;
	const char *text;
	bool any = false;

	if (!file || !(text = clang_getFileContents(m->tu, file, &len)))
		return;
	/* Tokenizing the whole file is a good part of the model's cost; a file
	   that never spells a maker's name cannot call one. */
	for (k = 0; pseudo_file_makers[k] && !any; k++)
		any = bytes_contain(text, len, pseudo_file_makers[k]);
	if (!any)
		return;
	all = clang_getRange(clang_getLocationForOffset(m->tu, file, 0),
			     clang_getLocationForOffset(m->tu, file, (unsigned)len));
	clang_tokenize(m->tu, all, &toks, &n);
	for (i = 0; i + 1 < n; i++) {
		bool maker = false;
		int depth = 0;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier ||
		    !token_is(m->tu, toks[i + 1], "("))
			continue;
		for (k = 0; pseudo_file_makers[k] && !maker; k++)
			maker = token_is(m->tu, toks[i], pseudo_file_makers[k]);
		if (!maker)
			continue;
		for (j = i + 1; j < n; j++) {
			if (token_is(m->tu, toks[j], "("))
				depth++;
			else if (token_is(m->tu, toks[j], ")") && --depth == 0)
				break;
			else if (depth == 1 && j + 1 < n && token_is(m->tu, toks[j], "&") &&
				 clang_getTokenKind(toks[j + 1]) == CXToken_Identifier)
				for (f = 0; f < m->nfops; f++)
					if (token_is(m->tu, toks[j + 1], m->fops[f].name))
						m->fops[f].pseudo = true;
		}
		i = j;
	}
	clang_disposeTokens(m->tu, toks, n);
}

struct ss_model *ss_model_build(struct ss_unit *u)
{
	struct ss_model *m = xrealloc(NULL, sizeof(*m));
	struct walker w;

	memset(m, 0, sizeof(*m));
	m->tu = u->tu;
	memset(&w, 0, sizeof(w));
	w.m = m;
	w.fn = -1;
	w.var = clang_getNullCursor();
	clang_visitChildren(clang_getTranslationUnitCursor(u->tu), visit_child, &w);
	free(w.stack);
	free(w.aliases);
	free(w.seen);
	apply_grants(m);
	if (m->nfops)
		mark_pseudo_fops(m, u->main_file);
	return m;
}

void ss_model_free(struct ss_model *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->nfops; i++)
		free(m->fops[i].methods);
	for (i = 0; i < m->nstrings; i++)
		free(m->strings[i]);
	free(m->strings);
	free(m->fns);
	free(m->params);
	free(m->nparams);
	free(m->espipe_only);
	free(m->fops);
	free(m->sysctl);
	free(m->fpos);
	free(m->fpos_fn);
	free(m->fpos_copy);
	free(m->passed);
	free(m->grants);
	free(m->calls);
	free(m->names);
	free(m->fops_fields);
	free(m->ctl_fields);
	free(m);
}

/* ---- queries ----------------------------------------------------------- */

size_t ss_model_function_count(const struct ss_model *m)
{
	return m->nfns;
}

const struct ss_function *ss_model_function(const struct ss_model *m, size_t i)
{
	return &m->fns[i];
}

const struct ss_function *ss_model_function_at(const struct ss_model *m, CXSourceLocation loc)
{
	CXFile file, f1, f2;
	unsigned off, start, end;
	size_t i;

	clang_getFileLocation(loc, &file, NULL, NULL, &off);
	for (i = 0; file && i < m->nfns; i++) {
		CXSourceRange r = clang_getCursorExtent(m->fns[i].cursor);

		clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &start);
		clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
		if (f1 && f2 && clang_File_isEqual(f1, file) && clang_File_isEqual(f2, file) &&
		    start <= off && off < end)
			return &m->fns[i];
	}
	return NULL;
}

size_t ss_model_fops_count(const struct ss_model *m)
{
	return m->nfops;
}

const struct ss_fops *ss_model_fops(const struct ss_model *m, size_t i)
{
	return &m->fops[i];
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
		struct name_slot *s;

		if (m->calls[i].caller != fn)
			continue;
		s = name_slot(m, m->calls[i].callee, false);
		if (s && s->fn >= 0 && nonseekable_from(m, (size_t)s->fn, seen))
			return true;
	}
	return false;
}

bool ss_model_open_is_nonseekable(struct ss_model *m, const char *open)
{
	struct name_slot *s;
	unsigned char *seen;
	bool r;

	if (!open)
		return false;
	if (makes_nonseekable(open))
		return true;
	s = name_slot(m, open, false);
	if (!s || s->fn < 0)
		return false;
	seen = xrealloc(NULL, m->nfns);
	memset(seen, 0, m->nfns);
	r = nonseekable_from(m, (size_t)s->fn, seen);
	free(seen);
	return r;
}

enum ss_open_kind ss_model_open_kind(struct ss_model *m, const char *open)
{
	static const char *const seekable_vfs_opens[] = { "generic_file_open", "simple_open", NULL };
	size_t i;

	if (!open)
		return SS_OPEN_SEEKABLE;
	if (ss_model_open_is_nonseekable(m, open))
		return SS_OPEN_NONSEEKABLE;
	if (ss_model_function_named(m, open))
		return SS_OPEN_SEEKABLE;
	for (i = 0; seekable_vfs_opens[i]; i++)
		if (strcmp(open, seekable_vfs_opens[i]) == 0)
			return SS_OPEN_SEEKABLE;
	return SS_OPEN_UNKNOWN;
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

bool ss_function_uses_position(const struct ss_function *f)
{
	return (f->params_used & (1u << SS_POSITION_PARAM)) || f->uses_ki_pos || f->touches_fpos;
}

enum ss_fpos_owner ss_fpos_owner(const struct ss_unit *u, const struct ss_fpos_access *a)
{
	const struct ss_function *f = a->function;
	unsigned roles = f ? f->roles : 0;

	if (roles & SS_ROLES_OWN_FPOS)
		return SS_OWNER_NONE;
	/* A pread refusal is one even in the VFS core (pipes had one). */
	if (a->use == SS_FPOS_ESPIPE_COMPARE && (roles & SS_ROLES_RW))
		return SS_OWNER_ESPIPE_TEST;
	if (u->vfs_core)
		return SS_OWNER_NONE;
	if ((roles & SS_ROLES_RW) && f->stream_only)
		return SS_OWNER_NONE;
	/* The semantic patches rewrite only the file a method or handler was given. */
	if ((roles & SS_ROLE_SYSCTL) && a->own_file)
		return SS_OWNER_SYSCTL;
	/*
	 * open and release run while nothing else uses the file: a position
	 * handed on from there races with no read or write, and its address
	 * may be kept as a key (hpfs lists the f_pos of open directories), so
	 * a copy would be wrong.  Still a direct access.
	 */
	if (a->use == SS_FPOS_ADDRESS_ARG && a->own_file &&
	    (roles & (SS_ROLE_OPEN | SS_ROLE_RELEASE)))
		return SS_OWNER_OTHER;
	if (a->use == SS_FPOS_ADDRESS_ARG)
		return SS_OWNER_ADDRESS;
	if ((roles & (SS_ROLES_RW | SS_ROLES_ITER)) && a->own_file)
		return SS_OWNER_RW;
	/* Copying the position in and out around a call is the sanctioned way. */
	if (a->position_copy)
		return SS_OWNER_NONE;
	return SS_OWNER_OTHER;
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
		if (len == 0 && (f->roles & SS_ROLE_OTHER) && f->method)
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

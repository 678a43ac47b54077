// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model of one parsed file: one walk over its cursors collects the
 * functions, the roles their initializers and assignments give them, the
 * calls, and (through model_init.c and model_fpos.c) the initializers and
 * the f_pos accesses; model_query.c answers the rules from it.
 */
#include "model/internal.h"

#include "model/ast_util.h"
#include "model/unit.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the walk ---------------------------------------------------------- */


static void visit(struct walker *w, CXCursor c);

static enum CXChildVisitResult visit_child(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	visit(data, c);
	return CXChildVisit_Continue;
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
	if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
		model_maybe_alias_assign(w, c, lhs, kids[1]);
		return;
	}
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return;
	if (ss_member_of_struct(lhs, "file_operations")) {
		member = model_keep_spelling(w->m, lhs);
		role = model_role_of_member(member);
	} else if (ss_member_of_struct(lhs, "ctl_table") && ss_cursor_spelled(lhs, "proc_handler")) {
		member = "proc_handler";
		role = SS_ROLE_SYSCTL;
	} else {
		return;
	}
	if (strcmp(ss_operator(w->m->tu, c, op, sizeof(op)), "=") != 0)
		return;
	function = model_named_function(w->m, kids[1]);
	if (function)
		model_grant(w->m, function, role, NULL, member);
}

static void add_function(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	struct ss_function *f;
	struct name_info *slot;
	CXCursor kids[MAX_PARAMS + 4];
	unsigned nk, i;
	int na;
	size_t cap = m->capfns;

	xgrow((void **)&m->fns, &m->capfns, m->nfns + 1, sizeof(*m->fns));
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
	f->position = SS_POSITION_PARAM;
	for (i = 0; na > 0 && i < (unsigned)na && i < MAX_PARAMS; i++) {
		m->params[m->nfns][m->nparams[m->nfns]++] = clang_Cursor_getArgument(c, i);
		if (model_is_position_type(clang_getCursorType(m->params[m->nfns][i])))
			f->position = i;
	}
	m->espipe_only[m->nfns] = -1;

	{
		CXString name = clang_getCursorSpelling(c);

		slot = model_name(m, clang_getCString(name), true);
		clang_disposeString(name);
	}
	f->name = slot->name;
	if (slot->fn < 0)
		slot->fn = (long)m->nfns;
	w->fn = (long)m->nfns;
	w->naliases = 0;
	ss_map_free(&w->seen);
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
			model_name(m, name, true)->refs++;
		clang_disposeString(s);
	} else if (k == CXCursor_ParmDecl && w->fn >= 0) {
		unsigned i = m->fns[w->fn].position;

		if (i < m->nparams[w->fn] && clang_equalCursors(ref, m->params[w->fn][i]))
			m->fns[w->fn].position_uses++;
	}
}

static void call(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	const char *callee;

	if (w->fn < 0)
		return;
	callee = model_keep_spelling(m, c);
	if (model_makes_nonseekable(callee))
		m->fns[w->fn].calls_nonseekable = true;
	xgrow((void **)&m->calls, &m->capcalls, m->ncalls + 1, sizeof(*m->calls));
	m->calls[m->ncalls++] = (struct call){ (size_t)w->fn, callee };
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
		model_maybe_alias(w, c);
		if (ss_type_is_struct(clang_getCursorType(c), "file_operations") &&
		    !model_has_init_list(c))
			model_add_fops_from_tokens(w, c);
		break;
	case CXCursor_InitListExpr: {
		CXType t = init_list_type(w, c);

		if (ss_type_is_struct(t, "file_operations"))
			model_add_fops(w, c, t);
		else if (ss_type_is_struct(t, "ctl_table"))
			model_add_ctl_entry(w, c, t);
		else if (ss_type_is_struct(t, "proc_ops"))
			model_add_proc_ops(w, c);
		else if (model_ops_like(t))
			model_add_other_ops(w, c);
		break;
	}
	case CXCursor_DeclRefExpr:
		reference(w, c);
		break;
	case CXCursor_CallExpr:
		call(w, c);
		break;
	case CXCursor_MemberRefExpr:
		if (w->fn >= 0 && ss_cursor_spelled(c, "ki_pos"))
			w->m->fns[w->fn].uses_ki_pos = true;
		else if (ss_is_file_fpos(c))
			model_fpos_access(w, c);
		break;
	case CXCursor_BinaryOperator:
		assignment(w, c);
		break;
	case CXCursor_IfStmt:
		model_stream_refusal(w, c);
		break;
	case CXCursor_UnaryOperator:
		model_maybe_passed(w, c);
		break;
	default:
		break;
	}

	xgrow((void **)&w->stack, &w->cap, w->depth + 1, sizeof(*w->stack));
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
		struct name_info *s = model_name(m, f->name, false);
		unsigned shape;

		if (f->roles)
			continue;
		shape = model_roles_from_shape(f->cursor);
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
		struct name_info *s = model_name(m, g->function, false);
		struct ss_function *f;

		if (!s || s->fn < 0)
			continue;
		f = &m->fns[s->fn];
		if (g->if_shaped && !model_shape_allows(f->cursor, g->role))
			continue;
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
	ss_map_free(&w.seen);
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
	ss_map_free(&m->name_index);
	free(m->fops_fields);
	free(m->ctl_fields);
	free(m);
}

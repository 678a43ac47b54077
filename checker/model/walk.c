// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model of one parsed file: one walk over its cursors collects the
 * functions, the roles their initializers and assignments give them, the
 * calls, and (through model_init.c and model_fpos.c) the initializers and
 * the f_pos accesses; model_query.c answers the rules from it.
 */
#include "model/internal.h"

#include "facts/vfs_opens.h"
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
		m->ki_reads = xrealloc(m->ki_reads, m->capfns * sizeof(*m->ki_reads));
		m->ki_examined = xrealloc(m->ki_examined, m->capfns * sizeof(*m->ki_examined));
		m->followed = xrealloc(m->followed, m->capfns * sizeof(*m->followed));
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
	m->ki_reads[m->nfns] = m->ki_examined[m->nfns] = 0;
	m->followed[m->nfns] = false;

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

/* ---- how a method uses its position ----------------------------------- */

/* The ancestor `up` levels above the cursor being visited (1 = its parent). */
static CXCursor up_at(const struct walker *w, size_t up)
{
	return up <= w->depth ? w->stack[w->depth - up] : clang_getNullCursor();
}

/*
 * The first ancestor from `up` that is neither parentheses nor a cast.
 * An unexposed expression with several children is a call clang could not
 * type (an argument names something a missing header declares): it stops
 * the climb, and counts as a call.
 */
static size_t climb(const struct walker *w, size_t up)
{
	while (up <= w->depth) {
		CXCursor a = up_at(w, up), kids[2];
		enum CXCursorKind k = clang_getCursorKind(a);

		if (k == CXCursor_UnexposedExpr && ss_children(a, kids, 2) >= 2)
			break;
		if (!ss_is_transparent(a) && k != CXCursor_CStyleCastExpr)
			break;
		up++;
	}
	return up;
}

/* Whether the path from `self` (the visited cursor) runs through the first child of ancestor `up`. */
static bool first_child_path(const struct walker *w, size_t up, CXCursor self)
{
	CXCursor first;
	CXCursor below = up == 1 ? self : up_at(w, up - 1);

	return ss_children(up_at(w, up), &first, 1) >= 1 && clang_equalCursors(first, below);
}

static bool is_call(CXCursor c)
{
	CXCursor kids[2];
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_CallExpr ||
	       (k == CXCursor_UnexposedExpr && ss_children(c, kids, 2) >= 2);
}

static bool one_of(const char *op, const char *const *ops)
{
	for (size_t i = 0; ops[i]; i++)
		if (strcmp(op, ops[i]) == 0)
			return true;
	return false;
}

/*
 * Whether the value at `up` only receives a store or an advance: the left
 * side of `=` or of a compound assignment (`*ppos = n`, `ki_pos += n`).
 */
static bool store_target(const struct walker *w, size_t up, CXCursor self)
{
	size_t a = climb(w, up);
	CXCursor p = up_at(w, a);
	char op[8];

	switch (clang_getCursorKind(p)) {
	case CXCursor_BinaryOperator:
		ss_operator(w->m->tu, p, op, sizeof(op));
		return strcmp(op, "=") == 0 && first_child_path(w, a, self);
	case CXCursor_CompoundAssignOperator:
		return first_child_path(w, a, self);
	default:
		return false;
	}
}

/*
 * Whether the position's value, the expression just below ancestor `up`
 * (`*ppos`, `iocb->ki_pos`, an aio method's `pos`), is read to decide where
 * the data comes from or goes: not when it is only stored to or advanced
 * (`*ppos += n`, `iocb->ki_pos = ret`), and not when it is only tested
 * (`if (*ppos >= eod) return 0;`), which decides whether to read, not where.
 */
static bool value_read(const struct walker *w, size_t up, CXCursor self)
{
	static const char *const tests[] = { "==", "!=", "<", "<=", ">", ">=", "&&", "||", NULL };
	static const char *const steps[] = { "++", "--", "!", NULL };
	size_t a = climb(w, up);
	CXCursor p = up_at(w, a);
	char op[8];

	if (store_target(w, up, self))
		return false;
	switch (clang_getCursorKind(p)) {
	case CXCursor_BinaryOperator:
		ss_operator(w->m->tu, p, op, sizeof(op));
		return !one_of(op, tests);
	case CXCursor_CompoundAssignOperator:
		return true;
	case CXCursor_UnaryOperator:
		ss_operator(w->m->tu, p, op, sizeof(op));
		return !one_of(op, steps);
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
		return false;
	default:
		return true;
	}
}

/* The same for the position pointer: `*ppos = n`, `*ppos += n`. */
static bool pointer_store(const struct walker *w, CXCursor self)
{
	size_t a = climb(w, 1);
	CXCursor p = up_at(w, a);
	char op[8];

	return clang_getCursorKind(p) == CXCursor_UnaryOperator &&
	       strcmp(ss_operator(w->m->tu, p, op, sizeof(op)), "*") == 0 &&
	       store_target(w, a + 1, self);
}

/*
 * Whether this reference to the position pointer reads the position or
 * hands it on: `*ppos` read, `ppos` passed to a call or kept in another
 * pointer.  Testing the pointer itself (`if (ppos)`, `ppos != &file->f_pos`)
 * reads nothing.
 */
static bool pointer_read(const struct walker *w, CXCursor self)
{
	size_t a = climb(w, 1);
	CXCursor p = up_at(w, a);
	char op[8];

	if (is_call(p))
		return true;
	switch (clang_getCursorKind(p)) {
	case CXCursor_UnaryOperator:
		ss_operator(w->m->tu, p, op, sizeof(op));
		return strcmp(op, "*") == 0 && value_read(w, a + 1, self);
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_VarDecl:
		return true;
	case CXCursor_BinaryOperator:
		ss_operator(w->m->tu, p, op, sizeof(op));
		return strcmp(op, "=") == 0 && !first_child_path(w, a, self);
	default:
		return false;
	}
}

static void note_spelled(struct ss_model *m, CXCursor c)
{
	CXFile f;
	unsigned off;

	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	if (f && m->main_file && clang_File_isEqual(f, m->main_file))
		ss_map_put(&m->position_spelled, &off, sizeof(off), 0, NULL);
}

/*
 * When the parameter referenced at `self` is handed whole to a call (past
 * parentheses and casts), keep which function gets it as which argument;
 * whether it is one.
 */
static bool handoff(struct walker *w, CXCursor self, bool kiocb)
{
	struct ss_model *m = w->m;
	size_t a = climb(w, 1);
	CXCursor p = up_at(w, a), below = a == 1 ? self : up_at(w, a - 1);
	CXCursor callee = clang_getCursorReferenced(p), kids[MAX_PARAMS + 1];
	struct handoff h = { (size_t)w->fn, kiocb, NULL, 0 };
	unsigned n;

	if (!is_call(p))
		return false;
	/* the callee's expression, then the arguments */
	n = ss_children(p, kids, MAX_PARAMS + 1);
	if (clang_getCursorKind(p) == CXCursor_CallExpr &&
	    clang_getCursorKind(callee) == CXCursor_FunctionDecl &&
	    (int)n == clang_Cursor_getNumArguments(p) + 1)
		for (unsigned i = 1; i < n && i <= MAX_PARAMS; i++)
			if (clang_equalCursors(kids[i], below)) {
				h.callee = model_keep_spelling(m, callee);
				h.arg = i - 1;
			}
	xgrow((void **)&m->handoffs, &m->caphandoffs, m->nhandoffs + 1, sizeof(*m->handoffs));
	m->handoffs[m->nhandoffs++] = h;
	return true;
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
		if (ss_vfs_open_nonseekable(name, strlen(name)))
			note_spelled(m, c);
		clang_disposeString(s);
	} else if (k == CXCursor_ParmDecl && w->fn >= 0) {
		unsigned i = m->fns[w->fn].position;

		if (i < m->nparams[w->fn] && clang_equalCursors(ref, m->params[w->fn][i])) {
			bool pointer = clang_getCursorType(ref).kind == CXType_Pointer;

			m->fns[w->fn].position_uses++;
			note_spelled(m, c);
			if (pointer ? pointer_read(w, c) : value_read(w, 1, c))
				m->fns[w->fn].position_reads++;
			if (!(pointer ? pointer_store(w, c) : store_target(w, 1, c)))
				m->fns[w->fn].position_examined++;
			handoff(w, c, false);
		} else if (m->nparams[w->fn] > 0 && clang_equalCursors(ref, m->params[w->fn][0]) &&
			   ss_type_is_pointer_to_struct(clang_getCursorType(ref), "kiocb") &&
			   handoff(w, c, true)) {
			/* the callee may read ->ki_pos: follow.c decides */
			CXFile f;
			unsigned off;

			clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
			if (f && m->main_file && clang_File_isEqual(f, m->main_file))
				ss_map_put(&m->kiocb_handed, &off, sizeof(off), 0, NULL);
		}
	}
}

static void call(struct walker *w, CXCursor c)
{
	struct ss_model *m = w->m;
	const char *callee;

	if (w->fn < 0)
		return;
	callee = model_keep_spelling(m, c);
	if (ss_vfs_open_nonseekable(callee, strlen(callee)))
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
		if (w->fn >= 0 && ss_cursor_spelled(c, "ki_pos")) {
			w->m->fns[w->fn].uses_ki_pos = true;
			note_spelled(w->m, c);
			if (value_read(w, 1, c)) {
				w->m->fns[w->fn].position_reads++;
				w->m->ki_reads[w->fn]++;
			}
			if (!store_target(w, 1, c)) {
				w->m->fns[w->fn].position_examined++;
				w->m->ki_examined[w->fn]++;
			}
		}
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
		/* a plain function's file parameter may be any file; a method's
		   is the one a user opened */
		if (m->fpos[i].origin == SS_ORIGIN_OWN &&
		    !(m->fpos[i].function && m->fpos[i].function->roles))
			m->fpos[i].origin = SS_ORIGIN_UNKNOWN;
		for (j = 0; j < m->npassed && !clang_Cursor_isNull(m->fpos_copy[i]); j++)
			if (m->passed[j].fn == (long)m->fpos_fn[i] &&
			    clang_equalCursors(m->passed[j].var, m->fpos_copy[i]))
				m->fpos[i].position_copy = true;
	}
}

/* Where the main file's text hands each fops (ss_fops.handed, .pseudo). */
static void fops_handoffs(struct ss_model *m, const char *text, size_t len)
{
	const char **names = xcalloc(m->nfops, sizeof(*names));
	unsigned *handed = xcalloc(m->nfops, sizeof(*handed));

	for (size_t i = 0; i < m->nfops; i++)
		names[i] = m->fops[i].name;
	ss_handoff_text(text, len, names, m->nfops, handed);
	for (size_t i = 0; i < m->nfops; i++) {
		m->fops[i].handed |= handed[i];
		m->fops[i].pseudo = (handed[i] & SS_HANDED_PSEUDO) != 0;
	}
	free(names);
	free(handed);
}

struct ss_model *ss_model_build(struct ss_unit *u)
{
	struct ss_model *m = xrealloc(NULL, sizeof(*m));
	struct walker w;

	memset(m, 0, sizeof(*m));
	m->text_summaries = xrealloc(NULL, sizeof(*m->text_summaries));
	memset(m->text_summaries, 0, sizeof(*m->text_summaries));
	m->tu = u->tu;
	m->main_file = u->main_file;
	memset(&w, 0, sizeof(w));
	w.m = m;
	w.fn = -1;
	w.var = clang_getNullCursor();
	clang_visitChildren(clang_getTranslationUnitCursor(u->tu), visit_child, &w);
	free(w.stack);
	free(w.aliases);
	ss_map_free(&w.seen);
	model_index_functions(m);
	apply_grants(m);
	if (u->main_file) {
		size_t len = 0;
		const char *text = clang_getFileContents(m->tu, u->main_file, &len);

		if (text)
			model_recover_reads(m, text, len);
		if (m->nfops)
			fops_handoffs(m, text, len);
	}
	model_follow_handoffs(m);
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
	free(m->by_start);
	free(m->max_end);
	free(m->params);
	free(m->nparams);
	free(m->espipe_only);
	free(m->ki_reads);
	free(m->ki_examined);
	free(m->followed);
	free(m->handoffs);
	ss_map_free(&m->kiocb_handed);
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
	ss_map_free(&m->position_spelled);
	free(m->fops_fields);
	free(m->ctl_fields);
	ss_model_text_summaries_free(m);
	free(m);
}

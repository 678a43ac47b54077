// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every access to a struct file's f_pos, with what it does (read, write,
 * address handed to a call, pread refusal), whose file it is, and the
 * stream-only methods that refuse any position.
 */
#include "model/internal.h"

#include "model/ast_util.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * `if (ppos != &file->f_pos) ;`: a test whose branch is empty refuses
 * nothing, and its use of the position does not count as one.
 */
static bool dead_test(struct walker *w, CXCursor branch, CXCursor other)
{
	CXCursor kids[3];
	struct ss_function *f = w->fn >= 0 ? &w->m->fns[w->fn] : NULL;

	if (ss_children(branch, kids, 3) != 2 || clang_getCursorKind(kids[1]) != CXCursor_NullStmt)
		return false;
	other = ss_strip(other);
	if (f && clang_getCursorKind(other) == CXCursor_DeclRefExpr &&
	    f->position < w->m->nparams[w->fn] &&
	    clang_equalCursors(clang_getCursorReferenced(other), w->m->params[w->fn][f->position]))
		f->position_uses--;
	return true;
}

static void espipe_compare(struct walker *w, size_t up, CXCursor self,
			   struct ss_fpos_access *a)
{
	CXCursor cmp = ancestor(w, up), kids[2], other = clang_getNullCursor();
	size_t k;
	char buf[128];

	a->use = SS_FPOS_ESPIPE_COMPARE;
	a->compare = cmp;
	if (ss_children(cmp, kids, 2) == 2) {
		other = through_first_child(w, up, self) ? kids[1] : kids[0];
		a->other = model_keep(w->m, ss_source_text(w->m->tu, ss_strip(other), buf, sizeof(buf)));
	}
	/* The if statement whose condition holds the comparison, if any. */
	for (k = up + 1; k <= w->depth; k++) {
		enum CXCursorKind kind = clang_getCursorKind(ancestor(w, k));

		if (kind == CXCursor_IfStmt) {
			if (through_first_child(w, k, self)) {
				a->branch = ancestor(w, k);
				a->before = statement_before(ancestor(w, k + 1), a->branch);
				a->dead_test = dead_test(w, a->branch, other);
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
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || !ss_cursor_spelled(e, "ki_filp") ||
	    ss_children(e, &base, 1) < 1)
		return false;
	base = ss_strip(base);
	return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
	       is_param(w, clang_getCursorReferenced(base));
}

/* `struct file *file = iocb->ki_filp;` names the method's own file. */
void model_maybe_alias(struct walker *w, CXCursor var)
{
	CXCursor kids[4];
	unsigned n = ss_children(var, kids, 4);

	if (w->fn < 0 || n == 0 || n > 4 || !is_param_ki_filp(w, kids[n - 1]))
		return;
	xgrow((void **)&w->aliases, &w->capaliases, w->naliases + 1, sizeof(*w->aliases));
	w->aliases[w->naliases++] = var;
}

/* `file = iocb->ki_filp;` makes the local `file` the method's own file too. */
void model_maybe_alias_assign(struct walker *w, CXCursor assign, CXCursor lhs, CXCursor rhs)
{
	CXCursor var = clang_getCursorReferenced(lhs);
	char op[4];

	if (w->fn < 0 || clang_getCursorKind(var) != CXCursor_VarDecl || !is_param_ki_filp(w, rhs) ||
	    strcmp(ss_operator(w->m->tu, assign, op, sizeof(op)), "=") != 0)
		return;
	xgrow((void **)&w->aliases, &w->capaliases, w->naliases + 1, sizeof(*w->aliases));
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

/* What opens a file for the kernel's own use, with no user holding it. */
/*
 * Whether `base` is a file the kernel or the driver holds itself, in which
 * no user keeps a position: a core dump's file (`cprm->file`), or a local
 * the function opens itself (`f = filp_open(...)`).
 */
static bool held_by_kernel(struct walker *w, CXCursor base)
{
	CXCursor var, inner;
	const struct ss_function *f;

	base = ss_strip(base);
	if (clang_getCursorKind(base) == CXCursor_MemberRefExpr &&
	    ss_cursor_spelled(base, "file") && ss_children(base, &inner, 1) == 1 &&
	    ss_type_is_pointer_to_struct(clang_getCursorType(ss_strip(inner)), "coredump_params"))
		return true;
	var = local_named(base);
	if (clang_Cursor_isNull(var) || w->fn < 0)
		return false;
	f = &w->m->fns[w->fn];
	if (clang_Cursor_isNull(f->body))
		return false;
	for (size_t i = 0; ss_kernel_openers[i]; i++) {
		CXString name = clang_getCursorSpelling(var);
		const char *seq[] = { clang_getCString(name), "=", ss_kernel_openers[i], "(", NULL };
		bool opened = ss_tokens_contain(w->m->tu, f->body, seq) ||
			      ss_tokens_contain(w->m->tu, var, seq);

		clang_disposeString(name);
		if (opened)
			return true;
	}
	return false;
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
void model_maybe_passed(struct walker *w, CXCursor c)
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
	xgrow((void **)&w->m->passed, &w->m->cappassed, w->m->npassed + 1, sizeof(*w->m->passed));
	w->m->passed[w->m->npassed++] = (struct passed){ w->fn, var };
}

/*
 * False for the second access a macro argument expanded twice yields: the
 * same place reported at (`at`) and written at (`spelled`).  Two accesses in
 * one macro body differ in where they are written.
 */
static bool first_time_here(struct walker *w, CXSourceLocation loc)
{
	struct {
		unsigned at, spelled;
		CXFile file;
	} place;
	bool added;

	memset(&place, 0, sizeof(place));
	clang_getFileLocation(loc, NULL, NULL, NULL, &place.at);
	clang_getSpellingLocation(loc, &place.file, NULL, NULL, &place.spelled);
	ss_map_put(&w->seen, &place, sizeof(place), 0, &added);
	return added;
}

/* How a call names what it calls: "vfs_read", "lcd_fops.read", "file->f_op->read". */
static const char *callee_text(struct ss_model *m, CXCursor call)
{
	CXCursor callee;
	char buf[128];

	if (ss_children(call, &callee, 1) < 1)
		return model_keep_spelling(m, call);
	callee = ss_strip(callee);
	if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
		return model_keep_spelling(m, callee);
	ss_source_text(m->tu, callee, buf, sizeof(buf));
	return model_keep(m, buf[0] ? buf : "a function");
}

void model_fpos_access(struct walker *w, CXCursor c)
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
		a.base = model_keep(m, ss_source_text(m->tu, ss_strip(base), buf, sizeof(buf)));
		a.own_file = is_own_file(w, base);
		/* a plain function's is not a user's (walk.c, once roles are known) */
		a.origin = a.own_file ? SS_ORIGIN_OWN
			   : held_by_kernel(w, base) ? SS_ORIGIN_KERNEL : SS_ORIGIN_UNKNOWN;
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

	if (w->fn >= 0 && !a.dead_test)
		m->fns[w->fn].touches_fpos = true;
	xgrow((void **)&m->fpos_copy, &m->capfpos_copy, m->nfpos + 1, sizeof(*m->fpos_copy));
	m->fpos_copy[m->nfpos] = copy;
	xgrow((void **)&m->fpos, &m->capfpos, m->nfpos + 1, sizeof(*m->fpos));
	xgrow((void **)&m->fpos_fn, &m->capfpos_fn, m->nfpos + 1, sizeof(*m->fpos_fn));
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
void model_stream_refusal(struct walker *w, CXCursor c)
{
	static const char *const espipe[] = { "-", "ESPIPE", NULL };
	struct ss_model *m = w->m;
	CXCursor kids[3];
	CXString name;
	char cond[128], want[3][128];
	const char *p;

	if (w->fn < 0 || m->nparams[w->fn] <= m->fns[w->fn].position ||
	    ss_children(c, kids, 3) < 2)
		return;
	name = clang_getCursorSpelling(m->params[w->fn][m->fns[w->fn].position]);
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
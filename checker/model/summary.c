// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "model/summary.h"

#include "facts/vfs_opens.h"
#include "util/cdefs.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORD(w) w, sizeof(w) - 1

/*
 * What a walk over one function saw, the text's or the AST's: the facts
 * are decided from it below, the same way for both.
 */
struct seen {
	unsigned position_reads, position_stores;
	unsigned refuses_nonzero, refuses_pread;
	bool has_buffer, buffer_used;
	unsigned error_returns, other_returns;
	bool directive;		/* a preprocessor line inside the body */
	unsigned calls;		/* SS_SUMMARY_* */
};

/* ---- position: reads it, stores it, refuses one, ignores it ---- */

static enum ss_position_use decide_position(const struct seen *w, bool handed)
{
	if (w->position_reads)
		return SS_POSITION_READS;
	if (w->refuses_pread)
		return SS_POSITION_REFUSES_PREAD;
	if (w->refuses_nonzero)
		return SS_POSITION_REFUSES_NONZERO;
	/* A branch not taken may hold the only use; one handed on is the
	   callee's to decide (position_to). */
	if (w->directive && !handed)
		return SS_POSITION_UNKNOWN;
	return w->position_stores ? SS_POSITION_WRITES : SS_POSITION_IGNORES;
}

/* ---- ending: always an error, no data moved, data moved ---- */

static enum ss_ending decide_ending(const struct seen *w)
{
	if (w->error_returns && !w->other_returns)
		return SS_ENDING_ERROR;
	if (w->has_buffer && !w->buffer_used)
		return w->directive ? SS_ENDING_UNKNOWN : SS_ENDING_NO_DATA;
	return SS_ENDING_DATA;
}

/* ---- calls on the file: the VFS's refusing opens ---- */

static unsigned refusing_call(const char *name, size_t n)
{
	return ss_vfs_open_nonseekable(name, n) ? SS_SUMMARY_NONSEEKABLE : 0;
}

/* ================================ the text ================================ */

struct span {
	size_t at, n;
};

static bool span_eq(const char *s, struct span a, size_t at, size_t n)
{
	return a.n && a.n == n && memcmp(s + a.at, s + at, n) == 0;
}

/* The parameters that matter, by name. */
struct params {
	struct span file, position, kiocb, buffer;
};

/* The last identifier of [from, to). */
static struct span last_ident(const char *s, size_t from, size_t to)
{
	struct span r = { to, 0 };

	while (r.at > from && !ss_ctext_ident_char(s[r.at - 1]))
		r.at--;
	while (r.at > from && ss_ctext_ident_char(s[r.at - 1])) {
		r.at--;
		r.n++;
	}
	return r;
}

static bool has(const char *s, size_t from, size_t to, const char *w, size_t n)
{
	const char *p = memmem(s + from, to - from, w, n);

	return p && (size_t)(p - s) + n <= to &&
	       ((size_t)(p - s) + n == to || !ss_ctext_ident_char(p[n]));
}

static void one_param(const char *s, size_t from, size_t to, struct params *p)
{
	bool pointer = memchr(s + from, '*', to - from) != NULL;
	struct span name = last_ident(s, from, to);

	if (!pointer || !name.n)
		return;
	if (!p->file.n && has(s, from, to, WORD("struct file")))
		p->file = name;
	else if (!p->position.n && has(s, from, to, WORD("loff_t")))
		p->position = name;
	else if (!p->kiocb.n && has(s, from, to, WORD("kiocb")))
		p->kiocb = name;
	else if (!p->buffer.n && (has(s, from, to, WORD("char")) || has(s, from, to, WORD("iov_iter"))))
		p->buffer = name;
}

static void read_params(const char *s, size_t open, size_t close, struct params *p)
{
	size_t i = open + 1, from = open + 1;

	memset(p, 0, sizeof(*p));
	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		if (s[i] == '(' || s[i] == '[') {
			i = ss_ctext_closing(s, close, i) + 1;
			continue;
		}
		if (s[i] == ',') {
			one_param(s, from, i, p);
			from = i + 1;
		}
		i++;
	}
	one_param(s, from, close, p);
}

/* The body being walked: its brackets still open. */
struct walk {
	const char *s;
	size_t len, open, close;
	size_t stack[64];
	unsigned depth;
};

static size_t innermost(const struct walk *w)
{
	return w->depth ? w->stack[w->depth - 1] : SS_CTEXT_NONE;
}

/* The name before the `(` at `paren` (none for a keyword's). */
static struct span callee_of(const char *s, size_t paren)
{
	size_t b = ss_ctext_back_blank(s, paren);
	struct span r = last_ident(s, b > 64 ? b - 64 : 0, b);

	if (r.at + r.n != b ||
	    (r.n == 2 && memcmp(s + r.at, "if", 2) == 0) ||
	    (r.n == 5 && memcmp(s + r.at, "while", 5) == 0) ||
	    (r.n == 6 && (memcmp(s + r.at, "return", 6) == 0 || memcmp(s + r.at, "switch", 6) == 0 ||
			  memcmp(s + r.at, "sizeof", 6) == 0)) ||
	    (r.n == 3 && memcmp(s + r.at, "for", 3) == 0))
		r.n = 0;
	return r;
}

/* Whether [at, end) is a whole argument of the call whose `(` is innermost. */
static bool whole_argument(const struct walk *w, size_t at, size_t end, struct span *callee)
{
	size_t paren = innermost(w), b, a;

	if (paren == SS_CTEXT_NONE || w->s[paren] != '(')
		return false;
	b = ss_ctext_back_blank(w->s, at);
	a = ss_ctext_skip_blank(w->s, w->close, end);
	if (!b || (w->s[b - 1] != '(' && w->s[b - 1] != ',') || a >= w->close ||
	    (w->s[a] != ',' && w->s[a] != ')'))
		return false;
	*callee = callee_of(w->s, paren);
	return callee->n > 0;
}

/*
 * Whether the mention at `at` lies in the condition of an `if` whose
 * statement returns a negative constant: a refusal.  *pread when the
 * condition also names f_pos (`ppos != &file->f_pos`).
 */
static bool in_refusal(const struct walk *w, size_t at, bool *pread)
{
	const char *s = w->s;

	for (unsigned d = w->depth; d-- > 0;) {
		size_t paren = w->stack[d], close, r;
		size_t b;

		if (s[paren] != '(')
			return false;
		b = ss_ctext_back_blank(s, paren);
		if (b < 2 || !ss_ctext_word_at(s, b, b - 2, WORD("if")))
			continue;
		close = ss_ctext_closing(s, w->close, paren);
		/* `if (ppos != &file->f_pos)`: whatever follows (a `goto` to
		   the return of an -ESPIPE set before) refuses pread. */
		*pread = has(s, paren, close, WORD("f_pos"));
		if (*pread && memmem(s + paren, close - paren, "!=", 2))
			return true;
		r = ss_ctext_skip_blank(s, w->close, close + 1);
		if (r < w->close && s[r] == '{')
			r = ss_ctext_skip_blank(s, w->close, r + 1);
		if (!ss_ctext_word_at(s, w->close, r, WORD("return")))
			return false;
		r = ss_ctext_skip_blank(s, w->close, r + 6);
		if (r >= w->close || s[r] != '-')
			return false;
		(void)at;
		return true;
	}
	return false;
}

/* Whether the mention [at, end) only stores or advances through it. */
static bool stores(const char *s, size_t close, size_t at, size_t end)
{
	size_t b = ss_ctext_back_blank(s, at), a = ss_ctext_skip_blank(s, close, end);

	if (a + 1 >= close)
		return false;
	if (s[a] == '=' && s[a + 1] != '=')
		return true;	/* `*ppos = `, `->ki_pos = ` */
	if ((s[a] == '+' || s[a] == '-') && s[a + 1] == '=')
		return true;
	(void)b;
	return false;
}

/* A `return`: a negative constant (`-EINVAL`, `-1`), or anything else. */
static void a_return(const char *s, size_t close, size_t end, struct seen *w,
		     struct ss_summary *out)
{
	size_t r = ss_ctext_skip_blank(s, close, end), e;

	if (r < close && s[r] == ';')
		return;		/* a void function's */
	if (r < close && s[r] == '-') {
		r = ss_ctext_skip_blank(s, close, r + 1);
		if (r < close && ((s[r] == 'E' && ss_ctext_ident_char(s[r + 1])) ||
				  (s[r] >= '1' && s[r] <= '9'))) {
			e = r;
			while (e < close && ss_ctext_ident_char(s[e]))
				e++;
			if (ss_ctext_skip_blank(s, close, e) < close &&
			    s[ss_ctext_skip_blank(s, close, e)] == ';') {
				w->error_returns++;
				return;
			}
		}
	}
	w->other_returns++;
	e = ss_ctext_ident_end(s, close, r);
	if (e > r && ss_ctext_skip_blank(s, close, e) < close &&
	    s[ss_ctext_skip_blank(s, close, e)] == '(')
		ss_summary_hand(out, s + r, e - r);	/* returns another function's result */
}

/* Whether FMODE_PREAD at `at` is cleared: `&= ~` before it in the statement. */
static bool cleared(const char *s, size_t open, size_t at)
{
	size_t from = at > open + 120 ? at - 120 : open;
	size_t start = at;

	while (start > from && s[start - 1] != ';' && s[start - 1] != '{' && s[start - 1] != '}')
		start--;
	return memmem(s + start, at - start, "&=", 2) && memchr(s + start, '~', at - start);
}

static void text_body(const char *s, size_t open, size_t close, const struct params *p,
		      struct seen *w, struct ss_summary *out)
{
	struct walk wk = { .s = s, .len = close, .open = open, .close = close };
	size_t i = open + 1;

	w->has_buffer = p->buffer.n > 0;
	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		size_t end;
		struct span callee;
		bool pread;

		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			w->directive = true;
			i = ss_ctext_line_end(s, close, i);
			continue;
		}
		if (s[i] == '(' || s[i] == '[' || s[i] == '{') {
			if (wk.depth < sizeof(wk.stack) / sizeof(wk.stack[0]))
				wk.stack[wk.depth] = i;
			wk.depth++;
			i++;
			continue;
		}
		if (s[i] == ')' || s[i] == ']' || s[i] == '}') {
			if (wk.depth)
				wk.depth--;
			i++;
			continue;
		}
		end = ss_ctext_ident_end(s, close, i);
		if (end == i) {
			i++;
			continue;
		}
		if (wk.depth > sizeof(wk.stack) / sizeof(wk.stack[0])) {
			w->directive = true;	/* too deep to follow: unsure */
		} else if (span_eq(s, p->position, i, end - i) && !ss_ctext_member_at(s, i)) {
			if (in_refusal(&wk, i, &pread))
				*(pread ? &w->refuses_pread : &w->refuses_nonzero) += 1;
			else if (stores(s, close, i, end))
				w->position_stores++;
			else if (whole_argument(&wk, i, end, &callee) && !out->position_to)
				out->position_to = xstrndup(s + callee.at, callee.n);
			else
				w->position_reads++;
		} else if ((end - i == 6 && memcmp(s + i, "ki_pos", 6) == 0) ||
			   (end - i == 5 && memcmp(s + i, "f_pos", 5) == 0)) {
			if (!ss_ctext_member_at(s, i) || in_refusal(&wk, i, &pread))
				;
			else if (stores(s, close, i, end))
				w->position_stores++;
			else
				w->position_reads++;
		} else if (span_eq(s, p->buffer, i, end - i) && !ss_ctext_member_at(s, i)) {
			w->buffer_used = true;
		} else if (span_eq(s, p->file, i, end - i) && !ss_ctext_member_at(s, i)) {
			if (whole_argument(&wk, i, end, &callee))
				ss_summary_hand(out, s + callee.at, callee.n);
		} else if (end - i == 6 && memcmp(s + i, "return", 6) == 0) {
			a_return(s, close, end, w, out);
		} else if (end - i == 11 && memcmp(s + i, "FMODE_PREAD", 11) == 0) {
			if (cleared(s, open, i))
				w->calls |= SS_SUMMARY_CLEARS_PREAD;
		} else if (ss_vfs_open_nonseekable_call(s, close, i, end)) {
			w->calls |= SS_SUMMARY_NONSEEKABLE;
		}
		i = end;
	}
}

/* Whether the definition whose name starts at `name` is static. */
static bool is_static(const char *s, size_t name)
{
	size_t from = name > 200 ? name - 200 : 0, start = name;

	while (start > from && s[start - 1] != ';' && s[start - 1] != '}' && s[start - 1] != '{')
		start--;
	for (size_t i = start; i + 6 <= name; i++)
		if (ss_ctext_word_at(s, name, i, WORD("static")))
			return true;
	return false;
}

struct text_walk {
	const char *path;
	struct ss_summaries *out;
};

static bool text_function(const char *s, size_t len, const struct ss_cdef *d, void *arg)
{
	struct text_walk *t = arg;
	struct params p;
	struct ss_summary *r;
	struct seen w = { 0 };

	(void)len;
	if (!d->name_len || d->old_style)
		return true;
	read_params(s, d->params, d->params_end, &p);
	if (!p.file.n && !p.position.n && !p.kiocb.n)
		return true;
	r = ss_summaries_add(t->out);
	r->name = xstrndup(s + d->name, d->name_len);
	r->file = xstrdup(t->path);
	r->is_static = is_static(s, d->name);
	text_body(s, d->body, d->body_end, &p, &w, r);
	r->position = (unsigned char)decide_position(&w, r->position_to != NULL);
	r->ending = (unsigned char)decide_ending(&w);
	r->calls = (unsigned char)w.calls;
	return true;
}

void ss_summarise_text(const char *path, const char *s, size_t len, struct ss_summaries *out)
{
	struct text_walk t = { path, out };

	/* strstr() is vectorized, memmem() is not: on a whole tree that is
	   most of what summarising the files without a function costs. */
	if (s[len] != '\0' || (!strstr(s, "struct file") && !strstr(s, "kiocb")))
		return;
	ss_cdefs_each(s, len, text_function, &t);
}

/* ================================ the AST ================================ */

#include "model/ast_util.h"

/* The parameters that matter, as cursors. */
struct ast_params {
	CXCursor file, position, kiocb, buffer;
	bool has_file, has_position, has_kiocb, has_buffer;
};

static bool type_has(CXType t, const char *what)
{
	CXString sp = clang_getTypeSpelling(t);
	bool r = strstr(clang_getCString(sp), what) != NULL;

	clang_disposeString(sp);
	return r;
}

static void ast_read_params(CXCursor fn, struct ast_params *p)
{
	int n = clang_Cursor_getNumArguments(fn);

	memset(p, 0, sizeof(*p));
	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(fn, (unsigned)i);
		CXType t = clang_getCursorType(a);

		if (t.kind != CXType_Pointer)
			continue;
		if (!p->has_file && type_has(t, "struct file *")) {
			p->file = a;
			p->has_file = true;
		} else if (!p->has_position && type_has(t, "loff_t")) {
			p->position = a;
			p->has_position = true;
		} else if (!p->has_kiocb && type_has(t, "kiocb")) {
			p->kiocb = a;
			p->has_kiocb = true;
		} else if (!p->has_buffer && (type_has(t, "char") || type_has(t, "iov_iter"))) {
			p->buffer = a;
			p->has_buffer = true;
		}
	}
}

struct ast_walk {
	CXTranslationUnit tu;
	const struct ast_params *p;
	struct seen *w;
	struct ss_summary *out;
	CXCursor stack[128];
	unsigned depth;
};

static CXCursor up(const struct ast_walk *a, unsigned k)
{
	return k < a->depth ? a->stack[a->depth - 1 - k] : clang_getNullCursor();
}

static bool spelled(CXCursor c, const char *name)
{
	CXString sp = clang_getCursorSpelling(c);
	bool r = strcmp(clang_getCString(sp), name) == 0;

	clang_disposeString(sp);
	return r;
}

/* The name a call's callee spells, into buf ("" when it is no name). */
static const char *callee_name(CXCursor call, char *buf, size_t n)
{
	CXCursor ref = clang_getCursorReferenced(call);
	CXString sp = clang_getCursorSpelling(clang_Cursor_isNull(ref) ? call : ref);

	snprintf(buf, n, "%s", clang_getCString(sp));
	clang_disposeString(sp);
	return buf;
}

/* The first ancestor that is not a paren or an implicit cast, and how
   many levels up it is. */
static CXCursor opaque_parent(const struct ast_walk *a, unsigned *k)
{
	for (*k = 0; *k < a->depth; (*k)++)
		if (!ss_is_transparent(up(a, *k)))
			return up(a, *k);
	return clang_getNullCursor();
}

/* Whether the mention is a whole argument of a call: the callee's name. */
static bool ast_whole_argument(const struct ast_walk *a, char *buf, size_t n)
{
	unsigned k;
	CXCursor parent = opaque_parent(a, &k);

	if (clang_getCursorKind(parent) != CXCursor_CallExpr)
		return false;
	callee_name(parent, buf, n);
	/* The callee itself is a DeclRefExpr under the call too: not ours. */
	return *buf != '\0';
}

/* Whether the mention `c` is what `=`, `+=` or `-=` stores to (through `*`). */
static bool ast_stores(const struct ast_walk *a, CXCursor c)
{
	char op[8];
	unsigned k;
	CXCursor parent = opaque_parent(a, &k), kids[2];

	if (clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
	    strcmp(ss_operator(a->tu, parent, op, sizeof(op)), "*") == 0) {
		for (k++; k < a->depth && ss_is_transparent(up(a, k)); k++)
			;
		parent = up(a, k);
	}
	if ((clang_getCursorKind(parent) != CXCursor_BinaryOperator &&
	     clang_getCursorKind(parent) != CXCursor_CompoundAssignOperator) ||
	    ss_children(parent, kids, 2) != 2)
		return false;
	ss_operator(a->tu, parent, op, sizeof(op));
	if (strcmp(op, "=") && strcmp(op, "+=") && strcmp(op, "-="))
		return false;
	/* the left side: the parent's child on the way down to the mention */
	return clang_equalCursors(kids[0], k ? up(a, k - 1) : c);
}

/* Whether a return statement returns a negative constant. */
static bool negative_constant(CXTranslationUnit tu, CXCursor ret)
{
	CXCursor e, kid;
	char op[8];

	if (ss_children(ret, &e, 1) != 1)
		return false;
	e = ss_strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    strcmp(ss_operator(tu, e, op, sizeof(op)), "-") != 0 || ss_children(e, &kid, 1) != 1)
		return false;
	kid = ss_strip(kid);
	return clang_getCursorKind(kid) == CXCursor_IntegerLiteral;
}

/* Whether the mention lies in the condition of an `if` that refuses:
   its statement returns a negative constant, or the condition compares
   with f_pos (`ppos != &file->f_pos`). */
static bool ast_in_refusal(const struct ast_walk *a, bool *pread)
{
	static const char *const fpos[] = { "f_pos", NULL };
	static const char *const ne[] = { "!=", NULL };

	for (unsigned k = 0; k + 1 < a->depth; k++) {
		CXCursor c = up(a, k + 1), kids[3], then;
		unsigned n;

		if (clang_getCursorKind(c) != CXCursor_IfStmt)
			continue;
		n = ss_children(c, kids, 3);
		if (n < 2 || !clang_equalCursors(kids[0], up(a, k)))
			return false;	/* in the statement, not the condition */
		*pread = ss_tokens_contain(a->tu, kids[0], fpos);
		if (*pread && ss_tokens_contain(a->tu, kids[0], ne))
			return true;
		then = kids[1];
		if (clang_getCursorKind(then) == CXCursor_CompoundStmt && ss_children(then, &then, 1) != 1)
			return false;
		return clang_getCursorKind(then) == CXCursor_ReturnStmt &&
		       negative_constant(a->tu, then);
	}
	return false;
}

static bool refers_to(CXCursor c, bool has, CXCursor param)
{
	return has && clang_equalCursors(clang_getCursorReferenced(c), param);
}

static void ast_mention(struct ast_walk *a, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	const struct ast_params *p = a->p;
	struct seen *w = a->w;
	char name[128];
	bool pread;

	if (k == CXCursor_DeclRefExpr && refers_to(c, p->has_position, p->position)) {
		if (ast_in_refusal(a, &pread))
			*(pread ? &w->refuses_pread : &w->refuses_nonzero) += 1;
		else if (ast_stores(a, c))
			w->position_stores++;
		else if (ast_whole_argument(a, name, sizeof(name)) && !a->out->position_to)
			a->out->position_to = xstrdup(name);
		else
			w->position_reads++;
	} else if (k == CXCursor_MemberRefExpr && (spelled(c, "ki_pos") || spelled(c, "f_pos"))) {
		if (ast_in_refusal(a, &pread))
			;
		else if (ast_stores(a, c))
			w->position_stores++;
		else
			w->position_reads++;
	} else if (k == CXCursor_DeclRefExpr && refers_to(c, p->has_buffer, p->buffer)) {
		w->buffer_used = true;
	} else if (k == CXCursor_DeclRefExpr && refers_to(c, p->has_file, p->file)) {
		if (ast_whole_argument(a, name, sizeof(name)))
			ss_summary_hand(a->out, name, strlen(name));
	} else if (k == CXCursor_ReturnStmt) {
		CXCursor e;

		if (ss_children(c, &e, 1) != 1)
			return;
		if (negative_constant(a->tu, c)) {
			w->error_returns++;
			return;
		}
		w->other_returns++;
		e = ss_strip(e);
		if (clang_getCursorKind(e) == CXCursor_CallExpr && *callee_name(e, name, sizeof(name)))
			ss_summary_hand(a->out, name, strlen(name));
	} else if (k == CXCursor_CallExpr) {
		callee_name(c, name, sizeof(name));
		w->calls |= refusing_call(name, strlen(name));
	} else if (k == CXCursor_CompoundAssignOperator) {
		static const char *const clears[] = { "~", NULL };
		static const char *const pread_bit[] = { "FMODE_PREAD", NULL };
		char op[8];

		if (strcmp(ss_operator(a->tu, c, op, sizeof(op)), "&=") == 0 &&
		    ss_tokens_contain(a->tu, c, clears) && ss_tokens_contain(a->tu, c, pread_bit))
			w->calls |= SS_SUMMARY_CLEARS_PREAD;
	}
}

static enum CXChildVisitResult ast_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ast_walk *a = data;

	(void)parent;
	ast_mention(a, c);
	if (a->depth < sizeof(a->stack) / sizeof(a->stack[0])) {
		a->stack[a->depth++] = c;
		clang_visitChildren(c, ast_visit, a);
		a->depth--;
	}
	return CXChildVisit_Continue;
}

void ss_summarise_cursor(CXTranslationUnit tu, CXCursor fn, struct ss_summary *out)
{
	struct ast_params p;
	struct seen w = { 0 };
	struct ast_walk a = { .tu = tu, .p = &p, .w = &w, .out = out };
	CXCursor body = clang_getNullCursor(), kids[32];
	unsigned n = ss_children(fn, kids, 32);

	for (unsigned i = 0; i < n; i++)
		if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
			body = kids[i];
	ast_read_params(fn, &p);
	w.has_buffer = p.has_buffer;
	if (!clang_Cursor_isNull(body)) {
		a.stack[a.depth++] = body;
		clang_visitChildren(body, ast_visit, &a);
	}
	out->position = (unsigned char)decide_position(&w, out->position_to != NULL);
	out->ending = (unsigned char)decide_ending(&w);
	out->calls = (unsigned char)w.calls;
}

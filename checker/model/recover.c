// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads of a method's position that a parse error cost the AST.  Under the
 * bundled header a statement naming a type or macro it lacks may vanish
 * whole (`phys_addr_t p = *ppos;`, `simple_read_from_buffer(buf, count,
 * ppos, data, SIZE)` with SIZE from a missing header), and with it the one
 * read that shows the method honours the position.  Where the text of such
 * a statement shows the parameter plainly read or tested, the use is
 * counted as walk.c would have counted it; anything less plain stays lost
 * for gaps.c.
 */
#include "model/internal.h"
#include "model/ast_util.h"

#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Offsets in the main file of its parse errors, in order. */
struct errors {
	unsigned *at;
	size_t n;
};

static int by_offset(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

static struct errors main_errors(const struct ss_model *m)
{
	unsigned n = clang_getNumDiagnostics(m->tu);
	struct errors e = { xcalloc(n ? n : 1, sizeof(*e.at)), 0 };

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(m->tu, i);
		CXFile f;
		unsigned off;

		clang_getFileLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && f &&
		    clang_File_isEqual(f, m->main_file))
			e.at[e.n++] = off;
		clang_disposeDiagnostic(d);
	}
	qsort(e.at, e.n, sizeof(*e.at), by_offset);
	return e;
}

static bool error_within(const struct errors *e, size_t from, size_t to)
{
	size_t lo = 0, hi = e->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (e->at[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < e->n && e->at[lo] <= to;
}

/* The last byte before `i` that is not blank or comment, or SS_CTEXT_NONE. */
static size_t before(const char *s, size_t i)
{
	size_t b = ss_ctext_back_blank(s, i);

	return b ? b - 1 : SS_CTEXT_NONE;
}

/* `=` or a compound assignment, not `==`, `!=`, `<=`, `>=` (or `<<=`). */
static bool assigns(const char *s, size_t i)
{
	return s[i] == '=' && (i == 0 || !strchr("=!<>", s[i - 1]));
}

/* A comparison operator ends at `i` (`==`, `!=`, `<`, `<=`, `>`, `>=`; no
   shift, no `->`). */
static bool comparison_ends(const char *s, size_t i)
{
	char c = s[i], p = i ? s[i - 1] : '\0';

	if (c == '=')
		return p && strchr("=!<>", p) && !(i >= 2 && (p == '<' || p == '>') && s[i - 2] == p);
	if (c == '<' || c == '>')
		return p != c && !(c == '>' && p == '-');
	return false;
}

/* A comparison operator starts at `i`. */
static bool comparison_starts(const char *s, size_t len, size_t i)
{
	char c = s[i], n = i + 1 < len ? s[i + 1] : '\0';

	if (c == '=' || c == '!')
		return n == '=';
	return (c == '<' || c == '>') && n != c;
}

/* An operator binding looser than a comparison ends at `i`: `(`, `,`,
   `?`, `:`, `&&`, `||`, an assignment or `return`. */
static bool looser_ends(const char *s, size_t i)
{
	if (strchr("(,?:", s[i]) || assigns(s, i))
		return true;
	if ((s[i] == '&' || s[i] == '|') && i && s[i - 1] == s[i])
		return true;
	return i >= 5 && model_is_word(s, i - 5, i + 1, "return");
}

/* An operator binding looser than a comparison, or the end of an
   expression, starts at `i`. */
static bool looser_starts(const char *s, size_t len, size_t i)
{
	if (i >= len || strchr("),;?:", s[i]))
		return true;
	return (s[i] == '&' || s[i] == '|') && i + 1 < len && s[i + 1] == s[i];
}

enum lost_use { NOT_PLAIN, TESTED, READ };

/*
 * How the parameter at [at, end) is used, as walk.c counts uses: READ for
 * `ppos` or `*ppos` an argument of a call or assigned to something, and
 * `*ppos` returned; TESTED for `*ppos` compared or negated, a use that
 * reads nothing.  `open` is the innermost bracket around it.
 */
static enum lost_use plain_use(const char *s, size_t len, size_t at, size_t end, size_t open)
{
	size_t b = before(s, at), a = ss_ctext_skip_blank(s, len, end);
	char next = a < len ? s[a] : '\0';
	bool deref = b != SS_CTEXT_NONE && s[b] == '*';

	if (deref)
		b = before(s, b);
	if (b == SS_CTEXT_NONE)
		return NOT_PLAIN;
	if (deref && (s[b] == '!' ||
		      (looser_ends(s, b) && a < len && comparison_starts(s, len, a)) ||
		      (comparison_ends(s, b) && looser_starts(s, len, a))))
		return TESTED;
	if (s[b] == ',' || s[b] == '(')
		return ss_ctext_call_argument(s, len, deref ? b + 1 : at, end, open)
			? READ : NOT_PLAIN;
	if (assigns(s, b))
		return next == ';' || next == ',' || next == ')' ? READ : NOT_PLAIN;
	return deref && next == ';' && b >= 5 && model_is_word(s, b - 5, b + 1, "return")
		? READ : NOT_PLAIN;
}

/* The end of the statement the byte at `i` is in: its `;`, or the brace
   that ends it. */
static size_t statement_end(const char *s, size_t len, size_t i)
{
	while ((i = ss_ctext_skip_noise(s, len, i)) < len && !strchr(";{}", s[i]))
		i++;
	return i;
}

static bool directive_within(const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (s[i] == '#' && ss_ctext_line_start(s, i))
			return true;
	return false;
}

struct body {
	const char *s;
	size_t len, start, end;
	const char *name;		/* the position parameter */
	const struct errors *errors;
};

/* Counts into f the plain reads of its position parameter that the AST
   lost, in statements that hold a parse error and no directive. */
static void recover_body(struct ss_model *m, struct ss_function *f, const struct body *b)
{
	const char *s = b->s;
	size_t stack[64], depth = 0, statement = b->start, i = b->start;

	while ((i = ss_ctext_skip_noise(s, b->end, i)) < b->end) {
		char c = s[i];

		if (c == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, b->end, i);
			continue;
		}
		if (ss_ctext_ident_char(c)) {
			size_t end = ss_ctext_ident_end(s, b->end, i);
			unsigned off = (unsigned)i;

			if (end == i) {		/* a number */
				while (i < b->end && ss_ctext_ident_char(s[i]))
					i++;
				continue;
			}

			if (model_is_word(s, i, end, b->name) && !ss_ctext_member_at(s, i) &&
			    !ss_map_get(&m->position_spelled, &off, sizeof(off))) {
				size_t stop = statement_end(s, b->len, end);
				enum lost_use use = NOT_PLAIN;

				if (error_within(b->errors, statement, stop) &&
				    !directive_within(s, statement, stop))
					use = plain_use(s, b->len, i, end,
							depth ? stack[depth - 1] : SS_CTEXT_NONE);
				if (use != NOT_PLAIN) {
					f->position_uses++;
					f->position_examined++;
					f->position_reads += use == READ;
					ss_map_put(&m->position_spelled, &off, sizeof(off), 0, NULL);
				}
			}
			i = end;
			continue;
		}
		if (strchr("([{", c)) {
			if (depth == sizeof(stack) / sizeof(stack[0]))
				return;		/* deeper than any plain statement */
			stack[depth++] = i;
		} else if (strchr(")]}", c) && depth) {
			depth--;
		}
		if (c == '{' || c == '}' ||
		    (c == ';' && (!depth || s[stack[depth - 1]] == '{')))
			statement = i + 1;
		i++;
	}
}

struct hand_on {
	const struct ss_model *m;
	const char *name;	/* the parameter */
	size_t end;		/* the body's end */
};

/* A mention of the parameter followed by `,` or `)`, not reached as a
   member, that the AST did not see handed to a call. */
static bool handed_on(const char *s, size_t at, size_t end, void *arg)
{
	const struct hand_on *h = arg;
	unsigned off = (unsigned)at;
	size_t after;

	if (!model_is_word(s, at, end, h->name) || ss_ctext_member_at(s, at) ||
	    ss_map_get(&h->m->kiocb_handed, &off, sizeof(off)))
		return false;
	after = ss_ctext_skip_blank(s, h->end, end);
	return after < h->end && (s[after] == ',' || s[after] == ')');
}

/*
 * Whether the body s[start, end) hands the parameter on to a call.  The
 * text is asked only where a parse error may have cost the AST the call.
 */
static bool text_hands_on(const struct ss_model *m, CXCursor param, const char *s, size_t len,
			  size_t start, size_t end)
{
	CXString name = clang_getCursorSpelling(param);
	struct hand_on h = { m, clang_getCString(name), end };
	const struct model_text t = { .s = s, .len = len, .directives = true };
	bool found = h.name && *h.name && model_each_word(&t, start, end, handed_on, &h);

	clang_disposeString(name);
	return found;
}

void model_recover_reads(struct ss_model *m, const char *text, size_t len)
{
	struct errors e = main_errors(m);

	for (size_t i = 0; i < m->nfns && e.n; i++) {
		struct ss_function *f = &m->fns[i];
		CXString name;
		size_t start, end;
		struct body b = { .s = text, .len = len, .errors = &e };

		if (!model_body_span(m, f, &start, &end) || end > len ||
		    !error_within(&e, start, end))
			continue;
		/* the hand-offs the AST saw are follow.c's */
		if (m->nparams[i] > 0 &&
		    ss_type_is_pointer_to_struct(clang_getCursorType(m->params[i][0]), "kiocb"))
			f->hands_kiocb = text_hands_on(m, m->params[i][0], text, len, start + 1, end);
		if (f->position >= m->nparams[i])
			continue;
		name = clang_getCursorSpelling(m->params[i][f->position]);
		b.name = clang_getCString(name);
		b.start = start + 1;
		b.end = end;
		if (b.name && *b.name)
			recover_body(m, f, &b);
		clang_disposeString(name);
	}
	free(e.at);
}

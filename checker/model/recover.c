// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads of a method's position that a parse error cost the AST.  Under the
 * bundled header a statement naming a type or macro it lacks may vanish
 * whole (`phys_addr_t p = *ppos;`, `simple_read_from_buffer(buf, count,
 * ppos, data, SIZE)` with SIZE from a missing header), and with it the one
 * read that shows the method honours the position.  Where the text of such
 * a statement shows the parameter plainly read, it is counted as walk.c
 * would have counted it; anything less plain stays lost for undecided.c.
 */
#include "model/internal.h"

#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define NONE ((size_t)-1)

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

/* The last byte before `i` that is not blank or comment, or NONE. */
static size_t before(const char *s, size_t i)
{
	size_t b = ss_ctext_back_blank(s, i);

	return b ? b - 1 : NONE;
}

/* Whether the `(` at `open` opens the arguments of a call: a name that is
   no keyword stands before it. */
static bool call_paren(const char *s, size_t open)
{
	static const char *const keywords[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof",
		"__typeof__", "_Generic", "case", NULL
	};
	size_t end = before(s, open), start;

	if (end == NONE || !ss_ctext_ident_char(s[end]))
		return false;
	start = end;
	while (start > 0 && ss_ctext_ident_char(s[start - 1]))
		start--;
	if (s[start] >= '0' && s[start] <= '9')
		return false;
	for (size_t k = 0; keywords[k]; k++)
		if (model_is_word(s, start, end + 1, keywords[k]))
			return false;
	return true;
}

/* `=` or a compound assignment, not `==`, `!=`, `<=`, `>=` (or `<<=`). */
static bool assigns(const char *s, size_t i)
{
	return s[i] == '=' && (i == 0 || !strchr("=!<>", s[i - 1]));
}

/*
 * Whether the parameter at [at, end) is read as walk.c counts a read:
 * `ppos` or `*ppos` an argument of a call, assigned to something, or (for
 * `*ppos`) returned.  `open` is the innermost bracket around it.
 */
static bool plainly_read(const char *s, size_t len, size_t at, size_t end, size_t open)
{
	size_t b = before(s, at), a = ss_ctext_skip_blank(s, len, end);
	char next = a < len ? s[a] : '\0';
	bool deref = b != NONE && s[b] == '*';

	if (deref)
		b = before(s, b);
	if (b == NONE)
		return false;
	if (s[b] == ',' || s[b] == '(')
		return open != NONE && s[open] == '(' && call_paren(s, open) &&
		       (next == ',' || (next == ')' && s[b] == ',')) &&
		       (s[b] == ',' || b == open);
	if (assigns(s, b))
		return next == ';' || next == ',' || next == ')';
	return deref && next == ';' && b >= 5 && model_is_word(s, b - 5, b + 1, "return");
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

				if (error_within(b->errors, statement, stop) &&
				    !directive_within(s, statement, stop) &&
				    plainly_read(s, b->len, i, end, depth ? stack[depth - 1] : NONE)) {
					f->position_uses++;
					f->position_reads++;
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

void model_recover_reads(struct ss_model *m, const char *text, size_t len)
{
	struct errors e = main_errors(m);

	for (size_t i = 0; i < m->nfns && e.n; i++) {
		struct ss_function *f = &m->fns[i];
		CXSourceRange r;
		CXString name;
		CXFile file;
		unsigned start, end;
		struct body b = { .s = text, .len = len, .errors = &e };

		if (clang_Cursor_isNull(f->body) || f->position >= m->nparams[i])
			continue;
		r = clang_getCursorExtent(f->body);
		clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, &start);
		clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
		if (!file || !clang_File_isEqual(file, m->main_file) || start >= end ||
		    end > len || !error_within(&e, start, end))
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

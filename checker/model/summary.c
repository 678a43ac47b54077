// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "model/summary.h"

#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdbool.h>
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

/* ---- calls on the file: the refusing opens by name ---- */

static unsigned refusing_call(const char *name, size_t n)
{
	return (n == 16 && memcmp(name, "nonseekable_open", n) == 0) ||
	       (n == 11 && memcmp(name, "stream_open", n) == 0)
		       ? SS_SUMMARY_NONSEEKABLE : 0;
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
		} else if (refusing_call(s + i, end - i)) {
			size_t a = ss_ctext_skip_blank(s, close, end);

			if (a < close && s[a] == '(')
				w->calls |= refusing_call(s + i, end - i);
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

static void text_function(const char *path, const char *s, size_t params, size_t params_end,
			  size_t body, size_t body_end, struct ss_summaries *out)
{
	struct params p;
	struct ss_summary *r;
	struct seen w = { 0 };
	struct span name = last_ident(s, params > 80 ? params - 80 : 0,
				      ss_ctext_back_blank(s, params));

	if (!name.n || name.at + name.n != ss_ctext_back_blank(s, params))
		return;
	read_params(s, params, params_end, &p);
	if (!p.file.n && !p.position.n && !p.kiocb.n)
		return;
	r = ss_summaries_add(out);
	r->name = xstrndup(s + name.at, name.n);
	r->file = xstrdup(path);
	r->is_static = is_static(s, name.at);
	text_body(s, body, body_end, &p, &w, r);
	r->position = (unsigned char)decide_position(&w, r->position_to != NULL);
	r->ending = (unsigned char)decide_ending(&w);
	r->calls = (unsigned char)w.calls;
}

void ss_summarise_text(const char *path, const char *s, size_t len, struct ss_summaries *out)
{
	size_t i = 0;

	if (!memmem(s, len, WORD("struct file")) && !memmem(s, len, WORD("kiocb")))
		return;
	while ((i = ss_ctext_skip_noise(s, len, i)) < len) {
		size_t close, after, end;

		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, len, i);
			continue;
		}
		if (s[i] == '{') {
			i = ss_ctext_closing(s, len, i) + 1;
			continue;
		}
		if (s[i] != '(') {
			end = ss_ctext_ident_end(s, len, i);
			i = end > i ? end : i + 1;
			continue;
		}
		close = ss_ctext_closing(s, len, i);
		if (close >= len)
			return;
		after = ss_ctext_skip_blank(s, len, close + 1);
		if (after < len && s[after] == '{') {
			end = ss_ctext_closing(s, len, after);
			if (end >= len)
				return;
			text_function(path, s, i, close, after, end, out);
			i = end + 1;
			continue;
		}
		i = close + 1;
	}
}

/* ================================ the AST ================================ */

void ss_summarise_cursor(CXTranslationUnit tu, CXCursor fn, struct ss_summary *out)
{
	(void)tu;
	(void)fn;
	(void)out;
}

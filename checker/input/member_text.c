// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/member_text.h"

#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define WORD(w) w, sizeof(w) - 1

/* The body of an llseek method: its braces. */
struct body {
	size_t open, close;
};

/* The word ending just before `end` (blanks skipped back over): its start,
   or `end` itself when no identifier ends there. */
static size_t word_before(const char *s, size_t end, size_t *word_end)
{
	size_t e = ss_ctext_back_blank(s, end), b = e;

	while (b > 0 && ss_ctext_ident_char(s[b - 1]))
		b--;
	*word_end = e;
	return b;
}

static bool is_word(const char *s, size_t b, size_t e, const char *w, size_t n)
{
	return e - b == n && memcmp(s + b, w, n) == 0;
}

/* Past `int NAME )` or `loff_t NAME ,` at i: the offset after it, or 0. */
static size_t param(const char *s, size_t len, size_t i, const char *type, size_t n, char after)
{
	size_t e;

	i = ss_ctext_skip_blank(s, len, i);
	if (!ss_ctext_word_at(s, len, i, type, n))
		return 0;
	i = ss_ctext_skip_blank(s, len, i + n);
	e = ss_ctext_ident_end(s, len, i);
	if (e == i)
		return 0;
	i = ss_ctext_skip_blank(s, len, e);
	return i < len && s[i] == after ? i + 1 : 0;
}

/* Whether [open, close] holds a preprocessor line: then the braces may
   not be the body's. */
static bool has_directive(const char *s, size_t open, size_t close)
{
	for (size_t i = open + 1; i < close; i++)
		if (s[i] == '#' && ss_ctext_line_start(s, i))
			return true;
	return false;
}

/*
 * Whether the mention of a function at [i, i + n) declares it: a type's
 * word before it (no statement's keyword), a parameter list after it and
 * then `;`.  A declaration gives it no role.
 */
static bool declares(const char *s, size_t len, size_t i, size_t n)
{
	static const char *const not_types[] = { "return", "else", "do", "case", "goto", "sizeof" };
	size_t b, e, k;

	b = word_before(s, i, &e);
	if (b == e)
		return false;
	for (k = 0; k < sizeof(not_types) / sizeof(not_types[0]); k++)
		if (is_word(s, b, e, not_types[k], strlen(not_types[k])))
			return false;
	k = ss_ctext_skip_blank(s, len, i + n);
	if (k >= len || s[k] != '(')
		return false;
	k = ss_ctext_closing(s, len, k);
	if (k >= len)
		return false;
	k = ss_ctext_skip_blank(s, len, k + 1);
	return k < len && s[k] == ';';
}

/*
 * Whether every mention of the function [name, name + n) in the code but its
 * definition at `def` and its declarations names it the `member` method of a table:
 * `.member = NAME`, `->member = NAME` or `member: NAME`.  Then the parse
 * gives it no other role, and with none it gets the member's role from
 * its signature.
 */
static bool named_as(const char *s, size_t len, size_t name, size_t n, size_t def,
		     const char *member, size_t mlen)
{
	const char *at = s;
	size_t from = 0;

	while ((at = memmem(at, len - (size_t)(at - s), s + name, n))) {
		size_t i = (size_t)(at - s), b, e, w;

		at += n;
		if (i == def || !ss_ctext_word_at(s, len, i, s + name, n) ||
		    !ss_ctext_in_code_from(s, len, &from, i) || declares(s, len, i, n))
			continue;
		b = ss_ctext_back_blank(s, i);
		if (b == 0 || (s[b - 1] != '=' && s[b - 1] != ':'))
			return false;
		w = word_before(s, b - 1, &e);
		if (!is_word(s, w, e, member, mlen))
			return false;
		if (s[b - 1] == '=' && !ss_ctext_member_at(s, w))
			return false;
	}
	return true;
}

/* The body of the function definition whose parameter list closes just
   before `i` (blanks skipped), when it holds no preprocessor line. */
static bool body_at(const char *s, size_t len, size_t i, struct body *out)
{
	i = ss_ctext_skip_blank(s, len, i);
	if (i >= len || s[i] != '{')
		return false;
	out->open = i;
	out->close = ss_ctext_closing(s, len, i);
	return out->close < len && !has_directive(s, out->open, out->close);
}

/* Back from `at`, just after `TYPE * NAME ,` and blanks: whether TYPE is
   the word asked for, and where it starts. */
static bool pointer_before(const char *s, size_t at, const char *type, size_t n, size_t *start)
{
	size_t b, e;

	b = ss_ctext_back_blank(s, at);
	if (b == 0 || s[b - 1] != ',')
		return false;
	b = word_before(s, b - 1, &e);
	if (b == e)
		return false;
	e = ss_ctext_back_blank(s, b);
	if (e == 0 || s[e - 1] != '*')
		return false;
	*start = word_before(s, e - 1, &e);
	return is_word(s, *start, e, type, n);
}

/* Back from `at`, just after `( struct file * NAME ,` and blanks: where
   the function's name starts, or false. */
static bool file_first(const char *s, size_t at, size_t *name, size_t *name_end)
{
	size_t b, e, paren;

	if (!pointer_before(s, at, WORD("file"), &b))
		return false;
	b = word_before(s, b, &e);
	if (!is_word(s, b, e, WORD("struct")))
		return false;
	paren = ss_ctext_back_blank(s, b);
	if (paren == 0 || s[paren - 1] != '(')
		return false;
	*name = word_before(s, paren - 1, name_end);
	return *name != *name_end;
}

/*
 * The llseek method whose second parameter's type is the `loff_t` at q:
 * its body into *out, when its whole definition is as the header says.
 */
static bool llseek_method(const char *s, size_t len, size_t q, bool pasting, struct body *out)
{
	size_t name, name_end, i;

	/* back: ( struct file * NAME , */
	if (!file_first(s, q, &name, &name_end) || pasting)
		return false;
	/* forward: loff_t NAME , int NAME ) { */
	i = param(s, len, q, WORD("loff_t"), ',');
	if (!i || !(i = param(s, len, i, WORD("int"), ')')))
		return false;
	return body_at(s, len, i, out) &&
	       named_as(s, len, name, name_end - name, name, WORD("llseek"));
}

/*
 * The readdir method whose third parameter's type is the `filldir_t` at
 * q, `NAME(struct file *, void *, filldir_t)`: its body into *out, as for
 * an llseek.  A readdir keeps its place in f_pos by design, and owns it.
 */
static bool readdir_method(const char *s, size_t len, size_t q, bool pasting, struct body *out)
{
	size_t name, name_end, b, i;

	/* back: ( struct file * NAME , void * NAME , */
	if (!pointer_before(s, q, WORD("void"), &b) || !file_first(s, b, &name, &name_end) ||
	    pasting)
		return false;
	/* forward: filldir_t NAME ) { */
	i = param(s, len, q, WORD("filldir_t"), ')');
	return i && body_at(s, len, i, out) &&
	       named_as(s, len, name, name_end - name, name, WORD("readdir"));
}

/*
 * Whether the text may paste names together, which could make a mention
 * of a method the scan cannot see: a `##` but GNU's `, ## args`, which
 * pastes no name.
 */
static bool pastes_names(const char *s, size_t len)
{
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), "##", 2))) {
		size_t b = ss_ctext_back_blank(s, (size_t)(at - s));

		if (b == 0 || s[b - 1] != ',')
			return true;
		at += 2;
	}
	return false;
}

/* The bodies of the methods `word` introduces their parameter of (see
   `method`), appended to *out. */
static void bodies_of(const char *s, size_t len, const char *word, size_t wlen, bool pasting,
		      bool (*method)(const char *, size_t, size_t, bool, struct body *),
		      struct body **out, size_t *n, size_t *cap)
{
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), word, wlen))) {
		size_t q = (size_t)(at - s);
		struct body b;

		at += wlen;
		if (!ss_ctext_word_at(s, len, q, word, wlen) || !method(s, len, q, pasting, &b))
			continue;
		xgrow((void **)out, cap, *n + 1, sizeof(**out));
		(*out)[(*n)++] = b;
	}
}

/* The bodies of the text's llseek and readdir methods, into *out (newly
   allocated). */
static size_t owner_bodies(const char *s, size_t len, struct body **out)
{
	bool pasting = pastes_names(s, len);
	size_t n = 0, cap = 0;

	*out = NULL;
	bodies_of(s, len, WORD("loff_t"), pasting, llseek_method, out, &n, &cap);
	bodies_of(s, len, WORD("filldir_t"), pasting, readdir_method, out, &n, &cap);
	return n;
}

bool ss_text_fpos_member(const char *s, size_t len)
{
	static const char member[] = "f_pos";
	const size_t n = sizeof(member) - 1;
	const char *at = s;
	struct body *bodies = NULL;
	size_t nbodies = 0;
	bool looked = false, maybe = false;

	while (!maybe && (at = memmem(at, len - (size_t)(at - s), member, n))) {
		size_t i = (size_t)(at - s), k;

		at += n;
		if (!ss_ctext_word_at(s, len, i, member, n) || !ss_ctext_member_at(s, i))
			continue;
		if (!looked) {
			nbodies = owner_bodies(s, len, &bodies);
			looked = true;
		}
		for (k = 0; k < nbodies && !(bodies[k].open < i && i < bodies[k].close); k++)
			;
		maybe = k == nbodies;
	}
	free(bodies);
	return maybe;
}

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
 * Whether every mention of the function [name, name + n) but its definition
 * at `def` names it the llseek method of a table: `.llseek = NAME`,
 * `->llseek = NAME` or `llseek: NAME`.  Then the parse gives it no other
 * role, and with none it gets the llseek role from its signature.
 */
static bool named_as_llseek(const char *s, size_t len, size_t name, size_t n, size_t def)
{
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), s + name, n))) {
		size_t i = (size_t)(at - s), b, e, w;

		at += n;
		if (i == def || !ss_ctext_word_at(s, len, i, s + name, n))
			continue;
		b = ss_ctext_back_blank(s, i);
		if (b == 0 || (s[b - 1] != '=' && s[b - 1] != ':'))
			return false;
		w = word_before(s, b - 1, &e);
		if (!is_word(s, w, e, WORD("llseek")))
			return false;
		if (s[b - 1] == '=' && !ss_ctext_member_at(s, w))
			return false;
	}
	return true;
}

/*
 * The llseek method whose second parameter's type is the `loff_t` at q:
 * its body into *out, when its whole definition is as the header says.
 */
static bool llseek_method(const char *s, size_t len, size_t q, bool pasting, struct body *out)
{
	size_t b, e, paren, name, name_end, i;

	/* back: ( struct file * NAME , */
	b = ss_ctext_back_blank(s, q);
	if (b == 0 || s[b - 1] != ',')
		return false;
	b = word_before(s, b - 1, &e);
	if (b == e)
		return false;
	e = ss_ctext_back_blank(s, b);
	if (e == 0 || s[e - 1] != '*')
		return false;
	b = word_before(s, e - 1, &e);
	if (!is_word(s, b, e, WORD("file")))
		return false;
	b = word_before(s, b, &e);
	if (!is_word(s, b, e, WORD("struct")))
		return false;
	paren = ss_ctext_back_blank(s, b);
	if (paren == 0 || s[paren - 1] != '(')
		return false;
	name = word_before(s, paren - 1, &name_end);
	if (name == name_end || pasting)
		return false;
	/* forward: loff_t NAME , int NAME ) { */
	i = param(s, len, q, WORD("loff_t"), ',');
	if (!i || !(i = param(s, len, i, WORD("int"), ')')))
		return false;
	i = ss_ctext_skip_blank(s, len, i);
	if (i >= len || s[i] != '{')
		return false;
	out->open = i;
	out->close = ss_ctext_closing(s, len, i);
	return out->close < len && !has_directive(s, out->open, out->close) &&
	       named_as_llseek(s, len, name, name_end - name, name);
}

/* The bodies of the text's llseek methods, into *out (newly allocated). */
static size_t llseek_bodies(const char *s, size_t len, struct body **out)
{
	bool pasting = memmem(s, len, "##", 2) != NULL;
	const char *at = s;
	size_t n = 0, cap = 0;

	*out = NULL;
	while ((at = memmem(at, len - (size_t)(at - s), WORD("loff_t")))) {
		size_t q = (size_t)(at - s);
		struct body b;

		at += sizeof("loff_t") - 1;
		if (!ss_ctext_word_at(s, len, q, WORD("loff_t")) ||
		    !llseek_method(s, len, q, pasting, &b))
			continue;
		xgrow((void **)out, &cap, n + 1, sizeof(**out));
		(*out)[n++] = b;
	}
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
			nbodies = llseek_bodies(s, len, &bodies);
			looked = true;
		}
		for (k = 0; k < nbodies && !(bodies[k].open < i && i < bodies[k].close); k++)
			;
		maybe = k == nbodies;
	}
	free(bodies);
	return maybe;
}

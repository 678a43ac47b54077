// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/fops_text.h"

#include "input/handoff_text.h"
#include "facts/vfs_opens.h"
#include "util/container.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WORD(w) w, sizeof(w) - 1

const char *const ss_data_methods[] = {
	"read", "write", "aio_read", "aio_write", "readv", "writev",
	"read_iter", "write_iter", NULL
};
const char *const ss_read_methods[] = { "read", "aio_read", "readv", "read_iter", NULL };
const char *const ss_write_methods[] = { "write", "aio_write", "writev", "write_iter", NULL };

/* A span of the text: an identifier, usually. */
struct span {
	size_t at, n;
};

static bool span_is(const char *s, struct span w, const char *text)
{
	return w.n == strlen(text) && memcmp(s + w.at, text, w.n) == 0;
}

static bool span_in(const char *s, struct span w, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (span_is(s, w, list[i]))
			return true;
	return false;
}

/* Whether the word `w` occurs in [at, end). */
static bool span_within(const char *s, size_t at, size_t end, struct span w)
{
	for (; at + w.n <= end; at++)
		if (ss_ctext_word_at(s, end, at, s + w.at, w.n))
			return true;
	return false;
}

/* The sheet being filled, and the variables whose handoffs are still to
   be read: one pass over the text answers for all of them. */
struct sheet {
	struct ss_facts *out;
	struct wanted {
		char *name;
		size_t fops;	/* its index on the sheet */
		enum ss_tri llseek, open;	/* it has them; unknown: a value the
						   parse may read otherwise */
		bool unhonoured;	/* a method that decides whether pread honours
					   the position is surely not one of this file */
	} *wanted;
	size_t n, cap;
};

/* One file_operations initializer, and what its text shows around it. */
/*
 * The whole-word occurrences of a name in the text.  The first lookups
 * search the text; past a few, an index of every word is made once, so
 * that a text with thousands of methods is not read once for each.
 */
#define WORDS_SEARCHED 16

struct words {
	const char *s;
	size_t len;
	unsigned lookups;
	bool indexed;
	struct ss_map first;		/* word -> its first occurrence in at[] */
	size_t *at, *next, n;		/* every word in order; the next of the same */
};

struct word_walk {
	size_t k;			/* in at[], when the walk uses the index */
	bool indexed;
};

static void index_words(struct words *w)
{
	size_t cap = 0, i = 0;

	while (i < w->len) {
		size_t end = i;

		while (end < w->len && ss_ctext_ident_char(w->s[end]))
			end++;
		if (end == i) {
			i++;
			continue;
		}
		xgrow((void **)&w->at, &cap, w->n + 1, sizeof(*w->at));
		w->at[w->n++] = i;
		i = end;
	}
	w->next = xcalloc(w->n ? w->n : 1, sizeof(*w->next));
	for (size_t k = w->n; k-- > 0;) {
		size_t len = ss_ctext_ident_end(w->s, w->len, w->at[k]) - w->at[k];
		bool added;
		size_t *first = ss_map_put(&w->first, w->s + w->at[k], len, k, &added);

		w->next[k] = added ? SIZE_MAX : *first;
		*first = k;
	}
	w->indexed = true;
}

/* The occurrence of `name` after `from` (SIZE_MAX: the first), or SIZE_MAX. */
static size_t word_after(struct words *w, struct span name, struct word_walk *walk, size_t from)
{
	const char *s = w->s, *at;

	if (from == SIZE_MAX) {
		if (!w->indexed && ++w->lookups > WORDS_SEARCHED)
			index_words(w);
		walk->indexed = w->indexed;
		if (walk->indexed) {
			size_t *k = ss_map_get(&w->first, s + name.at, name.n);

			walk->k = k ? *k : SIZE_MAX;
			return k ? w->at[*k] : SIZE_MAX;
		}
		at = s;
	} else if (walk->indexed) {
		walk->k = w->next[walk->k];
		return walk->k == SIZE_MAX ? SIZE_MAX : w->at[walk->k];
	} else {
		at = s + from + name.n;
	}
	while ((at = memmem(at, w->len - (size_t)(at - s), s + name.at, name.n))) {
		size_t i = (size_t)(at - s);

		if (ss_ctext_word_at(s, w->len, i, s + name.at, name.n))
			return i;
		at += name.n;
	}
	return SIZE_MAX;
}

static void words_free(struct words *w)
{
	ss_map_free(&w->first);
	free(w->at);
	free(w->next);
}

struct context {
	const char *s;
	size_t len;
	struct span name;	/* the variable; none when pasted together (`x##_fops`) */
	bool macro;		/* in the body of a #define */
	struct span params;	/* that macro's parameter list, if it has one */
	bool pasting;		/* the text pastes tokens (`##`) somewhere */
	struct sheet *sheet;
	struct words *words;	/* of the whole text */
};

/* A data method entry: the member and its value. */
struct method {
	struct span member, value;	/* value none: not one identifier */
};

/* The members of one initializer that matter here. */
struct entries {
	bool named;		/* a data method or .llseek, NULL ones too */
	bool data;
	bool has_llseek, has_open;
	struct span llseek, open;	/* none: not one identifier (`x##_open`) */
	struct method methods[8];	/* every data method (#ifdef'd twice: both) */
	size_t nmethods;
	bool more;		/* more than fit */
};

/*
 * Read the designated entries of the braces [open, close]; false when an
 * entry is anything else (positional, a macro, an #if inside a value).  An
 * entry set to NULL is no entry: the parse sees no method there either.
 */
static bool read_entries(const char *s, size_t len, size_t open, size_t close,
			 struct entries *e)
{
	struct ss_ctext_entry *v;
	size_t n = ss_ctext_entries(s, len, open, close, &v);
	bool ok = true;

	memset(e, 0, sizeof(*e));
	for (size_t i = 0; i < n && ok; i++) {
		struct span member = { v[i].member, v[i].member_len };
		struct span value = { v[i].value, v[i].value_len };
		bool llseek = span_is(s, member, "llseek");

		if (!member.n || v[i].directive) {
			ok = false;
		} else if (span_is(s, value, "NULL")) {
			e->named |= span_is(s, member, "llseek") || span_in(s, member, ss_data_methods);
		} else if (llseek || span_is(s, member, "open")) {
			/* Twice (#ifdef branches): which one counts is the compiler's call. */
			bool *seen = llseek ? &e->has_llseek : &e->has_open;

			ok = !*seen;
			*seen = true;
			*(llseek ? &e->llseek : &e->open) = value;
			e->named |= llseek;
		} else if (span_in(s, member, ss_data_methods)) {
			e->data = e->named = true;
			if (e->nmethods < sizeof(e->methods) / sizeof(e->methods[0]))
				e->methods[e->nmethods++] = (struct method){ member, value };
			else
				e->more = true;
		}
	}
	free(v);
	return ok;
}

/* Whether the braces [open, close] hold a call to one of the VFS's
   nonseekable opens (`only`, when not NULL: that one), outside #if. */
static bool body_calls(const char *s, size_t len, size_t open, size_t close, const char *only)
{
	bool found = false;
	size_t i = open + 1;

	while ((i = ss_ctext_skip_noise(s, len, i)) < close) {
		size_t end;

		/* A directive may hide the call from the compiler. */
		if (s[i] == '#' && ss_ctext_line_start(s, i))
			return false;
		end = ss_ctext_ident_end(s, len, i);
		if (end == i) {
			i++;
			continue;
		}
		if (ss_vfs_open_nonseekable_call(s, close, i, end) &&
		    (!only || (strlen(only) == end - i && memcmp(s + i, only, end - i) == 0)))
			found = true;
		i = end;
	}
	return found;
}

/* A definition of a function in the text: where its parameter list and
   its body open and close. */
struct definition {
	size_t params, params_end, body, body_end;
};

/*
 * Whether the text defines the function `name`, and every definition of it
 * satisfies `holds`; false when there is none, or one is cut short.
 */
static bool every_definition(struct words *w, struct span name,
			     bool (*holds)(const char *s, size_t len, const struct definition *d,
					   void *arg),
			     void *arg)
{
	const char *s = w->s;
	size_t len = w->len, defs = 0, i = SIZE_MAX;
	struct word_walk walk;

	while ((i = word_after(w, name, &walk, i)) != SIZE_MAX) {
		struct definition d;

		d.params = ss_ctext_skip_blank(s, len, i + name.n);
		if (d.params >= len || s[d.params] != '(')
			continue;
		d.params_end = ss_ctext_closing(s, len, d.params);
		if (d.params_end >= len)
			return false;
		d.body = ss_ctext_skip_blank(s, len, d.params_end + 1);
		if (d.body >= len || s[d.body] != '{')
			continue;
		d.body_end = ss_ctext_closing(s, len, d.body);
		defs++;
		if (!holds(s, len, &d, arg))
			return false;
	}
	return defs > 0;
}

static bool calls_nonseekable(const char *s, size_t len, const struct definition *d, void *arg)
{
	return body_calls(s, len, d->body, d->body_end, arg);
}

/* Whether every definition of the open method `name` in the text calls one
   of the nonseekable opens itself; false when there is none. */
static bool open_is_nonseekable(struct words *w, struct span name)
{
	return ss_vfs_open_nonseekable(w->s + name.at, name.n) ||
	       every_definition(w, name, calls_nonseekable, NULL);
}

/* Whether the open method `name` is stream_open() or every definition of
   it in the text calls stream_open() itself (the model's open_stream). */
static bool open_is_stream(struct words *w, struct span name)
{
	return span_is(w->s, name, "stream_open") ||
	       every_definition(w, name, calls_nonseekable, (void *)"stream_open");
}

/*
 * Whether the function `name` is surely not defined in the text, so that
 * the parse would find no body for it: every mention of it is a value
 * after `=` or a GNU-style `member:`, and nothing is pasted together (`##`)
 * that could spell it.  A definition, a prototype, a macro argument or a
 * #define of it is preceded by something else.
 */
static bool defined_elsewhere(const struct context *c, struct span name)
{
	const char *s = c->s;
	size_t i = SIZE_MAX;
	struct word_walk walk;

	if (c->pasting)
		return false;
	while ((i = word_after(c->words, name, &walk, i)) != SIZE_MAX) {
		size_t b = ss_ctext_back_blank(s, i);

		if (b == 0 || (s[b - 1] != '=' && s[b - 1] != ':'))
			return false;
	}
	return true;
}

/* Whether the value `v` of a macro's body may be what its caller passes. */
static bool macro_argument(const struct context *c, struct span v)
{
	return c->macro && (!v.n || span_within(c->s, c->params.at, c->params.at + c->params.n, v));
}

/*
 * What the open method shows of seekability: it makes the file
 * nonseekable; it is defined elsewhere and is none of the VFS's seekable
 * opens (the parse then cannot tell what it does either); there is none,
 * or it is a seekable VFS open.  Anything else is unknown.
 */
static void open_facts(const struct context *c, const struct entries *e, struct ss_fops_facts *f)
{
	if (!e->has_open) {
		f->open_seekable = SS_YES;
		f->open_nonseekable = f->open_stream = SS_NO;
	} else if (!e->open.n || macro_argument(c, e->open)) {
		f->open_seekable = f->open_nonseekable = f->open_stream = SS_UNKNOWN;
	} else if (open_is_nonseekable(c->words, e->open)) {
		f->open_seekable = SS_NO;
		f->open_nonseekable = SS_YES;
		if (open_is_stream(c->words, e->open))
			f->open_stream = SS_YES;
		else if (span_is(c->s, e->open, "nonseekable_open"))
			f->open_stream = SS_NO;
	} else if (ss_vfs_open_seekable(c->s + e->open.at, e->open.n)) {
		f->open_seekable = SS_YES;
		f->open_nonseekable = f->open_stream = SS_NO;
	} else if (defined_elsewhere(c, e->open)) {
		/* the model's open_stream is of an open defined here */
		f->open_seekable = f->open_nonseekable = f->open_stream = SS_NO;
	}
}

/* The name of the parameter of the list [open, close] whose `,`-separated
   part [from, to) is: its last identifier.  False when it has none. */
static bool param_name(const char *s, size_t from, size_t to, struct span *name)
{
	size_t end = to;

	while (end > from && !ss_ctext_ident_char(s[end - 1]))
		end--;
	name->n = 0;
	while (end > from && ss_ctext_ident_char(s[end - 1])) {
		end--;
		name->n++;
	}
	name->at = end;
	return name->n > 0;
}

/*
 * The parameter `k` of the list [open, close] (0 the first): where it
 * starts and ends.  False when the list has fewer.
 */
static bool nth_param(const char *s, size_t open, size_t close, unsigned k,
		      size_t *from, size_t *to)
{
	size_t i = open + 1;
	unsigned commas = 0;

	*from = open;
	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		if (s[i] == '(' || s[i] == '[') {
			i = ss_ctext_closing(s, close, i);
			continue;
		}
		if (s[i] == ',') {
			if (commas == k) {
				*to = i;
				return true;
			}
			commas++;
			*from = i;
		}
		i++;
	}
	*to = close;
	return commas == k;
}

/*
 * The position parameter's name of a read or write method whose parameter
 * list is [open, close]: the last of four, declared `loff_t *`.  False when
 * the list is not of that shape.
 */
static bool position_param(const char *s, size_t open, size_t close, struct span *name)
{
	size_t from, to;

	if (!nth_param(s, open, close, 3, &from, &to) || to != close ||
	    !memmem(s + from, to - from, WORD("loff_t")))
		return false;
	return param_name(s, from, to, name) && !span_is(s, *name, "loff_t");
}

/*
 * Whether the mention of the position parameter at [at, end) only stores
 * or advances what it points to (`*ppos = n`, `*ppos += n`): no read of
 * the position, as the parse counts reads (position_reads).
 */
static bool store_only(const char *s, size_t close, size_t at, size_t end)
{
	size_t before = ss_ctext_back_blank(s, at), after = ss_ctext_skip_blank(s, close, end);

	if (before == 0 || s[before - 1] != '*' || after + 1 >= close)
		return false;
	/* `a * ppos` multiplies nothing: a '*' after a value is no dereference.
	   After `if (...)`, `else` or `return` it is one. */
	before = ss_ctext_back_blank(s, before - 1);
	if (before > 0 && ss_ctext_ident_char(s[before - 1]) &&
	    !(before >= 4 && ss_ctext_word_at(s, before, before - 4, WORD("else"))) &&
	    !(before >= 6 && ss_ctext_word_at(s, before, before - 6, WORD("return"))))
		return false;
	if (s[after] == '=')
		return s[after + 1] != '=';
	return (s[after] == '+' || s[after] == '-') && s[after + 1] == '=';
}

/* The text of the file, as the look into a method's helpers needs it. */
struct text {
	const char *s;
	size_t len;
	bool pasting;		/* it pastes tokens (`##`) somewhere */
	struct words *words;	/* of the whole text */
};

static bool body_reads(const struct text *t, size_t open, size_t close, struct span name,
		       unsigned depth);

/*
 * Whether every mention of the function `name` in the code is a call the
 * parse would find no definition for: `name(` after anything but a word (a
 * type, `define`) or a `*`, with no body after it.  A macro's name
 * (capitals) or a text that pastes tokens may hide one.
 */
static bool called_elsewhere(const struct text *t, struct span name)
{
	const char *s = t->s;
	size_t i = SIZE_MAX, code_from = 0;
	struct word_walk walk;
	bool lower = false;

	for (size_t k = 0; k < name.n; k++)
		lower |= s[name.at + k] >= 'a' && s[name.at + k] <= 'z';
	if (!lower || t->pasting)
		return false;
	while ((i = word_after(t->words, name, &walk, i)) != SIZE_MAX) {
		size_t b, p, q;

		if (!ss_ctext_in_code_from(s, t->len, &code_from, i))
			continue;
		b = ss_ctext_back_blank(s, i);
		p = ss_ctext_skip_blank(s, t->len, i + name.n);
		if ((b && (s[b - 1] == '*' || (ss_ctext_ident_char(s[b - 1]) &&
					       !(b >= 6 && ss_ctext_word_at(s, b, b - 6, WORD("return")))))) ||
		    p >= t->len || s[p] != '(')
			return false;
		q = ss_ctext_skip_blank(s, t->len, ss_ctext_closing(s, t->len, p) + 1);
		if (q >= t->len || s[q] == '{')
			return false;
	}
	return true;
}

static bool any(const char *s, size_t len, const struct definition *d, void *arg)
{
	(void)s, (void)len, (void)d, (void)arg;
	return true;
}

/*
 * Whether an argument of the call whose `(` is at `paren` names a function
 * the text defines: a macro from a header may call it, handing it what the
 * text shows handed to the macro.
 */
static bool passes_own_function(const struct text *t, size_t paren)
{
	const char *s = t->s;
	size_t close = ss_ctext_closing(s, t->len, paren), i = paren + 1;

	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		size_t end = ss_ctext_ident_end(s, close, i);
		struct span w = { i, end - i };

		if (end == i) {
			i++;
			continue;
		}
		if (!ss_ctext_member_at(s, i) && every_definition(t->words, w, any, NULL))
			return true;
		i = end;
	}
	return false;
}

struct param_read {
	const struct text *t;
	unsigned k;		/* which parameter */
	unsigned depth;
};

/* Whether the definition surely reads its parameter k; none written in a
   macro's body, which the parse sees where it is used. */
static bool reads_param(const char *s, size_t len, const struct definition *d, void *arg)
{
	const struct param_read *r = arg;
	struct span param;
	size_t from, to, line = d->params;

	(void)len;
	while (line > 0 && s[line - 1] != '\n')
		line--;
	if (ss_ctext_directive_at(s, d->params, line) != SS_CTEXT_NONE ||
	    !nth_param(s, d->params, d->params_end, r->k, &from, &to) ||
	    !param_name(s, from, to, &param))
		return false;
	return body_reads(r->t, d->body, d->body_end, param, r->depth);
}

/*
 * Whether the mention [at, end) of a parameter in the body [open, close],
 * neither a member nor a store through it, surely reads it the way the
 * parse counts reads.  Handed whole to a call (past parentheses), it reads
 * it when the callee is one the parse finds no definition of, or one whose
 * every definition reads what it is given; past a cast the text cannot
 * tell.
 */
static bool mention_reads(const struct text *t, size_t open, size_t close, size_t at, size_t end,
			  unsigned depth)
{
	const char *s = t->s;
	size_t b, a, paren, from;
	unsigned k = 0;
	struct span callee;

	for (;;) {
		b = ss_ctext_back_blank(s, at);
		a = ss_ctext_skip_blank(s, close, end);
		if (b <= open + 1 || a >= close)
			return true;
		if (s[b - 1] != '(' || s[a] != ')')
			break;
		from = ss_ctext_back_blank(s, b - 1);
		if (from && (ss_ctext_ident_char(s[from - 1]) || s[from - 1] == ')' ||
			     s[from - 1] == ']'))
			break;
		at = b - 1;	/* only parentheses */
		end = a + 1;
	}
	if (s[b - 1] == ')')
		return false;	/* a cast, which the parse sees through */
	if ((s[b - 1] != '(' && s[b - 1] != ',') || (s[a] != ',' && s[a] != ')'))
		return true;
	paren = s[b - 1] == '(' ? b - 1 : ss_ctext_innermost_open(s, open + 1, at);
	if (paren == SS_CTEXT_NONE || s[paren] != '(')
		return true;	/* an initializer's element */
	from = ss_ctext_back_blank(s, paren);
	if (from && (s[from - 1] == ')' || s[from - 1] == ']'))
		return false;	/* a call through a pointer, or a cast */
	if (!ss_ctext_call_paren(s, paren))
		return true;	/* `if (x, ppos)`: a comma operator */
	for (size_t i = paren + 1; (i = ss_ctext_skip_noise(s, at, i)) < at; i++) {
		if (s[i] == '(' || s[i] == '[' || s[i] == '{')
			i = ss_ctext_closing(s, at, i);
		else if (s[i] == ',')
			k++;
	}
	callee.at = from;
	while (callee.at > 0 && ss_ctext_ident_char(s[callee.at - 1]))
		callee.at--;
	callee.n = from - callee.at;
	if (called_elsewhere(t, callee))
		return !passes_own_function(t, paren);
	if (depth >= SS_FOLLOW_DEPTH)
		return false;
	{
		struct param_read r = { t, k, depth + 1 };

		return every_definition(t->words, callee, reads_param, &r);
	}
}

/*
 * Whether the body [open, close] surely reads the parameter `name`, the way
 * the parse counts a read: a plain mention other than a store or an
 * advance through it, or one handed to a function that surely reads it, in
 * a body without directives (a branch not taken may hold the only one) and
 * without f_pos (a test of the position against it may be one that refuses
 * nothing).
 */
static bool body_reads(const struct text *t, size_t open, size_t close, struct span name,
		       unsigned depth)
{
	const char *s = t->s;
	bool read = false;
	size_t i = open + 1;

	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		size_t end = ss_ctext_ident_end(s, close, i);
		struct span w = { i, end - i };

		if (s[i] == '#' && ss_ctext_line_start(s, i))
			return false;
		if (end == i) {
			i++;
			continue;
		}
		if (span_is(s, w, "f_pos"))
			return false;
		if (!read && w.n == name.n && memcmp(s + i, s + name.at, name.n) == 0 &&
		    !ss_ctext_member_at(s, i) && !store_only(s, close, i, end) &&
		    mention_reads(t, open, close, i, end, depth))
			read = true;
		i = end;
	}
	return read;
}

static bool reads_its_position(const char *s, size_t len, const struct definition *d, void *arg)
{
	struct span position;

	(void)len;
	return position_param(s, d->params, d->params_end, &position) &&
	       body_reads(arg, d->body, d->body_end, position, 0);
}

/*
 * Whether the text defines the read or write method `name`, and every
 * definition of it surely reads its position: then no file_operations
 * naming it is stream-like.
 */
static bool method_reads_position(const struct context *c, struct span name)
{
	struct text t = { c->s, c->len, c->pasting, c->words };

	return every_definition(c->words, name, reads_its_position, &t);
}

/* The entry of a data method `member`, or NULL; *twice when the
   initializer names it more than once (#ifdef branches). */
static const struct method *method_entry(const char *s, const struct entries *e,
					 const char *member, bool *twice)
{
	const struct method *found = NULL;

	for (size_t i = 0; i < e->nmethods; i++) {
		if (!span_is(s, e->methods[i].member, member))
			continue;
		*twice |= found != NULL;
		found = &e->methods[i];
	}
	return found;
}

/* Whether the value of the method entry is surely defined elsewhere. */
static bool entry_elsewhere(const struct context *c, const struct method *m)
{
	return m->value.n && !macro_argument(c, m->value) && defined_elsewhere(c, m->value);
}

/*
 * Whether what pread does surely does not honour the position as the
 * model judges it (model/query.c, SS_DOUBT_POSITIONAL): a method of the
 * read members (none: of the write members) is defined elsewhere, or the
 * fops has none of either.
 */
static bool surely_unhonoured(const struct context *c, const struct entries *e)
{
	bool twice = false, any = false, elsewhere = false;

	if (e->more)
		return false;
	for (const char *const *list = ss_read_methods; list && !any;
	     list = list == ss_read_methods ? ss_write_methods : NULL) {
		for (size_t j = 0; list[j]; j++) {
			const struct method *m = method_entry(c->s, e, list[j], &twice);

			any |= m != NULL;
			elsewhere |= m && entry_elsewhere(c, m);
		}
	}
	return !twice && (!any || elsewhere);
}

/* Whether the entry's value is one the model reads as the text does: one
   identifier, not a macro's argument. */
static enum ss_tri plain_entry(const struct context *c, bool has, struct span value)
{
	if (!has)
		return SS_NO;
	return value.n && !macro_argument(c, value) ? SS_YES : SS_UNKNOWN;
}

/* Read later where the text hands the variable: to an anonymous file
   maker, its files are never opened. */
static void want_handoff(const struct context *c, const struct entries *e, size_t fops)
{
	struct sheet *sh = c->sheet;
	struct wanted *w;

	if (!c->name.n || c->macro)
		return;
	xgrow((void **)&sh->wanted, &sh->cap, sh->n + 1, sizeof(*sh->wanted));
	w = &sh->wanted[sh->n++];
	w->name = xstrndup(c->s + c->name.at, c->name.n);
	w->fops = fops;
	w->llseek = plain_entry(c, e->has_llseek, e->llseek);
	w->open = plain_entry(c, e->has_open, e->open);
	w->unhonoured = surely_unhonoured(c, e);
}

/*
 * Before 2.6.8 a method refused pread itself by comparing its position
 * with &file->f_pos (model/query.c): the methods pread and pwrite reach
 * (.read, else .aio_read; the same for writes) must be defined here, and
 * an f_pos reached outside an llseek method must be in the text.
 */
static enum ss_tri methods_refuse_pread(const struct context *c, const struct entries *e)
{
	bool any = false, twice = false;

	if (e->more)
		return SS_UNKNOWN;
	for (int write = 0; write <= 1; write++) {
		const struct method *m = method_entry(c->s, e, write ? "write" : "read", &twice);

		if (!m)
			m = method_entry(c->s, e, write ? "aio_write" : "aio_read", &twice);
		if (m && entry_elsewhere(c, m) && !twice)
			return SS_NO;
		any |= m != NULL;
	}
	if (!any || c->sheet->out->fpos_member == SS_NO)
		return SS_NO;
	return SS_UNKNOWN;
}

/* What the text shows of .llseek. */
static void llseek_facts(const struct context *c, const struct entries *e,
			 struct ss_fops_facts *f)
{
	const char *s = c->s;

	f->llseek = ss_tri_of(e->has_llseek);
	if (!e->has_llseek) {
		f->no_llseek = f->own_llseek = f->refuses_lseek = SS_NO;
	} else if (!e->llseek.n || macro_argument(c, e->llseek)) {
		f->no_llseek = f->own_llseek = f->refuses_lseek = SS_UNKNOWN;
	} else if (span_is(s, e->llseek, "no_llseek")) {
		f->no_llseek = f->refuses_lseek = SS_YES;
		f->own_llseek = SS_NO;
	} else {
		f->no_llseek = SS_NO;
		f->own_llseek = ss_tri_of(!span_is(s, e->llseek, "noop_llseek"));
		/* A method of this file that only returns -ESPIPE needs one spelled. */
		f->refuses_lseek = c->sheet->out->espipe_llseek == SS_NO ? SS_NO : SS_UNKNOWN;
	}
}

/*
 * What the text shows of each data method: one surely defined elsewhere
 * is not here; a .read or .write whose every definition surely reads its
 * position uses and examines it.
 */
static void method_facts(const struct context *c, const struct entries *e,
			 struct ss_fops_facts *f)
{
	for (size_t i = 0; i < e->nmethods; i++) {
		const struct method *m = &e->methods[i];
		struct ss_method_facts *mf = ss_fops_facts_add_method(f);

		if (!m->value.n)
			continue;
		if (defined_elsewhere(c, m->value))
			mf->here = SS_NO;
		if ((span_is(c->s, m->member, "read") || span_is(c->s, m->member, "write")) &&
		    method_reads_position(c, m->value))
			mf->uses_position = mf->examines_position = SS_YES;
	}
	if (e->more)
		ss_fops_facts_add_method(f);
}

/* The facts of one initializer whose entries were read. */
static void entries_facts(const struct context *c, const struct entries *e)
{
	struct ss_facts *out = c->sheet->out;
	struct ss_fops_facts *f = ss_facts_add_fops(out);

	f->names_method = ss_tri_of(e->named);
	f->data = ss_tri_of(e->data);
	llseek_facts(c, e, f);
	open_facts(c, e, f);
	method_facts(c, e, f);
	f->methods_refuse_pread = methods_refuse_pread(c, e);
	want_handoff(c, e, (size_t)(f - out->fops));
}

/* Whether the statement holding offset `i` starts with `typedef`. */
static bool in_typedef(const char *s, size_t i)
{
	size_t start = i;

	while (start > 0 && s[start - 1] != ';' && s[start - 1] != '}' && s[start - 1] != '{')
		start--;
	start = ss_ctext_skip_blank(s, i, start);
	return ss_ctext_word_at(s, i, start, WORD("typedef"));
}

/*
 * Whether the byte at `i` lies in the body of a #define, and where that
 * macro's parameter list is (none for an object-like macro).
 */
static bool in_define(const char *s, size_t len, size_t i, struct span *params)
{
	size_t start = i, p, name;

	for (;;) {	/* back to the first line of a continued one */
		size_t b;

		while (start > 0 && s[start - 1] != '\n')
			start--;
		b = start >= 1 ? start - 1 : 0;
		if (b > 0 && s[b - 1] == '\r')
			b--;
		if (b == 0 || s[b - 1] != '\\')
			break;
		start = b - 1;
	}
	p = ss_ctext_directive_at(s, len, start);
	if (p == SS_CTEXT_NONE || !ss_ctext_word_at(s, len, p, WORD("define")))
		return false;
	p = ss_ctext_skip_blank(s, len, p + sizeof("define") - 1);
	name = ss_ctext_ident_end(s, len, p);
	params->at = name;
	params->n = 0;
	if (name < len && s[name] == '(')	/* no blank before a parameter list */
		params->n = ss_ctext_closing(s, len, name) - name;
	return true;
}

/*
 * The declarator of a file_operations variable at `p`: its name, pasted
 * together in a macro (`name##_fops`), then an array's brackets and
 * attribute words (`__maybe_unused`, `__ro_after_init`).  Offset of what
 * follows it, or `p` when it is not of that shape.
 */
static size_t declarator(const char *s, size_t len, size_t p, struct span *name, bool *array)
{
	size_t end = ss_ctext_ident_end(s, len, p), q;

	*name = (struct span){ p, end - p };
	*array = false;
	if (end == p)
		return p;
	while ((q = ss_ctext_skip_blank(s, len, end)) + 1 < len && s[q] == '#' && s[q + 1] == '#') {
		q = ss_ctext_skip_blank(s, len, q + 2);
		end = ss_ctext_ident_end(s, len, q);
		if (end == q)
			return p;
		name->n = 0;
	}
	if (q < len && s[q] == '[') {
		end = ss_ctext_closing(s, len, q);
		if (end >= len)
			return p;
		*array = true;
		q = ss_ctext_skip_blank(s, len, end + 1);
	}
	while (q + 1 < len && s[q] == '_' && s[q + 1] == '_') {
		end = ss_ctext_ident_end(s, len, q);
		q = ss_ctext_skip_blank(s, len, end);
		if (q < len && s[q] == '(') {
			end = ss_ctext_closing(s, len, q);
			if (end >= len)
				return p;
			q = ss_ctext_skip_blank(s, len, end + 1);
		}
	}
	return q;
}

/* A file_operations the scan cannot read: nothing is known of it. */
static void unread(struct sheet *sh)
{
	ss_facts_add_fops(sh->out);
}

/* One initializer's braces [open, close]. */
static void initializer_facts(const struct context *c, size_t open, size_t close)
{
	struct entries e;

	if (read_entries(c->s, c->len, open, close, &e))
		entries_facts(c, &e);
	else
		unread(c->sheet);
}

/* An array's braces [open, close]: each element an initializer of its own. */
static void elements_facts(const struct context *c, size_t open, size_t close)
{
	size_t i = ss_ctext_skip_blank(c->s, c->len, open + 1);

	while (i < close) {
		size_t end;

		if (c->s[i] != '{') {
			unread(c->sheet);	/* `[0] = {`, a macro, a directive */
			return;
		}
		end = ss_ctext_closing(c->s, c->len, i);
		if (end >= close) {
			unread(c->sheet);
			return;
		}
		initializer_facts(c, i, end);
		i = ss_ctext_skip_blank(c->s, c->len, end + 1);
		if (i < close && c->s[i] != ',') {
			unread(c->sheet);
			return;
		}
		if (i < close)
			i = ss_ctext_skip_blank(c->s, c->len, i + 1);
	}
}

/*
 * One mention of file_operations at `i`: nothing when it is a pointer or a
 * declaration, the facts of each initializer, an unread one for anything
 * else.
 */
static void mention_facts(const char *s, size_t len, size_t i, bool pasting, struct sheet *sh,
			  struct words *words)
{
	struct context c = { .s = s, .len = len, .pasting = pasting, .sheet = sh, .words = words };
	size_t p = ss_ctext_skip_blank(s, len, i + sizeof("file_operations") - 1), q;
	size_t open, close;
	bool array;

	if (p >= len)
		return;
	if (s[p] == '*' || s[p] == '{' || s[p] == ';' || s[p] == ',')
		return;	/* a pointer, the struct's definition, a declaration */
	if (s[p] == ')') {	/* a cast, or a compound literal */
		p = ss_ctext_skip_blank(s, len, p + 1);
		if (p < len && s[p] == '{')
			unread(sh);
		return;
	}
	q = declarator(s, len, p, &c.name, &array);
	if (q == p || q >= len) {
		unread(sh);
		return;
	}
	if (s[q] == ';' || s[q] == ',' || s[q] == ')') {
		if (in_typedef(s, i))
			unread(sh);
		return;
	}
	open = ss_ctext_skip_blank(s, len, q + 1);
	if (s[q] != '=' || open >= len || s[open] != '{') {
		unread(sh);
		return;
	}
	close = ss_ctext_closing(s, len, open);
	if (close >= len) {
		unread(sh);
		return;
	}
	c.macro = in_define(s, len, i, &c.params);
	if (array)
		elements_facts(&c, open, close);
	else
		initializer_facts(&c, open, close);
	p = ss_ctext_skip_blank(s, len, close + 1);
	/* `= {...}, other = {...};` */
	if (c.macro && p >= ss_ctext_line_end(s, len, open))
		return;	/* the caller writes the `;` */
	if (p >= len || s[p] != ';')
		unread(sh);
}

/*
 * Whether the case is doubtful as the model judges it (ss_seek_doubt,
 * model/query.c): with an .llseek, a read (or write) honouring the
 * position or files made elsewhere; without, files made elsewhere or a
 * control file.  Made elsewhere: no open, and neither registered as a
 * device nor made a named file.
 */
static enum ss_tri debatable(const struct wanted *w, unsigned handed)
{
	enum ss_tri elsewhere = ss_and(ss_not(w->open),
				       ss_tri_of(!(handed & (SS_HANDED_DEVICE | SS_HANDED_CONTROL))));
	enum ss_tri control = ss_tri_of((handed & SS_HANDED_CONTROL) && !(handed & SS_HANDED_DEVICE));
	enum ss_tri positional = w->unhonoured ? SS_NO : SS_UNKNOWN;

	return ss_or(ss_and(w->llseek, ss_or(positional, elsewhere)),
		     ss_and(ss_not(w->llseek), ss_or(elsewhere, control)));
}

/* Where the text hands the variables asked for: the anonymous ones. */
static void read_handoffs(const char *s, size_t len, struct sheet *sh)
{
	unsigned *handed = xcalloc(sh->n ? sh->n : 1, sizeof(*handed));
	const char **names = xcalloc(sh->n ? sh->n : 1, sizeof(*names));

	for (size_t k = 0; k < sh->n; k++)
		names[k] = sh->wanted[k].name;
	ss_handoff_text(s, len, names, sh->n, handed);
	for (size_t k = 0; k < sh->n; k++) {
		struct ss_fops_facts *f = &sh->out->fops[sh->wanted[k].fops];

		f->pseudo = ss_tri_of(handed[k] & SS_HANDED_PSEUDO);
		f->proc = ss_tri_of(handed[k] & SS_HANDED_PROC);
		f->debatable = debatable(&sh->wanted[k], handed[k]);
		free(sh->wanted[k].name);
	}
	free(names);
	free(handed);
	free(sh->wanted);
}

void ss_fops_text_facts(const char *s, size_t len, struct ss_facts *out)
{
	const char *at = s;
	bool pasting = memmem(s, len, "##", 2) != NULL;
	struct sheet sh = { .out = out };
	struct words words = { .s = s, .len = len };
	size_t code_from = 0;

	while ((at = memmem(at, len - (size_t)(at - s), WORD("file_operations")))) {
		size_t i = (size_t)(at - s), before = out->nfops;

		at += sizeof("file_operations") - 1;
		if (!ss_ctext_word_at(s, len, i, WORD("file_operations")))
			continue;
		mention_facts(s, len, i, pasting, &sh, &words);
		/* A comment or a string only speaks of one. */
		if (out->nfops > before && !ss_ctext_in_code_from(s, len, &code_from, i)) {
			while (sh.n > 0 && sh.wanted[sh.n - 1].fops >= before)
				free(sh.wanted[--sh.n].name);
			out->nfops = before;
		}
	}
	read_handoffs(s, len, &sh);
	words_free(&words);
}

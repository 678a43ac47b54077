// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/fops_text.h"

#include "util/ctext.h"

#include <stdlib.h>
#include <string.h>

#define WORD(w) w, sizeof(w) - 1

static const char *const data_methods[] = {
	"read", "write", "aio_read", "aio_write", "readv", "writev",
	"read_iter", "write_iter", NULL
};

static const char *const nonseekable_calls[] = {
	"nonseekable_open", "stream_open", "simple_attr_open", NULL
};

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

/* The members of one initializer that matter here. */
struct entries {
	bool data;
	bool has_llseek, has_open;
	struct span llseek, open;
	struct span rw[4];	/* the .read and .write methods (#ifdef'd twice: both) */
	size_t nrw;
};

/*
 * Read the designated entries of the braces [open, close]; false when an
 * entry is anything else (positional, a macro, an #if inside a value).
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
		} else if (llseek || span_is(s, member, "open")) {
			/* Twice (#ifdef branches): which one counts is the compiler's call. */
			bool *seen = llseek ? &e->has_llseek : &e->has_open;

			ok = value.n && !*seen;
			*seen = true;
			*(llseek ? &e->llseek : &e->open) = value;
		} else if (span_in(s, member, data_methods)) {
			e->data = true;
			if ((span_is(s, member, "read") || span_is(s, member, "write")) &&
			    value.n && e->nrw < sizeof(e->rw) / sizeof(e->rw[0]))
				e->rw[e->nrw++] = value;
		}
	}
	free(v);
	return ok;
}

/* Whether the braces [open, close] hold a call to one of `calls`, outside #if. */
static bool body_calls(const char *s, size_t len, size_t open, size_t close,
		       const char *const *calls)
{
	bool found = false;
	size_t i = open + 1;

	while ((i = ss_ctext_skip_noise(s, len, i)) < close) {
		size_t end;
		struct span w;

		/* A directive may hide the call from the compiler. */
		if (s[i] == '#' && ss_ctext_line_start(s, i))
			return false;
		end = ss_ctext_ident_end(s, len, i);
		if (end == i) {
			i++;
			continue;
		}
		w.at = i;
		w.n = end - i;
		if (span_in(s, w, calls) && (i == 0 || !ss_ctext_ident_char(s[i - 1]))) {
			size_t p = ss_ctext_skip_blank(s, len, end);

			if (p < close && s[p] == '(')
				found = true;
		}
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
static bool every_definition(const char *s, size_t len, struct span name,
			     bool (*holds)(const char *s, size_t len, const struct definition *d))
{
	const char *at = s;
	size_t defs = 0;

	while ((at = memmem(at, len - (size_t)(at - s), s + name.at, name.n))) {
		size_t i = (size_t)(at - s);
		struct definition d;

		at += name.n;
		if (!ss_ctext_word_at(s, len, i, s + name.at, name.n))
			continue;
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
		if (!holds(s, len, &d))
			return false;
	}
	return defs > 0;
}

static bool calls_nonseekable(const char *s, size_t len, const struct definition *d)
{
	return body_calls(s, len, d->body, d->body_end, nonseekable_calls);
}

/* Whether every definition of the open method `name` in the text calls one
   of the nonseekable opens itself; false when there is none. */
static bool open_is_nonseekable(const char *s, size_t len, struct span name)
{
	return span_in(s, name, nonseekable_calls) ||
	       every_definition(s, len, name, calls_nonseekable);
}

/*
 * The position parameter's name of a read or write method whose parameter
 * list is [open, close]: the last of four, declared `loff_t *`.  False when
 * the list is not of that shape.
 */
static bool position_param(const char *s, size_t open, size_t close, struct span *name)
{
	size_t commas = 0, last = open, i = open + 1, end;

	while ((i = ss_ctext_skip_noise(s, close, i)) < close) {
		if (s[i] == '(' || s[i] == '[') {
			i = ss_ctext_closing(s, close, i);
			continue;
		}
		if (s[i] == ',') {
			commas++;
			last = i;
		}
		i++;
	}
	if (commas != 3 || !memmem(s + last, close - last, WORD("loff_t")))
		return false;
	end = close;
	while (end > last && !ss_ctext_ident_char(s[end - 1]))
		end--;
	name->n = 0;
	while (end > last && ss_ctext_ident_char(s[end - 1])) {
		end--;
		name->n++;
	}
	name->at = end;
	return name->n > 0 && !span_is(s, *name, "loff_t");
}

/*
 * Whether the body [open, close] surely uses the parameter `name`, the way
 * the parse counts a use: a plain mention, in a body without directives
 * (a branch not taken may hold the only one) and without f_pos (a test of
 * the position against it may be one that refuses nothing).
 */
static bool body_uses(const char *s, size_t open, size_t close, struct span name)
{
	bool used = false;
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
		if (w.n == name.n && memcmp(s + i, s + name.at, name.n) == 0 &&
		    !ss_ctext_member_at(s, i))
			used = true;
		i = end;
	}
	return used;
}

static bool uses_its_position(const char *s, size_t len, const struct definition *d)
{
	struct span position;

	(void)len;
	return position_param(s, d->params, d->params_end, &position) &&
	       body_uses(s, d->body, d->body_end, position);
}

/*
 * Whether the text defines the read or write method `name`, and every
 * definition of it surely uses its position: then no file_operations
 * naming it is stream-like.
 */
static bool method_uses_position(const char *s, size_t len, struct span name)
{
	return every_definition(s, len, name, uses_its_position);
}

static bool entries_maybe(const char *s, size_t len, const struct entries *e, unsigned shapes)
{
	bool shape;

	if ((shapes & SS_FOPS_ANY_METHOD) && (e->data || e->has_llseek))
		return true;
	if (!e->data)
		return false;
	shape = e->has_llseek ? (shapes & SS_FOPS_NO_LLSEEK_FN) && span_is(s, e->llseek, "no_llseek")
			      : (shapes & SS_FOPS_NO_LLSEEK);
	if (!shape)
		return false;
	/* Without .llseek, a finding needs every data method to ignore the
	   position (ss_model_stream_method()). */
	for (size_t i = 0; !e->has_llseek && i < e->nrw; i++)
		if (method_uses_position(s, len, e->rw[i]))
			return false;
	return !e->has_open || !open_is_nonseekable(s, len, e->open);
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
 * One mention of file_operations at `i`: false when it is a pointer, a
 * declaration or an initializer that cannot give a finding of `shapes`.
 */
static bool mention_maybe(const char *s, size_t len, size_t i, unsigned shapes)
{
	struct entries e;
	size_t p = ss_ctext_skip_blank(s, len, i + sizeof("file_operations") - 1), name, end;
	size_t open, close;

	if (p >= len)
		return false;
	if (s[p] == '*' || s[p] == '{' || s[p] == ';' || s[p] == ',')
		return false;	/* a pointer, the struct's definition, a declaration */
	if (s[p] == ')') {	/* a cast, or a compound literal */
		p = ss_ctext_skip_blank(s, len, p + 1);
		return p < len && s[p] == '{';
	}
	name = ss_ctext_ident_end(s, len, p);
	if (name == p)
		return true;
	end = ss_ctext_skip_blank(s, len, name);
	if (end < len && (s[end] == ';' || s[end] == ',' || s[end] == ')'))
		return in_typedef(s, i);
	if (!ss_ctext_initializer(s, len, p, &open, &close) ||
	    !read_entries(s, len, open, close, &e) || entries_maybe(s, len, &e, shapes))
		return true;
	p = ss_ctext_skip_blank(s, len, close + 1);
	return p >= len || s[p] != ';';	/* `= {...}, other = {...};` */
}

bool ss_fops_text_maybe(const char *s, size_t len, unsigned shapes)
{
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), WORD("file_operations")))) {
		size_t i = (size_t)(at - s);

		at += sizeof("file_operations") - 1;
		if (!ss_ctext_word_at(s, len, i, WORD("file_operations")))
			continue;
		if (mention_maybe(s, len, i, shapes))
			return true;
	}
	return false;
}

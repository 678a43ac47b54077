// SPDX-License-Identifier: GPL-2.0-only
#include "util/ctext.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <string.h>

size_t ss_ctext_skip_blank(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (isspace((unsigned char)s[i])) {
			i++;
		} else if (s[i] == '\\' && i + 1 < len &&
			   (s[i + 1] == '\n' || (s[i + 1] == '\r' && i + 2 < len && s[i + 2] == '\n'))) {
			i += s[i + 1] == '\n' ? 2 : 3;	/* a line continuation */
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			i += 2;
			while (i < len && !(s[i] == '*' && i + 1 < len && s[i + 1] == '/'))
				i++;
			i = i < len ? i + 2 : len;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
			while (i < len && s[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	return i;
}

size_t ss_ctext_skip_literal(const char *s, size_t len, size_t i)
{
	char q = s[i++];

	while (i < len && s[i] != q && s[i] != '\n')
		i += s[i] == '\\' ? 2 : 1;
	return i < len ? i + 1 : len;
}

size_t ss_ctext_skip_noise(const char *s, size_t len, size_t i)
{
	for (;;) {
		i = ss_ctext_skip_blank(s, len, i);
		if (i >= len || (s[i] != '"' && s[i] != '\''))
			return i;
		i = ss_ctext_skip_literal(s, len, i);
	}
}

bool ss_ctext_in_code_from(const char *s, size_t len, size_t *from, size_t at)
{
	size_t i = *from, end;
	bool code = true;

	while (i < at) {
		if (s[i] == '/' && i + 1 < len && (s[i + 1] == '*' || s[i + 1] == '/'))
			end = ss_ctext_skip_blank(s, len, i);
		else if (s[i] == '"' || s[i] == '\'')
			end = ss_ctext_skip_literal(s, len, i);
		else {
			i++;
			continue;
		}
		if (end > at) {
			code = false;
			break;
		}
		i = end;
	}
	*from = i;	/* code starts here: no comment or literal began before it */
	return code;
}

bool ss_ctext_in_code(const char *s, size_t len, size_t at)
{
	size_t from = 0;

	return ss_ctext_in_code_from(s, len, &from, at);
}

size_t ss_ctext_closing(const char *s, size_t len, size_t open)
{
	char o = s[open], c = o == '(' ? ')' : o == '[' ? ']' : '}';
	size_t i = open;
	long depth = 0;

	while ((i = ss_ctext_skip_noise(s, len, i)) < len) {
		if (s[i] == o)
			depth++;
		else if (s[i] == c && --depth == 0)
			return i;
		i++;
	}
	return len;
}

bool ss_ctext_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

size_t ss_ctext_ident_end(const char *s, size_t len, size_t i)
{
	if (i >= len || isdigit((unsigned char)s[i]))
		return i;
	while (i < len && ss_ctext_ident_char(s[i]))
		i++;
	return i;
}

bool ss_ctext_word_at(const char *s, size_t len, size_t i, const char *word, size_t n)
{
	return i + n <= len && memcmp(s + i, word, n) == 0 &&
	       (i == 0 || !ss_ctext_ident_char(s[i - 1])) &&
	       (i + n == len || !ss_ctext_ident_char(s[i + n]));
}

bool ss_ctext_line_start(const char *s, size_t i)
{
	while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
		i--;
	return i == 0 || s[i - 1] == '\n';
}

size_t ss_ctext_directive_at(const char *s, size_t len, size_t i)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i >= len || s[i] != '#')
		return SS_CTEXT_NONE;
	i++;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

size_t ss_ctext_line_end(const char *s, size_t len, size_t i)
{
	while (i < len && s[i] != '\n')
		i += s[i] == '\\' && i + 1 < len ? 2 : 1;
	return i;
}

size_t ss_ctext_back_blank(const char *s, size_t i)
{
	for (;;) {
		while (i > 0 && (isspace((unsigned char)s[i - 1]) || s[i - 1] == '\\'))
			i--;
		if (i < 2 || s[i - 1] != '/' || s[i - 2] != '*')
			return i;
		/* back over the comment to its opening */
		i -= 2;
		while (i >= 2 && !(s[i - 2] == '/' && s[i - 1] == '*'))
			i--;
		i = i >= 2 ? i - 2 : 0;
	}
}

bool ss_ctext_member_at(const char *s, size_t i)
{
	size_t b = ss_ctext_back_blank(s, i);

	return (b >= 1 && s[b - 1] == '.') || (b >= 2 && s[b - 1] == '>' && s[b - 2] == '-');
}

size_t ss_ctext_innermost_open(const char *s, size_t from, size_t at)
{
	size_t stack[256], depth = 0, i = from;

	while ((i = ss_ctext_skip_noise(s, at, i)) < at) {
		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, at, i);
			continue;
		}
		if (strchr("([{", s[i])) {
			if (depth == sizeof(stack) / sizeof(stack[0]))
				return SS_CTEXT_NONE;
			stack[depth++] = i;
		} else if (strchr(")]}", s[i]) && depth) {
			depth--;
		}
		i++;
	}
	return depth ? stack[depth - 1] : SS_CTEXT_NONE;
}

bool ss_ctext_call_paren(const char *s, size_t open)
{
	static const char *const keywords[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof",
		"__typeof__", "_Generic", "case", NULL
	};
	size_t end = ss_ctext_back_blank(s, open), start;

	if (!end || !ss_ctext_ident_char(s[end - 1]))
		return false;
	start = end - 1;
	while (start > 0 && ss_ctext_ident_char(s[start - 1]))
		start--;
	if (isdigit((unsigned char)s[start]))
		return false;
	for (size_t k = 0; keywords[k]; k++)
		if (ss_ctext_word_at(s, end, start, keywords[k], strlen(keywords[k])))
			return false;
	return true;
}

bool ss_ctext_call_argument(const char *s, size_t len, size_t start, size_t end, size_t open)
{
	size_t b = ss_ctext_back_blank(s, start), a = ss_ctext_skip_blank(s, len, end);

	if (open == SS_CTEXT_NONE || s[open] != '(' || !b || a >= len ||
	    !ss_ctext_call_paren(s, open))
		return false;
	if (s[b - 1] == ',')
		return s[a] == ',' || s[a] == ')';
	/* the first of several: f(ppos) may be a macro testing it, unlikely(ppos) */
	return b - 1 == open && s[a] == ',';
}

bool ss_ctext_initializer(const char *s, size_t len, size_t name, size_t *open, size_t *close)
{
	size_t i = ss_ctext_skip_blank(s, len, ss_ctext_ident_end(s, len, name));

	if (i >= len || s[i] != '=')
		return false;
	i = ss_ctext_skip_blank(s, len, i + 1);
	if (i >= len || s[i] != '{')
		return false;
	*open = i;
	*close = ss_ctext_closing(s, len, i);
	return *close < len;
}

/* The identifier a value [i, end) is: `f`, `&f`, `(f)`, `(&f)`. */
static void value_ident(const char *s, size_t len, size_t i, size_t end,
			struct ss_ctext_entry *e)
{
	size_t close = 0, at, n;

	i = ss_ctext_skip_blank(s, len, i);
	while (i < end && (s[i] == '&' || s[i] == '(')) {
		if (s[i] == '(')
			close++;
		i = ss_ctext_skip_blank(s, len, i + 1);
	}
	at = i;
	n = ss_ctext_ident_end(s, len, i) - i;
	i = ss_ctext_skip_blank(s, len, i + n);
	while (close && i < end && s[i] == ')') {
		close--;
		i = ss_ctext_skip_blank(s, len, i + 1);
	}
	if (!close && i == end && n) {
		e->value = at;
		e->value_len = n;
	}
}

size_t ss_ctext_entries(const char *s, size_t len, size_t open, size_t close,
			struct ss_ctext_entry **out)
{
	size_t i = open + 1, n = 0, cap = 0;

	*out = NULL;
	for (;;) {
		struct ss_ctext_entry e = { 0 };
		size_t end, p;

		i = ss_ctext_skip_blank(s, len, i);
		if (i >= close)
			return n;
		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, close, i);
			continue;
		}
		/* `.member =` or `member:`; anything else is a value alone */
		p = s[i] == '.' ? ss_ctext_skip_blank(s, len, i + 1) : i;
		end = ss_ctext_ident_end(s, len, p);
		if (end > p) {
			size_t after = ss_ctext_skip_blank(s, len, end);

			if (after < close && s[after] == (s[i] == '.' ? '=' : ':')) {
				e.member = p;
				e.member_len = end - p;
				i = after + 1;
			}
		}
		/* The value runs to the next comma outside brackets. */
		for (end = i; end < close && s[end] != ',';) {
			p = ss_ctext_skip_blank(s, len, end);
			if (p != end)
				end = p;
			else if (s[end] == '(' || s[end] == '[' || s[end] == '{')
				end = ss_ctext_closing(s, len, end) + 1;
			else if (s[end] == '"' || s[end] == '\'')
				end = ss_ctext_skip_literal(s, len, end);
			else if (s[end] == '#' && ss_ctext_line_start(s, end)) {
				e.directive = true;
				end = ss_ctext_line_end(s, close, end);
			} else
				end++;
		}
		if (end > close)
			end = close;
		if (!e.directive)
			value_ident(s, len, i, end, &e);
		xgrow((void **)out, &cap, n + 1, sizeof(**out));
		(*out)[n++] = e;
		i = end + 1;
	}
}

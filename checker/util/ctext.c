#include "util/ctext.h"

#include <ctype.h>
#include <string.h>

size_t ss_ctext_skip_blank(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (isspace((unsigned char)s[i])) {
			i++;
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

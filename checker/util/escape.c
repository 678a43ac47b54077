// SPDX-License-Identifier: GPL-2.0-only
#include "util/escape.h"
#include "util/xalloc.h"

#include <stdbool.h>
#include <string.h>

size_t ss_utf8_seq(const unsigned char *s)
{
	unsigned c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;

		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;

		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 &&
		       (s[3] & 0xc0) == 0x80 ? 4 : 0;
	}
	return 0;
}

char *ss_text_printable(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char *out = xmalloc(strlen(s) * 4 + 1), *o = out;
	static const char hex[] = "0123456789abcdef";

	while (*p) {
		size_t n = ss_utf8_seq(p);
		/* C1 controls are U+0080..U+009F: 0xc2 0x80..0x9f */
		int control = n == 1 ? (*p < 0x20 && *p != '\t') || *p == 0x7f
				     : n == 2 && p[0] == 0xc2 && p[1] < 0xa0;

		if (n == 0 || control) {
			size_t k = n ? n : 1;

			for (size_t i = 0; i < k; i++) {
				*o++ = '\\';
				*o++ = 'x';
				*o++ = hex[p[i] >> 4];
				*o++ = hex[p[i] & 15];
			}
			p += k;
			continue;
		}
		memcpy(o, p, n);
		o += n;
		p += n;
	}
	*o = '\0';
	return out;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A backslash the name holds that would read as the start of \xNN. */
static bool reads_as_escape(const unsigned char *p)
{
	return p[0] == '\\' && p[1] == 'x' && is_hex((char)p[2]) && is_hex((char)p[3]);
}

/* s with each byte that is not UTF-8 (and, for names, each backslash that
   would read as an escape) as \xNN, or as U+FFFD. */
static char *valid_utf8(const char *s, bool name)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	char *out = xmalloc(strlen(s) * 4 + 1), *o = out;

	while (*p) {
		size_t n = ss_utf8_seq(p);

		if (n == 0 || (name && reads_as_escape(p))) {
			if (name) {
				*o++ = '\\';
				*o++ = 'x';
				*o++ = hex[*p >> 4];
				*o++ = hex[*p & 15];
			} else {
				memcpy(o, "\xef\xbf\xbd", 3);
				o += 3;
			}
			p++;
			continue;
		}
		memcpy(o, p, n);
		o += n;
		p += n;
	}
	*o = '\0';
	return out;
}

char *ss_text_name(const char *s)
{
	return valid_utf8(s, true);
}

char *ss_text_utf8(const char *s)
{
	return valid_utf8(s, false);
}

unsigned ss_utf8_columns(const char *s, size_t bytes)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	unsigned cols = 0;

	while (i < bytes && p[i]) {
		size_t n = ss_utf8_seq(p + i);

		i += n ? n : 1;
		cols++;
	}
	return cols;
}

// SPDX-License-Identifier: GPL-2.0-only
#include "report/jsonutil.h"
#include "util/escape.h"

#include <stdlib.h>

static json_object *string_of(const char *s, char *(*valid)(const char *))
{
	json_object *o;
	char *clean;

	if (!s)
		return NULL;
	clean = valid(s);
	o = json_object_new_string(clean);
	free(clean);
	return o;
}

json_object *ss_json_string(const char *s)
{
	return string_of(s, ss_text_utf8);
}

json_object *ss_json_name(const char *path)
{
	return string_of(path, ss_text_name);
}

int ss_json_write(FILE *f, json_object *obj)
{
	const char *text = json_object_to_json_string_ext(
		obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		     JSON_C_TO_STRING_NOSLASHESCAPE);

	if (!text)
		return -1;
	/*
	 * json-c escapes only U+0000..U+001F.  DEL and the C1 controls
	 * (U+0080..U+009F, 0xc2 0x80..0x9f in UTF-8; 0x9b is a terminal's CSI)
	 * are control characters too: escape them, so that a report shown on a
	 * terminal carries none.  Outside strings JSON text is plain ASCII, so
	 * these bytes can only be inside one.
	 */
	for (const char *p = text; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == 0x7f) {
			if (fputs("\\u007f", f) == EOF)
				return -1;
		} else if (c == 0xc2 && (unsigned char)p[1] >= 0x80 &&
			   (unsigned char)p[1] <= 0x9f) {
			if (fprintf(f, "\\u%04x", (unsigned char)p[1]) < 0)
				return -1;
			p++;
		} else if (fputc(c, f) == EOF) {
			return -1;
		}
	}
	if (fputc('\n', f) == EOF)
		return -1;
	return 0;
}

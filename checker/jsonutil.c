#include "jsonutil.h"
#include "textsafe.h"

#include <stdlib.h>

json_object *ss_json_string(const char *s)
{
	json_object *o;
	char *clean;

	if (!s)
		return NULL;
	clean = ss_text_utf8(s);
	o = json_object_new_string(clean);
	free(clean);
	return o;
}

int ss_json_write(FILE *f, json_object *obj)
{
	const char *text = json_object_to_json_string_ext(
		obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		     JSON_C_TO_STRING_NOSLASHESCAPE);

	if (!text)
		return -1;
	if (fputs(text, f) == EOF || fputc('\n', f) == EOF)
		return -1;
	return 0;
}

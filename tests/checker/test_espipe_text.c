// SPDX-License-Identifier: GPL-2.0-only
/*
 * The prefilter's look for an llseek method that only refuses with
 * -ESPIPE: each case is a source text and whether such a body may be in
 * it.  "no" must only ever be said of text that holds none.
 */
#include "check.h"
#include "input/espipe_text.h"

#include <string.h>

#define BODY(text) ss_text_espipe_body(text, strlen(text))

int main(void)
{
	CHECK(BODY("static loff_t foo_llseek(struct file *f, loff_t o, int w)\n"
		   "{\n\treturn -ESPIPE;\n}\n"), "the whole body");
	CHECK(BODY("{ return (loff_t) - ESPIPE ; }"), "a cast and blanks");
	CHECK(BODY("{\n\treturn (-ESPIPE);\n}\n"), "parentheses");
	CHECK(BODY("{\n\t/* no seeking */\n\treturn -ESPIPE; /* ever */\n}\n"),
	      "comments around it");
	CHECK(BODY("{ // no seeking\n\treturn -ESPIPE;\n}\n"),
	      "a line comment before it, which a backward look cannot skip");
	CHECK(BODY("#define NO_SEEK { \\\n\treturn -ESPIPE; \\\n}\n"), "in a macro's body");
	CHECK(!BODY("\tif (off)\n\t\treturn -ESPIPE;\n\treturn 0;\n"), "one return of several");
	CHECK(!BODY("{\n\tint r = -ESPIPE;\n\treturn r;\n}\n"), "assigned, not returned");
	CHECK(!BODY("\t[29] = -ESPIPE,\n"), "an errno table");
	CHECK(!BODY("#define\tESPIPE\t\t29\t/* Illegal seek */\n"), "its definition");
	CHECK(!BODY("{\n\tfoo();\n\treturn -ESPIPE;\n}\n"), "after another statement");
	CHECK(!BODY("{\n\treturn -ESPIPE_X;\n}\n"), "another name it starts");
	CHECK(!BODY(""), "nothing");
	return check_status("espipe_text");
}

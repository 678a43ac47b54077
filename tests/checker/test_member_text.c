// SPDX-License-Identifier: GPL-2.0-only
/*
 * The prefilter's look for an f_pos access: each case is a source text and
 * whether it may reach the struct file's position.  "no" must only ever be
 * said of text that holds no such access.
 */
#include "check.h"
#include "input/member_text.h"

#include <string.h>

#define REACHES(text) ss_text_reaches_fpos(text, strlen(text))

int main(void)
{
	CHECK(REACHES("\tfile->f_pos = 0;\n"), "through a pointer");
	CHECK(REACHES("\treturn f.f_pos;\n"), "through a struct");
	CHECK(REACHES("\tif (ppos != &filp->f_pos)\n"), "its address");
	CHECK(REACHES("\tx = file ->\n\t\tf_pos;\n"), "across a line");
	CHECK(REACHES("#define POS(f) ((f)-> \\\n\tf_pos)\n"), "across a continuation line");
	CHECK(REACHES("\tx = file->/* the position */f_pos;\n"), "with a comment between");
	CHECK(REACHES("f_pos->f_pos"), "the second of two");
	CHECK(!REACHES("static ssize_t r(struct file *f, char *b, size_t n, loff_t *f_pos)\n"),
	      "a parameter of that name");
	CHECK(!REACHES("/* Someone has messed with f_pos; reset the world */\n"), "a comment");
	CHECK(!REACHES("\tmutex_init(&f->f_pos_lock);\n"), "another member it starts");
	CHECK(!REACHES("\tx = buf->if_pos;\n"), "another member it ends");
	CHECK(!REACHES("struct state {\n\tloff_t f_pos;\n};\n"), "a field declared");
	CHECK(!REACHES(""), "nothing");
	return check_status("member_text");
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text scanner's look at calls, which decides when a word the parse
 * lost was plainly handed to a call: each case is a statement, the word
 * in it between [ and ], and whether it is a whole argument of a call.
 */
#include "check.h"
#include "util/ctext.h"

#include <stdlib.h>
#include <string.h>

/* The text with its brackets [ ] around the word taken out, and whether
   the word is a call's argument. */
static int argument(const char *marked)
{
	size_t n = strlen(marked), start, end;
	char *s = malloc(n + 1);
	const char *open = strchr(marked, '['), *close = strchr(marked, ']');
	int yes;

	start = (size_t)(open - marked);
	end = (size_t)(close - marked) - 1;
	memcpy(s, marked, start);
	memcpy(s + start, open + 1, end - start);
	strcpy(s + end, close + 1);
	yes = ss_ctext_call_argument(s, strlen(s), start, end,
				     ss_ctext_innermost_open(s, 0, start));
	free(s);
	return yes;
}

int main(void)
{
	CHECK(argument("n = copy(buf, SIZE, [ppos], count);"), "among others");
	CHECK(argument("n = copy(buf, [ppos]);"), "the last");
	CHECK(argument("n = copy([ppos], buf);"), "the first of several");
	CHECK(argument("n = copy(buf,\n\t\t[*ppos]);"), "across a line");
	CHECK(argument("x = f(a, /* where */ [ppos], \")\");"), "beside a comment and a literal");
	CHECK(argument("single_open(file, [show], NULL);"), "a function handed on");
	CHECK(!argument("if (unlikely([ppos]))"), "alone: a macro may test it");
	CHECK(!argument("if ([ppos])"), "a condition");
	CHECK(!argument("while (x, [ppos])"), "no call");
	CHECK(!argument("n = copy(buf, ([ppos]));"), "in its own brackets");
	CHECK(!argument("n = copy(buf, [ppos] + 1);"), "part of an argument");
	CHECK(!argument("n = copy(buf, &[ppos]);"), "its address");
	CHECK(!argument("struct x v = { a, [ppos], b };"), "an initializer");
	CHECK(!argument("n = sizeof(a, [ppos]);"), "sizeof");
	CHECK(!argument("[ppos]"), "nothing around it");
	return check_status("ctext");
}

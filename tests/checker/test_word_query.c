// SPDX-License-Identifier: GPL-2.0-only
/*
 * --patch-words: the groups of words a file must hold, one group at least,
 * each word whole.  A "yes" here where spatch would say no only gives
 * spatch a file more; a "no" where spatch would say yes loses a
 * conversion, so each "no" case is one spatch agrees with.
 */
#include "check.h"
#include "input/word_query.h"

#include <stdio.h>
#include <string.h>

static struct ss_word_query q;

static bool parse(const char *arg)
{
	char err[256];

	ss_word_query_free(&q);
	return ss_word_query_parse(arg, &q, err, sizeof(err)) == 0;
}

#define MATCH(text) ss_word_query_match(&q, text, sizeof(text) - 1)

int main(void)
{
	CHECK(parse("sysctl_ppos.cocci=proc_handler+size_t,ctl_table+file"), "two groups");
	CHECK(strcmp(q.patch, "sysctl_ppos.cocci") == 0, "the patch is named");
	CHECK(q.nwords == 4 && q.nterms == 2, "four words in two groups");
	CHECK(MATCH("\t.proc_handler = h,\nsize_t n;\n"), "every word of the first group");
	CHECK(MATCH("struct ctl_table t; struct file *f;"), "every word of the second");
	CHECK(!MATCH("\t.proc_handler = h,\nstruct file *f;\n"), "words of two groups, neither whole");
	CHECK(!MATCH("proc_handler_t x; size_t n;"), "a word inside a longer one");
	CHECK(!MATCH("my_proc_handler; size_t n;"), "a word ending a longer one");
	CHECK(MATCH("(proc_handler)+size_t"), "punctuation around the words");
	CHECK(MATCH("proc_handler\0binary\0size_t"), "NUL bytes do not end the text");
	CHECK(MATCH("/* proc_handler */ \"size_t\""), "comments and strings count, as for spatch");
	CHECK(MATCH("\xc3\xa9proc_handler size_t"),
	      "a byte past ASCII is no word character (spatch may say no here)");
	CHECK(!MATCH(""), "nothing");

	CHECK(parse("rw_ppos.cocci=f_pos"), "one word");
	CHECK(MATCH("f_pos"), "the whole text");
	CHECK(MATCH("file->f_pos++"), "after ->");
	CHECK(!MATCH("f_pos_lock"), "the start of another word");
	CHECK(MATCH("f_pos_lock; f_pos"), "a later whole one after a part");

	CHECK(!parse("nothing"), "no '='");
	CHECK(!parse("=f_pos"), "no patch");
	CHECK(!parse("p.cocci="), "no words");
	CHECK(!parse("p.cocci=a++b"), "an empty word");
	CHECK(!parse("p.cocci=a,"), "an empty group");
	CHECK(!parse("p.cocci=a-b"), "not a word");
	{
		char arg[1024] = "p.cocci=w0";

		for (int i = 1; i <= SS_WORD_QUERY_MAX_WORDS; i++)
			snprintf(arg + strlen(arg), sizeof(arg) - strlen(arg), "+w%d", i);
		CHECK(!parse(arg), "too many words");
		CHECK(q.patch == NULL && q.words == NULL, "nothing kept after a refusal");
	}
	ss_word_query_free(&q);
	return check_status("word_query");
}

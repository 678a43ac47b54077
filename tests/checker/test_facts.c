// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fact sheet's logic: unknown stays unknown unless a no (in an and)
 * or a yes (in an or) decides, and the facts drawn from a file_operations'
 * data methods follow it.
 */
#include "check.h"
#include "facts/facts.h"

#include <string.h>

static enum ss_tri always(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	(void)s;
	return f->data;
}

static void test_logic(void)
{
	CHECK(ss_and(SS_NO, SS_UNKNOWN) == SS_NO && ss_and(SS_YES, SS_UNKNOWN) == SS_UNKNOWN,
	      "and");
	CHECK(ss_or(SS_YES, SS_UNKNOWN) == SS_YES && ss_or(SS_NO, SS_UNKNOWN) == SS_UNKNOWN, "or");
	CHECK(ss_not(SS_UNKNOWN) == SS_UNKNOWN && ss_not(SS_NO) == SS_YES, "not");
}

static void test_methods(void)
{
	struct ss_facts s = { 0 };
	struct ss_fops_facts *f = ss_facts_add_fops(&s);
	struct ss_method_facts *m;

	CHECK(ss_facts_some_fops(&s, always) == SS_UNKNOWN, "a fops nothing is known of");
	f->data = SS_NO;
	CHECK(ss_fops_stream(f) == SS_NO, "no data method: no stream");
	f->data = SS_YES;
	m = ss_fops_facts_add_method(f);
	m->uses_position = m->examines_position = SS_YES;
	CHECK(ss_fops_stream(f) == SS_NO && ss_fops_ignoring(f) == SS_NO,
	      "a method using its position, wherever it is defined");
	m->here = SS_YES;
	m->uses_position = m->names_position = SS_NO;
	m->examines_position = SS_YES;	/* hands its kiocb on */
	CHECK(ss_fops_stream(f) == SS_YES && ss_fops_ignoring(f) == SS_NO, "stream, not ignoring");
	CHECK(ss_fops_era_stream(&s, f) == SS_UNKNOWN, "the era decides, and it is unknown");
	s.vfs[SS_VFS_MISSING_LLSEEK_REFUSES] = SS_NO;
	CHECK(ss_fops_era_stream(&s, f) == SS_YES, "before 2.6.37: a stream");
	m = ss_fops_facts_add_method(f);
	m->here = SS_NO;
	CHECK(ss_fops_stream(f) == SS_NO, "a method defined elsewhere");
	for (int i = 0; i < SS_FACTS_METHODS + 2; i++)
		ss_fops_facts_add_method(f)->here = SS_YES;
	f->methods[1].here = SS_YES;
	CHECK(f->nmethods == SS_FACTS_METHODS && ss_fops_stream(f) == SS_UNKNOWN,
	      "methods that do not fit are unknown");
	ss_facts_free(&s);
	CHECK(ss_facts_some_fops(&s, always) == SS_NO, "no fops at all");
}

/* The reasons to parse again are the parse facts that are not yes. */
static void test_undecided(void)
{
	struct ss_facts s = { 0 };

	CHECK(ss_facts_undecided(&s) == (SS_UNDECIDED_FPOS | SS_UNDECIDED_FOPS |
					 SS_UNDECIDED_METHOD | SS_UNDECIDED_ROLE),
	      "a sheet nobody filled leaves every reason open");
	s.fpos_typed = s.methods_read = s.fpos_roles = SS_YES;
	CHECK(ss_facts_undecided(&s) == SS_UNDECIDED_FOPS, "one file_operations unread");
	s.fops_read = SS_YES;
	CHECK(ss_facts_undecided(&s) == 0, "all read");
	CHECK(strcmp(ss_undecided_name(SS_UNDECIDED_FOPS), "a file_operations it cannot read") == 0,
	      "the reason's name");
}

/* With the methods' bodies in doubt, a stream may be anything. */
static void test_blind(void)
{
	struct ss_facts s = { 0 }, blind;
	struct ss_fops_facts *f = ss_facts_add_fops(&s);
	struct ss_method_facts *m;

	f->data = f->open_seekable = SS_YES;
	f->open_nonseekable = SS_NO;
	m = ss_fops_facts_add_method(f);
	m->here = SS_YES;
	m->uses_position = m->examines_position = m->names_position = SS_NO;
	ss_facts_blind_methods(&s, &blind);
	CHECK(ss_fops_stream(&s.fops[0]) == SS_YES && ss_fops_stream(&blind.fops[0]) == SS_UNKNOWN,
	      "its method's use of the position");
	CHECK(blind.fops[0].data == SS_YES && blind.fops[0].methods[0].here == SS_YES &&
	      blind.fops[0].open_nonseekable == SS_UNKNOWN, "what its table says stays");
	ss_facts_free(&blind);
	ss_facts_free(&s);
}

int main(void)
{
	test_logic();
	test_methods();
	test_undecided();
	test_blind();
	return check_status("facts");
}

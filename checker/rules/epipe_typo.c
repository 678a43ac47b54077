// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"

#include "rules/advice.h"

#include "model/ast_util.h"
#include "model/model.h"
#include "model/unit.h"

#include <string.h>

/* Its findings are on pread refusals, which compare with &file->f_pos: a
   file with EPIPE but no f_pos (most of them: pipes, sockets) has none. */
static const char *const needs[] = { "f_pos", NULL };

static const char *const minus_epipe[] = { "-", "EPIPE", NULL };

struct search {
	CXTranslationUnit tu;
	CXCursor found;
};

/* The first `return -EPIPE` or `x = -EPIPE` of a branch. */
static enum CXChildVisitResult find_epipe(CXCursor c, CXCursor parent, CXClientData data)
{
	struct search *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char op[8];

	(void)parent;
	if ((k == CXCursor_ReturnStmt ||
	     (k == CXCursor_BinaryOperator &&
	      strcmp(ss_operator(s->tu, c, op, sizeof(op)), "=") == 0)) &&
	    ss_tokens_contain(s->tu, c, minus_epipe)) {
		s->found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static const char *const espipe[] = { "ESPIPE", NULL };

/*
 * The -EPIPE of a refusal: in the branch the test guards, or, when that
 * branch only leaves (`goto out;`), set just before the if.
 */
static CXCursor epipe_of(CXTranslationUnit tu, const struct ss_fpos_access *a)
{
	struct search s = { tu, clang_getNullCursor() };
	CXCursor kids[3];
	char op[8];

	if (ss_children(a->branch, kids, 3) < 2)
		return s.found;
	if (find_epipe(kids[1], a->branch, &s) != CXChildVisit_Break)
		clang_visitChildren(kids[1], find_epipe, &s);
	if (!ss_cursor_is_null(s.found) || ss_tokens_contain(tu, kids[1], espipe) ||
	    ss_cursor_is_null(a->before))
		return s.found;
	if (clang_getCursorKind(a->before) == CXCursor_BinaryOperator &&
	    strcmp(ss_operator(tu, a->before, op, sizeof(op)), "=") == 0 &&
	    ss_tokens_contain(tu, a->before, minus_epipe))
		return a->before;
	return s.found;
}

static void check(struct ss_unit *u, const struct ss_rule *self)
{
	size_t i, j, n = ss_model_fpos_count(u->model);

	for (i = 0; i < n; i++) {
		const struct ss_fpos_access *a = ss_model_fpos(u->model, i);
		bool seen = false;
		CXCursor at;
		char who[256];

		if (!ss_fpos_pread_refusal(a) || ss_cursor_is_null(a->branch))
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = clang_equalCursors(ss_model_fpos(u->model, j)->branch, a->branch);
		if (seen)
			continue;
		at = epipe_of(u->tu, a);
		if (ss_cursor_is_null(at))
			continue;
		ss_describe_function(a->function, who, sizeof(who));
		ss_report(u, self, at, self->severity, a->function->name, a->function->object,
			  "%s refuses pread/pwrite with -EPIPE (broken pipe) instead of -ESPIPE "
			  "(illegal seek); call %s from the open method instead",
			  who, ss_advice_open_call(u, false));
	}
}

const struct ss_rule ss_rule_epipe_typo = {
	.id = "epipe-typo",
	.severity = SS_WARNING,
	.confidence = SS_CONF_HIGH,
	.summary = "pread/pwrite refusal returns -EPIPE instead of -ESPIPE",
	.help = "Some drivers copied the pread/pwrite refusal `if (ppos != &file->f_pos)` "
		"but returned -EPIPE, \"broken pipe\", instead of -ESPIPE, \"illegal seek\". "
		"Applications then see a pipe error on pread(). Converting the driver to "
		"nonseekable_open() removes the test and its wrong error code.",
	.fix = "nonseekable_open.cocci",
	.names = SS_NAMES_FUNCTION,
	.needs = needs,
	.applies = ss_facts_fpos_member,
	.rests_on = SS_RESTS_FPOS,
	.check = check,
};

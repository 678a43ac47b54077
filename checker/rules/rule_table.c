// SPDX-License-Identifier: GPL-2.0-only
#include "rules/rule.h"


#include "flags/vfs_era.h"
#include "input/prefilter.h"
#include "rules/patch_choice.h"
#include "model/model.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define SS_RULE(name) extern const struct ss_rule ss_rule_##name;
#include "rules/list.h"
#undef SS_RULE

const struct ss_rule *const ss_rules[] = {
#define SS_RULE(name) &ss_rule_##name,
#include "rules/list.h"
#undef SS_RULE
};

const size_t ss_rule_count = sizeof(ss_rules) / sizeof(ss_rules[0]);

/* Each access goes to the first rule that claims it. */
static void claim(struct ss_unit *u)
{
	size_t n = ss_model_fpos_count(u->model);

	u->claimant = xcalloc(n ? n : 1, sizeof(*u->claimant));
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < ss_rule_count && !u->claimant[i]; r++)
			if (ss_rules[r]->claims &&
			    ss_rules[r]->claims(u, ss_model_fpos(u->model, i)))
				u->claimant[i] = ss_rules[r];
}

static bool may_apply(const struct ss_rule *r, const struct ss_facts *s)
{
	return !r->applies || r->applies(s) != SS_NO;
}

/*
 * What the parse left undecided that a rule needs: a fact on what it read,
 * unknown on the sheet, that the findings of a rule rest on whose
 * condition is not no.  The producer puts on the sheet what an f_pos of
 * unknown type or an unread file_operations may be; a method's lost word
 * may be anything, so the rules that rest on the methods are asked of the
 * sheet with what the methods' bodies decide unknown.
 */
static unsigned undecided_reasons(const struct ss_facts *s)
{
	unsigned open = ss_facts_undecided(s), why = 0;
	struct ss_facts blind;

	if (!open)
		return 0;
	ss_facts_blind_methods(s, &blind);
	for (size_t i = 0; i < ss_rule_count; i++) {
		const struct ss_rule *r = ss_rules[i];
		unsigned rests = r->rests_on & open;

		if ((rests & SS_UNDECIDED_METHOD) && may_apply(r, &blind))
			why |= SS_UNDECIDED_METHOD;
		if ((rests & ~SS_UNDECIDED_METHOD) && may_apply(r, s))
			why |= rests & ~SS_UNDECIDED_METHOD;
	}
	ss_facts_free(&blind);
	return why;
}

unsigned ss_rules_run(struct ss_unit *u)
{
	struct ss_facts facts;
	unsigned undecided;

	u->model = ss_model_build(u);
	ss_model_facts(u, &facts);
	ss_vfs_facts(u->kernel, &facts);
	u->facts = &facts;
	claim(u);
	for (size_t i = 0; i < ss_rule_count; i++) {
		const struct ss_rule *r = ss_rules[i];

		if (r->check && may_apply(r, &facts))
			r->check(u, r);
	}
	undecided = undecided_reasons(&facts);
	if (u->patches)
		ss_patch_choice(u, u->patches);
	free(u->claimant);
	u->claimant = NULL;
	ss_model_free(u->model);
	u->model = NULL;
	u->facts = NULL;
	ss_facts_free(&facts);
	return undecided;
}

void ss_rules_prefilter_init(struct ss_prefilter *p)
{
	struct ss_want *wants = xcalloc(ss_rule_count, sizeof(*wants));

	for (size_t i = 0; i < ss_rule_count; i++) {
		wants[i].needs = ss_rules[i]->needs;
		wants[i].applies = ss_rules[i]->applies;
	}
	ss_prefilter_init(p, wants, ss_rule_count);
	free(wants);
}

const struct ss_rule *ss_rule_by_id(const char *id)
{
	size_t i;

	for (i = 0; i < ss_rule_count; i++)
		if (strcmp(ss_rules[i]->id, id) == 0)
			return ss_rules[i];
	return NULL;
}

int ss_rule_index(const char *id)
{
	for (size_t i = 0; i < ss_rule_count; i++)
		if (strcmp(ss_rules[i]->id, id) == 0)
			return (int)i;
	return -1;
}

const char *ss_confidence_name(enum ss_confidence c)
{
	switch (c) {
	case SS_CONF_LOW:
		return "low";
	case SS_CONF_MEDIUM:
		return "medium";
	case SS_CONF_HIGH:
		return "high";
	}
	return "medium";
}

const char *ss_names_name(enum ss_names n)
{
	switch (n) {
	case SS_NAMES_FUNCTION:
		return "function";
	case SS_NAMES_OBJECT:
		return "object";
	case SS_NAMES_EITHER:
		break;
	}
	return NULL;
}

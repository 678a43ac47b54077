#include "rules/rule.h"

#include "rules/rules.h"

#include "input/prefilter.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The order here is the order of --list-rules and of SARIF's rule array. */
const struct ss_rule *const ss_rules[] = {
	&ss_rule_espipe_test,
	&ss_rule_sysctl_fpos,
	&ss_rule_rw_fpos,
	&ss_rule_fpos_address,
	&ss_rule_espipe_llseek,
	&ss_rule_pread_hole,
	&ss_rule_seekable_default,
	&ss_rule_epipe_typo,
	&ss_rule_fpos_other,
};

const size_t ss_rule_count = sizeof(ss_rules) / sizeof(ss_rules[0]);

void ss_rules_prefilter_init(struct ss_prefilter *p)
{
	struct ss_want *wants = xcalloc(ss_rule_count, sizeof(*wants));

	for (size_t i = 0; i < ss_rule_count; i++) {
		wants[i].needs = ss_rules[i]->needs;
		wants[i].maybe = ss_rules[i]->maybe;
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

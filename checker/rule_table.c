#include "rule.h"

#include "rules/rules.h"

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

const struct ss_rule *ss_rule_by_id(const char *id)
{
	size_t i;

	for (i = 0; i < ss_rule_count; i++)
		if (strcmp(ss_rules[i]->id, id) == 0)
			return ss_rules[i];
	return NULL;
}

const char *ss_severity_name(enum ss_severity s)
{
	switch (s) {
	case SS_NOTE:
		return "note";
	case SS_WARNING:
		return "warning";
	case SS_ERROR:
		return "error";
	}
	return "warning";
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

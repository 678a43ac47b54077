#ifndef SAFESEEK_RULES_H
#define SAFESEEK_RULES_H

/* Every rule of the table; each is defined in its own file of this directory. */

#include "rules/rule.h"

extern const struct ss_rule ss_rule_espipe_test;
extern const struct ss_rule ss_rule_sysctl_fpos;
extern const struct ss_rule ss_rule_rw_fpos;
extern const struct ss_rule ss_rule_fpos_address;
extern const struct ss_rule ss_rule_espipe_llseek;
extern const struct ss_rule ss_rule_pread_hole;
extern const struct ss_rule ss_rule_seekable_default;
extern const struct ss_rule ss_rule_epipe_typo;
extern const struct ss_rule ss_rule_fpos_other;

#endif /* SAFESEEK_RULES_H */

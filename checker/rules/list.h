/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every rule of the checker, one line each: SS_RULE(NAME) for the rule
 * defined in rules/NAME.c as `const struct ss_rule ss_rule_NAME`.  Adding a
 * rule is that file and its line here.
 *
 * The order is that of --list-rules and of SARIF's rule array, and it
 * decides which rule reports an f_pos access that several would claim: the
 * first one.  No include guard: rule_table.c reads this list twice.
 */
SS_RULE(espipe_test)
SS_RULE(sysctl_fpos)
SS_RULE(rw_fpos)
SS_RULE(fpos_address)
SS_RULE(espipe_llseek)
SS_RULE(pread_hole)
SS_RULE(seekable_default)
SS_RULE(seek_debatable)
SS_RULE(nonseekable_stream)
SS_RULE(epipe_typo)
SS_RULE(fpos_other)

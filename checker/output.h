#ifndef SAFESEEK_OUTPUT_H
#define SAFESEEK_OUTPUT_H

/* The report in its three formats, the rule list and the summary. */

#include <stdio.h>

#include "findings.h"
#include "run.h"

/* Each returns 0, or -1 when the report could not be built. */
int ss_write_text(FILE *f, const struct ss_findings *fs);
int ss_write_json(FILE *f, const struct ss_findings *fs, const struct ss_stats *st);
/* URIs are relative to srcroot (the current directory when NULL). */
int ss_write_sarif(FILE *f, const struct ss_findings *fs,
		   const struct ss_stats *st, const char *srcroot);

/* --list-rules: id, severity, confidence, fix or "-", summary; tab-separated. */
void ss_list_rules(FILE *f);

/* The per-rule summary for standard error. */
void ss_write_summary(FILE *f, const struct ss_findings *fs, const struct ss_stats *st);

/* The index of a rule in ss_rules[], or -1. */
int ss_rule_index(const struct ss_rule *r);

#endif

// SPDX-License-Identifier: GPL-2.0-only
#include "report/output.h"
#include "rules/rule.h"
#include "util/escape.h"

#include <stdlib.h>
#include <string.h>

int ss_write_text(FILE *f, const struct ss_findings *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		const struct ss_finding *x = &fs->v[i];
		char *file = ss_text_printable(x->file);
		char *msg = ss_text_printable(x->message);

		fprintf(f, "%s:%u:%u: %s: %s [%s]\n", file, x->line, x->column,
			ss_severity_name(x->severity), msg, x->rule);
		free(file);
		free(msg);
	}
	return 0;
}

void ss_list_rules(FILE *f)
{
	for (size_t i = 0; i < ss_rule_count; i++) {
		const struct ss_rule *r = ss_rules[i];

		fprintf(f, "%s\t%s\t%s\t%s\t%s\n", r->id,
			ss_severity_name(r->severity),
			ss_confidence_name(r->confidence),
			r->fix ? r->fix : "-", r->summary ? r->summary : "");
	}
}

void ss_write_summary(FILE *f, const struct ss_findings *fs, const struct ss_stats *st)
{
	size_t *count = calloc(ss_rule_count + 1, sizeof(*count));
	size_t by_sev[3] = { 0 }, files = 0;

	for (size_t i = 0; i < fs->n; i++) {
		int k = ss_rule_index(fs->v[i].rule);

		if (count)
			count[k < 0 ? ss_rule_count : (size_t)k]++;
		by_sev[fs->v[i].severity]++;
		if (i == 0 || strcmp(fs->v[i].file, fs->v[i - 1].file) != 0)
			files++;
	}
	if (fs->n == 0)
		fprintf(f, "safeseek-check: no findings\n");
	else
		fprintf(f, "safeseek-check: %zu finding%s in %zu file%s "
			   "(%zu error, %zu warning, %zu note)\n",
			fs->n, fs->n == 1 ? "" : "s", files, files == 1 ? "" : "s",
			by_sev[SS_ERROR], by_sev[SS_WARNING], by_sev[SS_NOTE]);
	for (size_t i = 0; count && i < ss_rule_count; i++)
		if (count[i])
			fprintf(f, "safeseek-check:   %-18s %zu\n", ss_rules[i]->id, count[i]);
	fprintf(f, "safeseek-check: files: %zu analysed (%zu compile database, "
		   "%zu tree flags, %zu fallback header), %zu skipped, %zu failed",
		st->analysed, st->by_how[SS_HOW_COMPDB], st->by_how[SS_HOW_TREE],
		st->by_how[SS_HOW_FALLBACK], st->skipped, st->failed);
	if (st->partial)
		fprintf(f, ", %zu with parse errors", st->partial);
	if (st->escalated)
		fprintf(f, ", %zu parsed again with real headers", st->escalated);
	if (st->undecided)
		fprintf(f, ", %zu left undecided without real headers", st->undecided);
	if (st->precompiled)
		fprintf(f, ", %zu with the common headers precompiled", st->precompiled);
	if (st->cached)
		fprintf(f, ", %zu from the result cache", st->cached);
	fputc('\n', f);
	free(count);
}

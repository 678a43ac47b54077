/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_GATE_H
#define SAFESEEK_GATE_H

/*
 * Gating a change instead of judging a whole tree: after the scan, keep only
 * the findings a patch introduces.
 *
 *   --write-baseline FILE   record every finding of this run (baseline.h)
 *                           and report none of them
 *   --baseline FILE         drop the findings recorded there
 *   --changed-lines DIFF    keep the findings on lines the diff adds or
 *                           changes; a finding that covers line ranges (a
 *                           file_operations object and its methods) counts
 *                           when any of them changed
 */

#include <stdbool.h>

#include "findings/findings.h"

struct ss_changes;
struct ss_baseline;

struct ss_gate {
	const char *baseline;		/* option values; NULL when not given */
	const char *write_baseline;
	const char *changed_lines;

	struct ss_changes *changes;	/* loaded by ss_gate_prepare() */
	struct ss_baseline *recorded;
	unsigned dropped_unchanged, dropped_baseline;
};


bool ss_gate_active(const struct ss_gate *g);

/*
 * Read the diff and the baseline before the scan, so that a bad one stops
 * the run at once.  0, or -1 after printing one line naming the input.
 */
int ss_gate_prepare(struct ss_gate *g);

/*
 * On the sorted findings of the run: with --write-baseline, record them all
 * and drop them; otherwise drop those outside the changed lines and those
 * the baseline records.  0, or -1 after printing one line.
 */
int ss_gate_apply(struct ss_gate *g, struct ss_findings *all);

void ss_gate_free(struct ss_gate *g);

#endif /* SAFESEEK_GATE_H */

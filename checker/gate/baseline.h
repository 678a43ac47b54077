/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_BASELINE_H
#define SAFESEEK_BASELINE_H

/*
 * A baseline: the findings a tree already had, recorded by fingerprint so
 * that a later run reports only new ones.  The fingerprint is built from the
 * rule, the file, the function and the reported line's text without its
 * whitespace (fingerprint.h), never from a line number, so code that merely
 * moves stays suppressed while an edited line is reported again.
 *
 * The file is JSON:
 *   {"safeseek-baseline": 1,
 *    "findings": [{"fingerprint": "...", "rule": "...", "file": "...",
 *                  "function": "..."}, ...]}
 * Only "fingerprint" is used for matching; the other fields are there for
 * the reader.  A fingerprint recorded twice suppresses two findings.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_baseline;

struct ss_baseline_entry {
	const char *fingerprint;
	const char *rule;
	const char *file;
	const char *function;	/* may be NULL */
};

/* NULL on a missing, truncated or malformed file, with a message in err. */
struct ss_baseline *ss_baseline_load(const char *path, char *err, size_t errlen);

/*
 * Uses up one recorded occurrence of the fingerprint: true when there was
 * one left (the finding is suppressed).
 */
bool ss_baseline_consume(struct ss_baseline *b, const char *fingerprint);

/* Number of recorded findings, and of those not consumed yet. */
size_t ss_baseline_size(const struct ss_baseline *b);
size_t ss_baseline_unused(const struct ss_baseline *b);

void ss_baseline_free(struct ss_baseline *b);

/*
 * Write entries (sorted by file, rule, function, fingerprint, so that the
 * file diffs well) to path, replacing it only once fully written.
 */
int ss_baseline_save(const char *path, const struct ss_baseline_entry *e,
		     size_t n, char *err, size_t errlen);

#endif /* SAFESEEK_BASELINE_H */

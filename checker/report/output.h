/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_OUTPUT_H
#define SAFESEEK_OUTPUT_H

/* The report in its three formats, the rule list and the summary. */

#include <stdio.h>

#include "findings/findings.h"
#include "findings/patch_files.h"
#include "flags/plan.h"
#include "facts/facts.h"

/* What a run met: for the summary, and the JSON and SARIF reports. */
struct ss_stats {
	size_t files;		/* .c and .h files met (and files named) */
	size_t analysed;
	size_t skipped;		/* no token any rule needs */
	size_t failed;		/* could not be analysed */
	size_t partial;		/* analysed, but clang found errors in them */
	size_t by_how[3];	/* analysed, by enum ss_how */
	size_t escalated;	/* analysed with the real headers after the bundled
				   one left something undecided ... */
	size_t escalated_by[SS_UNDECIDED_REASONS];	/* ... by reason (bit i of SS_UNDECIDED_*) */
	size_t undecided;	/* analysed with the bundled header alone, which left
				   something undecided, with no real headers to ask ... */
	size_t undecided_by[SS_UNDECIDED_REASONS];	/* ... by reason */
	size_t cached;		/* analysed before: the result came from the cache */
	size_t precompiled;	/* parsed with the common headers precompiled */
	bool path_error;	/* a PATH named on the command line is unusable */
};

/* Each returns 0, or -1 when the report could not be built. */
int ss_write_text(FILE *f, const struct ss_findings *fs);
/* With pf (--patch-files), "patch_files": {patch: [file, ...]} too, for
   each of `patches`. */
int ss_write_json(FILE *f, const struct ss_findings *fs, const struct ss_stats *st,
		  const struct ss_patch_files *pf, const struct strvec *patches);
/* URIs are relative to srcroot (the current directory when NULL). */
int ss_write_sarif(FILE *f, const struct ss_findings *fs,
		   const struct ss_stats *st, const char *srcroot);

/* --list-rules: id, severity, confidence, fix or "-", summary; tab-separated. */
void ss_list_rules(FILE *f);

/* The per-rule summary for standard error. */
void ss_write_summary(FILE *f, const struct ss_findings *fs, const struct ss_stats *st);

/* --list-rules --format=json: every rule with its help. */
int ss_write_rules_json(FILE *f);

/* --print-flags: the plan (plan.h) of each of the n files, with its kernel
   version (`kernel` when known, as --kernel gives it); db may be NULL.
   1 when a file cannot be read (said on standard error), -1 on a write error. */
struct ss_compdb;
int ss_write_flags_json(FILE *f, char *const *paths, size_t n, const struct ss_compdb *db,
			struct ss_kversion kernel);

/* --print-changed-lines: each file of a diff with its changed lines. */
struct ss_changes;
int ss_write_changes_json(FILE *f, const struct ss_changes *c);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_OPTIONS_H
#define SAFESEEK_OPTIONS_H

/*
 * The command line of safeseek-check, parsed once with getopt_long: a tree
 * scan's options, and in Kbuild mode (kbuild_mode.h) the checker's own
 * options among the compiler's.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "flags/kversion.h"
#include "flags/plan.h"
#include "input/word_query.h"

enum ss_format { SS_FORMAT_TEXT, SS_FORMAT_JSON, SS_FORMAT_SARIF };

enum ss_action {
	SS_ACTION_SCAN,
	SS_ACTION_HELP,
	SS_ACTION_VERSION,
	SS_ACTION_LIST_RULES,
	SS_ACTION_PRINT_FLAGS,		/* the parser flags each PATH would get */
	SS_ACTION_PRINT_CHANGED_LINES,	/* the lines a diff adds, as JSON */
	SS_ACTION_PRINT_DIAGNOSTICS,	/* what a compiler says of files, as JSON */
};

struct ss_options {
	enum ss_action action;
	enum ss_format format;
	const char *output;		/* -o FILE, or NULL for stdout */
	const char *build_dir;		/* -p DIR: where compile_commands.json is */
	const char *srcroot;		/* --srcroot: base of SARIF's relative URIs */
	unsigned jobs;			/* -j; 0 = one per core */
	double time_limit;		/* --time-limit: CPU seconds per file, 0: none */
	bool verbose;
	bool quiet;
	bool follow_symlinks;
	bool strict;			/* a file that cannot be analysed is an error */
	bool parse_all;			/* no prefilter */
	bool no_pch;			/* no precompiled common headers */
	enum ss_headers headers;
	bool no_cache;			/* --no-cache */
	bool patch_files;		/* --patch-files: the JSON report lists the files
					   each patch may change (rules/patch_choice.h) */
	struct ss_word_query *patch_words;	/* --patch-words: spatch's choice of
						   files for other patches */
	size_t npatch_words;
	const char *cache_dir;		/* --cache-dir, or NULL for the default */
	struct ss_kversion kernel;	/* --kernel=X.Y: every file's version, or
					   unknown to take each file's tree's */
	/* the gate (gate.h) */
	const char *baseline;
	const char *write_baseline;
	const char *changed_lines;
	/* Kbuild mode only */
	bool fatal;
	bool parse_errors;
	/* --print-changed-lines=DIFF */
	const char *diff;
	const char *diagnose;		/* --print-diagnostics: the list of pairs */
	char **paths;			/* points into argv */
	size_t npaths;
};

/* CPU seconds a file may take by default: a generated 50 MB file fits. */
#define SS_DEFAULT_TIME_LIMIT 60.0

enum ss_options_mode { SS_OPTIONS_SCAN, SS_OPTIONS_KBUILD };

/*
 * 0 on success; -1 on a usage error, with a one-line message in err.  In
 * Kbuild mode argv holds the checker's own options only (no paths).
 */
int ss_options_parse(int argc, char **argv, enum ss_options_mode mode,
		     struct ss_options *o, char *err, size_t errlen);

/* Whether a long option ("--baseline") takes its value as the next argument. */
bool ss_options_takes_value(const char *arg);

void ss_options_usage(FILE *f);
void ss_options_free(struct ss_options *o);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ANALYSE_H
#define SAFESEEK_ANALYSE_H

/*
 * The analysis of one source buffer: parse it (parse/parse.h), run every
 * rule on the model of the parse, and append the findings to a sink; with
 * --headers=auto, under the bundled header first and with the real headers
 * only when that leaves something undecided.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "findings/findings.h"
#include "flags/plan.h"
#include "input/source.h"
#include "parse/parse.h"
#include "util/container.h"

struct ss_outcome {
	bool analysed;		/* false: not analysed, `problem` says why */
	enum ss_how how;	/* the way it was finally parsed */
	char *detail;		/* for -v */
	char *problem;		/* one line for stderr, or NULL */
	bool problem_expected;	/* parse errors under the fallback header:
				   shown only with -v */
	unsigned main_errors;	/* errors clang found in the file itself */
	bool precompiled;	/* parsed with the common headers precompiled */
	unsigned escalated;	/* parsed with its real headers after the bundled
				   header left these undecided (SS_UNDECIDED_*) */
	unsigned undecided;	/* what the bundled header left undecided when no
				   real headers were there to ask (SS_UNDECIDED_*):
				   a file of an unconfigured tree, one whose headers
				   failed, --headers=bundled */
	struct strvec headers;	/* every file the parses included, absolute */
	struct strvec patches;	/* with policy->patch_files: the semantic patches
				   that may change the file */
};

/*
 * `display` is the path printed in findings, `clang_path` an absolute name
 * for libclang (the bytes of src are handed over as an unsaved file of that
 * name, so the file is not read again).
 */
void ss_analyse(CXIndex idx, const char *display, const char *clang_path,
		const struct ss_source *src, const struct ss_plan *plan,
		const struct ss_parse_policy *policy, struct ss_findings *sink,
		struct ss_outcome *out);

void ss_outcome_free(struct ss_outcome *o);

/* SS_UNDECIDED_* bits in words, for -v: "f_pos of an unknown type, ..."
   (to be freed). */
char *ss_analyse_reasons(unsigned why);

#endif

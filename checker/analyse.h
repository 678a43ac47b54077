#ifndef SAFESEEK_ANALYSE_H
#define SAFESEEK_ANALYSE_H

/*
 * The analysis of one source buffer: parse it with libclang (falling back to
 * the bundled header when the file's own headers fail), build the model, run
 * every rule, and append the findings to a sink.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "findings.h"
#include "pch.h"
#include "source.h"
#include "strvec.h"

enum ss_how { SS_HOW_COMPDB, SS_HOW_TREE, SS_HOW_FALLBACK };

struct ss_plan {
	enum ss_how how;
	struct strvec args;	/* parser arguments, not naming the file */
	bool vfs_core;
	bool may_fall_back;	/* retry with the fallback header if headers fail */
	char *why;		/* how the arguments were found, for -v */
	struct ss_pch_cache *pch;	/* precompiled common headers, or NULL */
};

struct ss_outcome {
	bool analysed;		/* false: not analysed, `problem` says why */
	enum ss_how how;	/* the way it was finally parsed */
	char *detail;		/* for -v */
	char *problem;		/* one line for stderr, or NULL */
	bool problem_expected;	/* parse errors under the fallback header:
				   shown only with -v */
	unsigned main_errors;	/* errors clang found in the file itself */
};

/*
 * `display` is the path printed in findings, `clang_path` an absolute name
 * for libclang (the bytes of src are handed over as an unsaved file of that
 * name, so the file is not read again).
 */
void ss_analyse(CXIndex idx, const char *display, const char *clang_path,
		const struct ss_source *src, const struct ss_plan *plan,
		struct ss_findings *sink, struct ss_outcome *out);

const char *ss_how_name(enum ss_how how);

void ss_plan_free(struct ss_plan *p);
void ss_outcome_free(struct ss_outcome *o);

#endif

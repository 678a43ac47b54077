/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PARSE_H
#define SAFESEEK_PARSE_H

/*
 * Parsing one file with libclang: with the flags its plan chose
 * (flags/plan.h), from precompiled common headers when there are some
 * (pch.h), and with the bundled header (flags/fallback.h) when asked to or
 * when the file's own headers fail.  What the diagnostics say of the parse
 * comes with it.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "flags/plan.h"
#include "input/source.h"
#include "parse/pch.h"
#include "util/container.h"

/* What a run asks of a file's parses, beside the plan: the plan says how
   the file can be parsed, the policy what the run wants. */
struct ss_parse_policy {
	struct ss_pch_cache *pch;	/* precompiled common headers, or NULL */
	bool bundled_first;	/* parse with the bundled header first, and with
				   the real headers only when that leaves something
				   undecided (--headers=auto) */
	bool patch_files;	/* say which semantic patches may change the file
				   (--patch-files) */
	bool choice_only;	/* parsed for that alone: no rule needs the file */
	bool list_headers;	/* say which files the parses included (the result
				   cache checks them before reusing a result) */
};

struct ss_parsed {
	CXTranslationUnit tu;	/* NULL: not parsed, `problem` says why */
	CXFile main_file;
	enum ss_how how;	/* the way it was finally parsed */
	char *detail;		/* for -v */
	char *problem;		/* one line for stderr, or NULL */
	bool problem_expected;	/* parse errors under the fallback header */
	unsigned main_errors;	/* errors clang found in the file itself */
	const char *pch;	/* the precompiled header it was given, or NULL;
				   not in the detail: which file is the first to
				   ask for one, and goes without, depends on -j */
};

/*
 * Parse src, under the name `clang_path` (its bytes are handed over as an
 * unsaved file, so the file is not read again): with the plan's flags, or
 * with `fallback` the bundled header.  An error with precompiled headers
 * means a parse from scratch; headers of the file's own that fail mean the
 * bundled header, when the plan may fall back.  A parse with errors and no
 * valid declaration of the file's own is no parse.
 */
void ss_parse(CXIndex idx, const char *clang_path, const struct ss_source *src,
	      const struct ss_plan *plan, const struct ss_parse_policy *policy, bool fallback,
	      struct ss_parsed *out);

/* Appends every file the parse included, the precompiled header's too. */
void ss_parsed_headers(const struct ss_parsed *p, struct strvec *out);

void ss_parsed_free(struct ss_parsed *p);

/*
 * The file parsed as a compiler would see it for a conversion's check:
 * errors and the warnings of a broken contract on, every other warning
 * off; the plan's flags (the bundled header only under a fallback plan).
 * NULL when libclang could not parse it.
 */
CXTranslationUnit ss_parse_to_diagnose(CXIndex idx, const char *clang_path,
				       const struct ss_source *src, const struct ss_plan *plan);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PARSE_H
#define SAFESEEK_PARSE_H

/*
 * What a run asks of a file's parses, beside its plan (flags/plan.h): the
 * plan says how the file can be parsed, the policy what the run wants.
 */

#include <stdbool.h>

#include "parse/pch.h"

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

#endif

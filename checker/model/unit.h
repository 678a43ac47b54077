/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_UNIT_H
#define SAFESEEK_UNIT_H

/*
 * One analysed translation unit, as the rules see it.  The core parses the
 * file, builds the model (model.h) once, runs every rule of the table over
 * it, then frees both.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "flags/kversion.h"
#include "util/container.h"

struct ss_model;
struct ss_facts;
struct ss_findings;
struct ss_rule;

struct ss_unit {
	CXTranslationUnit tu;
	CXFile main_file;
	const char *path;		/* as it will be printed */
	bool vfs_core;			/* fs/<file>.c or io_uring/<file>.c of a kernel tree, or fs/ of the corpus:
					   code that legitimately owns f_pos */
	bool config_known;		/* the parse was given the tree's configuration
					   (its autoconf.h) */
	struct ss_kversion kernel;	/* the version the file is written for, or
					   unknown: what the rules may advise */
	struct ss_model *model;
	const struct ss_facts *facts;	/* the model's fact sheet, with the era's */
	struct ss_findings *sink;	/* where ss_report() appends */
	struct strvec *patches;		/* --patch-files: where the semantic patches that
					   may change the file go (rules/patch_choice.h);
					   NULL when not asked */
	const struct ss_rule **claimant;	/* per f_pos access of the model: the rule
						   that reports it, or NULL */
};

#endif /* SAFESEEK_UNIT_H */

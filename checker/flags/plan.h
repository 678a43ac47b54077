/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PLAN_H
#define SAFESEEK_PLAN_H

/*
 * How one file is to be parsed: with its compile database entry, with the
 * flags of the kernel tree it lies in, or with the bundled fallback header
 * (tree.h, compdb.h, fallback.h).  The one place that chooses.
 */

#include <stdbool.h>
#include <stddef.h>

#include "flags/compdb.h"
#include "flags/kbuild_args.h"
#include "flags/kversion.h"
#include "util/container.h"

enum ss_how { SS_HOW_COMPDB, SS_HOW_TREE, SS_HOW_FALLBACK };

struct ss_plan {
	enum ss_how how;
	struct strvec args;	/* parser arguments, not naming the file */
	char *root;		/* the kernel tree's root, or NULL */
	struct ss_kversion kernel;	/* the tree's kernel version, or unknown */
	bool vfs_core;		/* by its place in the tree, or by its role
				   (ss_plan_role()) */
	bool may_fall_back;	/* retry with the fallback header if headers fail */
	char *config;		/* the autoconf.h the arguments force in, which the
				   bundled header keeps (fallback.h), or NULL */
	char *why;		/* how the arguments were found, for -v */
	char *note;		/* a compile database entry that could not be used, or NULL */
};

/* Which headers a file is parsed with (--headers). */
enum ss_headers {
	SS_HEADERS_AUTO,	/* the bundled header, the real ones when it leaves
				   something undecided */
	SS_HEADERS_REAL,	/* always the real ones (when they parse) */
	SS_HEADERS_BUNDLED,	/* always the bundled one */
};

/* The plan made to parse with `h` (and its `config` found). */
void ss_plan_headers(struct ss_plan *plan, enum ss_headers h);

/* What the file's text says of the plan: a file defining read(2) or the
   VFS functions behind it is the VFS core wherever it lies
   (vfs_entry_text.h). */
void ss_plan_role(struct ss_plan *plan, const char *text, size_t len);

/* The plan for the file at absolute path `abs`; `db` may be NULL. */
void ss_plan_file(const char *abs, const struct ss_compdb *db, struct ss_plan *plan);

/* The plan for the file Kbuild's CHECK= names: the build's own flags, as a
   compile database would give them. */
void ss_plan_kbuild(const char *abs, const struct ss_kbuild_args *k, struct ss_plan *plan);

const char *ss_how_name(enum ss_how how);

void ss_plan_free(struct ss_plan *p);

#endif

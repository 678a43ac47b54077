/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_WALK_H
#define SAFESEEK_WALK_H

/*
 * Finding the files of a run: the PATHs named on the command line, and the
 * .c and .h files below the directories among them.  Hidden directories are
 * not entered; symbolic links met below a named directory are not followed
 * (--follow-symlinks follows them), and a directory that is its own
 * ancestor is entered once.  One directory is read at a time, so that the
 * run can hand out files while the walk goes on.
 */

#include <stdbool.h>

#include "run/options.h"
#include "run/wire.h"

struct ss_walk;

/* Files found go to found(); messages and counts to `all`. */
struct ss_walk *ss_walk_new(const struct ss_options *o, struct ss_file_result *all,
			    void (*found)(void *ctx, const char *path), void *ctx);

/* A PATH of the command line: a file is found at once, a directory is walked. */
void ss_walk_named(struct ss_walk *w, const char *arg);

/* Reads one directory; false when none is left to read. */
bool ss_walk_step(struct ss_walk *w);

/* Says which named directories held no .c or .h file, and frees the walk. */
void ss_walk_free(struct ss_walk *w);

#endif

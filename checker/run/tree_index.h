/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_TREE_INDEX_H
#define SAFESEEK_TREE_INDEX_H

/*
 * The results of the files a scan skipped unparsed (their counts, messages
 * and function summaries), kept in the result cache as one entry per set
 * of inputs and options (in the cache's subdirectory trees/), by file identity: path, device, inode, size,
 * modification and change time.  A re-scan takes an unchanged file's
 * result from here without reading it; only the files the rules want,
 * and changed ones, go to the workers.  A file changed less than a second
 * before the run is not kept: a change in the same clock tick would not
 * show in its times.
 */

#include <stdbool.h>

#include "run/cache.h"
#include "run/options.h"
#include "run/wire.h"

struct ss_tree_index;

/* The index of this run's inputs and options; NULL without a cache. */
struct ss_tree_index *ss_tree_index_open(struct ss_cache *c, const struct ss_options *o);

/*
 * True, with r (empty on entry) filled in, when the file is unchanged
 * since the last run kept its result; otherwise its identity is noted for
 * ss_tree_index_note().
 */
bool ss_tree_index_take(struct ss_tree_index *x, const char *path, struct ss_file_result *r);

/* A worker's result of a file ss_tree_index_take() did not have: kept
   when the file was skipped unparsed. */
void ss_tree_index_note(struct ss_tree_index *x, const char *path,
			const struct ss_file_result *r);

/* Stores the index for the next run when it changed, and frees it. */
void ss_tree_index_close(struct ss_tree_index *x);

#endif

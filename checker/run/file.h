/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FILE_H
#define SAFESEEK_FILE_H

/*
 * Checking one file, in a worker process (pool.h).  Every mode comes here:
 * a tree scan, a compile database and Kbuild's CHECK=.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "flags/compdb.h"
#include "flags/kbuild_args.h"
#include "input/prefilter.h"
#include "input/source.h"
#include "parse/pch.h"
#include "run/options.h"
#include "run/pool.h"
#include "run/wire.h"

struct ss_checker {
	const struct ss_options *opt;
	const struct ss_compdb *db;	/* or NULL */
	const struct ss_kbuild_args *kbuild;	/* CHECK=: the build's flags, or NULL */
	struct ss_prefilter prefilter;		/* what the rules need */
	struct ss_prefilter choice_prefilter;	/* --patch-files: what the choice needs */
	struct ss_pch_cache *pch;	/* or NULL */
	CXIndex index;			/* made by the first file parsed */
	struct ss_cache *cache;		/* results of earlier runs, or NULL */
	struct ss_source_buffer buffer;	/* each file is read into it */
};

/*
 * An ss_pool_work, `ctx` a struct ss_checker: read the file once, turn it
 * away when it is binary or the prefilter finds nothing in it, choose its
 * flags (flags/plan.h), take its result from the cache or parse it and run
 * the rules (analyse.h), and say how it went (record.h).
 */
void ss_check_file(void *ctx, const char *path, struct ss_file_result *out,
		   struct ss_pool_turn *turn);

/*
 * An ss_pool_lost: with --patch-files, a file no worker answered for may
 * hold anything, so every patch is given it.
 */
void ss_lost_file(void *ctx, const char *path, struct ss_file_result *out);

#endif

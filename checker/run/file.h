/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FILE_H
#define SAFESEEK_FILE_H

/*
 * Checking one file, in a worker process (pool.h): read it once, turn a
 * binary file away, let the prefilter skip it, choose its flags (plan.h),
 * parse and analyse it (analyse.h), and say how it went.
 */

#include <clang-c/Index.h>
#include <stdbool.h>

#include "flags/compdb.h"
#include "input/prefilter.h"
#include "input/source.h"
#include "parse/pch.h"
#include "run/options.h"
#include "run/wire.h"

struct ss_checker {
	const struct ss_options *opt;
	const struct ss_compdb *db;	/* or NULL */
	struct ss_prefilter prefilter;		/* what the rules need */
	struct ss_prefilter choice_prefilter;	/* --patch-files: what the choice needs */
	struct ss_pch_cache *pch;	/* or NULL */
	CXIndex index;			/* made by the first file parsed */
	struct ss_cache *cache;		/* results of earlier runs, or NULL */
	struct ss_source_buffer buffer;	/* each file screened is read into it */
};

/* An ss_pool_work: `ctx` is a struct ss_checker. */
void ss_check_file(void *ctx, const char *path, struct ss_file_result *out);

/*
 * An ss_pool_screen, the first look ss_check_file() takes: true when the
 * file is worth a parse; false when `out` already holds all there is to
 * say (cannot be read, binary, skipped).
 */
bool ss_screen_file(void *ctx, const char *path, struct ss_file_result *out);

/*
 * An ss_pool_lost: with --patch-files, a file no worker answered for may
 * hold anything, so every patch is given it.
 */
void ss_lost_file(void *ctx, const char *path, struct ss_file_result *out);

#endif

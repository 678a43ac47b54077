/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_POOL_H
#define SAFESEEK_POOL_H

/*
 * The files of a run are checked in worker processes, so that a crash in
 * libclang or in a rule (hostile input can always find one) ends one worker
 * and never the run, and no process goes on with a heap a crash may have
 * broken.  The run sends each worker a batch of paths, and the worker
 * answers each file it parses as soon as it is done (wire.h), and each
 * file it turns away at first sight with the next answer.  When a worker dies,
 * the first file it had not answered is reported as not analysed, in one
 * line naming the signal, the rest of its batch goes to a new worker, and
 * the run goes on.  The results do not depend on how many workers there
 * are or on which worker checked which file.
 */

#include <stdbool.h>
#include <stddef.h>

#include "run/wire.h"

/* A worker's turn at one file. */
struct ss_pool_turn;

/*
 * What a worker does for one file: fill in `out`.  Runs in the worker.
 * Most files of a tree are turned away after a first look, which cannot
 * crash, and their answers leave together, with the next file worked on
 * or the batch's end: one write for each cost more than looking at them.
 * Before anything that may crash (a parse), the work calls
 * ss_pool_working(turn).
 */
typedef void ss_pool_work(void *ctx, const char *path, struct ss_file_result *out,
			  struct ss_pool_turn *turn);

/* The answers so far leave now: if the work kills the worker, the run
   knows which file it was on. */
void ss_pool_working(struct ss_pool_turn *turn);

/*
 * Said in the run's process of a file no worker could answer for (it died
 * on it, or none could be started): `out` already says so; this adds what
 * the caller needs said of a file it knows nothing about.
 */
typedef void ss_pool_lost(void *ctx, const char *path, struct ss_file_result *out);

/* Shown each file's answer before it is merged into the run's. */
typedef void ss_pool_answered(void *ctx, const char *path, const struct ss_file_result *r);

struct ss_pool;

/* `workers` processes, started on demand; `ctx` is the worker's copy. */
struct ss_pool *ss_pool_new(unsigned workers, ss_pool_work *work, void *ctx);

/* Set what is said of a file lost (default: nothing more). */
void ss_pool_on_lost(struct ss_pool *p, ss_pool_lost *lost);

/* Set who is shown each answer (default: no one). */
void ss_pool_on_answer(struct ss_pool *p, ss_pool_answered *fn, void *ctx);

/*
 * Give each file at most `seconds` of CPU time from its first
 * ss_pool_working() on (0, the default: no limit).  A worker over the
 * limit is ended by SIGPROF, and its file is reported as not analysed,
 * like a crash, naming the limit.
 */
void ss_pool_time_limit(struct ss_pool *p, double seconds);

/* Queue a file. */
void ss_pool_submit(struct ss_pool *p, const char *path);

/*
 * Hand out queued files and take in what the workers send, waiting up to
 * `timeout_ms` for something to happen (-1: as long as it takes).  Every
 * finished file's result is merged into `all`.  Returns the number of files
 * queued or being checked.
 */
size_t ss_pool_wait(struct ss_pool *p, int timeout_ms, struct ss_file_result *all);

/* Stops the workers (each finishes its file first). */
void ss_pool_free(struct ss_pool *p);

#endif

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/run.h"

#include "rules/patch_choice.h"
#include "rules/rule.h"
#include "run/cache.h"
#include "run/file.h"
#include "run/pool.h"
#include "run/tree_index.h"
#include "run/walk.h"
#include "run/xfile.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct progress {
	bool on;
	struct timespec last;
};

/* A line on a terminal, kept up to date while a long scan runs. */
static void show_progress(struct progress *p, const struct ss_file_result *all)
{
	struct timespec now;
	long ms;

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (now.tv_sec - p->last.tv_sec) * 1000 + (now.tv_nsec - p->last.tv_nsec) / 1000000;
	if (ms < 200)
		return;
	p->last = now;
	fprintf(stderr, "\rsafeseek-check: %zu files, %zu analysed, %zu findings\033[K",
		all->stats.files, all->stats.analysed, all->findings.n);
	fflush(stderr);
}

struct feed {
	struct ss_pool *pool;
	struct ss_tree_index *index;
	struct ss_file_result *all;
};

/* Each file found goes to a worker (ss_check_file()), unless the last run
   skipped it and it is unchanged since. */
static void submit(void *arg, const char *path)
{
	struct feed *f = arg;
	struct ss_file_result r = { 0 };

	if (ss_tree_index_take(f->index, path, &r)) {
		ss_file_result_merge(f->all, &r);
		ss_file_result_free(&r);
		return;
	}
	ss_pool_submit(f->pool, path);
}

static void answered(void *ctx, const char *path, const struct ss_file_result *r)
{
	ss_tree_index_note(ctx, path, r);
}

/* With -p and no PATH: every file of the database, printed relative to
   the current directory when it lies below it. */
static void database_inputs(const struct ss_compdb *db, struct ss_pool *pool, size_t *n)
{
	char *cwd = ss_path_absolute(".");

	for (size_t i = 0; i < db->n; i++) {
		const char *f = db->v[i].file, *rel;

		if (ss_compdb_find(db, f) != &db->v[i])
			continue;	/* listed twice */
		rel = cwd ? ss_path_under(f, cwd) : NULL;
		ss_pool_submit(pool, rel ? rel : f);
		(*n)++;
	}
	free(cwd);
}

static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

static int remove_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	remove(p);
	return 0;
}

/*
 * The precompiled headers' directory: the workers share it, and it goes
 * when the run ends, whatever became of them.  Building one costs about two
 * parses: worth it only when more than one file may be parsed.
 */
static char *pch_dir(const struct ss_options *o)
{
	const char *tmp = getenv("TMPDIR");
	char *d;

	if (o->no_pch || (o->npaths == 1 && !o->build_dir && ss_path_has_suffix(o->paths[0], ".c")))
		return NULL;
	d = xasprintf("%s/safeseek-pch-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(d)) {
		free(d);
		return NULL;
	}
	return d;
}

void ss_run(const struct ss_options *o, const struct ss_compdb *db,
	    struct ss_findings *findings, struct ss_messages *msgs,
	    struct ss_stats *stats, struct ss_patch_files *patch_files)
{
	struct ss_checker checker = { .opt = o, .db = db };
	struct ss_file_result all = { 0 };
	struct progress progress = { .on = !o->quiet && isatty(STDERR_FILENO) };
	char *pchdir = pch_dir(o);
	char *reason;
	struct ss_pool *pool;
	struct ss_walk *walk;
	struct feed feed;
	size_t named = 0;

	ss_rules_prefilter_init(&checker.prefilter);
	if (o->patch_files)
		ss_patch_choice_prefilter_init(&checker.choice_prefilter);
	checker.cache = ss_cache_for_run(o->cache_dir, o->no_cache, &reason);
	if (reason) {
		ss_msg_add(&all.msgs, SS_MSG_NOTE, reason, "cannot keep the result cache here; "
			   "going on without it");
		free(reason);
	}
	if (pchdir)
		checker.pch = ss_pch_cache_new(pchdir);
	pool = ss_pool_new(o->jobs ? o->jobs : default_jobs(), ss_check_file, &checker);
	ss_pool_on_lost(pool, ss_lost_file);
	ss_pool_time_limit(pool, o->time_limit);
	feed = (struct feed){ pool, ss_tree_index_open(checker.cache, o), &all };
	ss_pool_on_answer(pool, answered, feed.index);
	walk = ss_walk_new(o, &all, submit, &feed);
	clock_gettime(CLOCK_MONOTONIC, &progress.last);

	for (size_t i = 0; i < o->npaths; i++)
		ss_walk_named(walk, o->paths[i]);
	if (o->npaths == 0 && db)
		database_inputs(db, pool, &named);
	/* The walk goes on while the workers check what it found. */
	while (ss_walk_step(walk)) {
		ss_pool_wait(pool, 0, &all);
		show_progress(&progress, &all);
	}
	while (ss_pool_wait(pool, 200, &all))
		show_progress(&progress, &all);
	ss_walk_free(walk);
	ss_pool_free(pool);
	if (progress.on) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}

	ss_pch_cache_free(checker.pch);
	ss_tree_index_close(feed.index);
	ss_cache_close(checker.cache);
	if (pchdir)
		nftw(pchdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(pchdir);
	ss_prefilter_free(&checker.prefilter);
	ss_prefilter_free(&checker.choice_prefilter);
	ss_xfile_resolve(&all.findings, &all.summaries);
	ss_summaries_free(&all.summaries);
	ss_findings_sort(&all.findings);
	ss_messages_sort(&all.msgs);
	*findings = all.findings;
	*msgs = all.msgs;
	*stats = all.stats;
	ss_patch_files_sort(&all.patch_files);
	*patch_files = all.patch_files;
}

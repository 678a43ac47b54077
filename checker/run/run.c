#define _GNU_SOURCE
#include "run/run.h"
#include "run/crashguard.h"
#include "util/path.h"
#include "input/prefilter.h"
#include "rules/rule.h"
#include "input/source.h"
#include "flags/tree.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A directory named on the command line: symbolic links met below it are
   followed only when they stay inside it (or with --follow-symlinks). */
struct root {
	const char *arg;
	char *real;
	atomic_size_t files;
	struct root *next;
};

/* Directories being walked, linked to their parents to notice loops. */
struct dirnode {
	dev_t dev;
	ino_t ino;
	const struct dirnode *parent;
	struct dirnode *next;
};

struct item {
	bool is_dir;
	char *path;			/* as printed */
	struct root *root;		/* NULL for files named or listed */
	const struct dirnode *parent;	/* the directory it was found in */
	struct item *next;
};

struct shared {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct item *stack;
	size_t pending;			/* on the stack or being processed */
	struct dirnode *nodes;

	const struct ss_options *opt;
	const struct ss_compdb *db;
	struct ss_prefilter prefilter;
	struct ss_pch_cache *pch;	/* NULL with --no-pch */

	bool progress;
	pthread_mutex_t progress_lock;
	struct timespec last_progress;
	atomic_size_t done, parsed, nfindings;
};

struct worker {
	pthread_t thread;
	struct shared *sh;
	CXIndex index;
	struct ss_findings findings;
	struct ss_messages msgs;
	struct ss_stats stats;
};

static void push_items(struct shared *sh, struct item *list, size_t n)
{
	struct item *last = list;

	if (!n)
		return;
	while (last->next)
		last = last->next;
	pthread_mutex_lock(&sh->lock);
	last->next = sh->stack;
	sh->stack = list;
	sh->pending += n;
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);
}

static struct item *new_item(bool is_dir, char *path, struct root *root,
			     const struct dirnode *parent)
{
	struct item *it = xcalloc(1, sizeof(*it));

	it->is_dir = is_dir;
	it->path = path;
	it->root = root;
	it->parent = parent;
	return it;
}

static void prepend(struct item **list, size_t *n, struct item *it)
{
	it->next = *list;
	*list = it;
	(*n)++;
}

static bool has_c_suffix(const char *name)
{
	return ss_path_has_suffix(name, ".c") || ss_path_has_suffix(name, ".h");
}

static void symlink_entry(struct worker *w, struct item *dir, const char *path,
			  const char *name, struct item **list, size_t *n)
{
	const struct ss_options *o = w->sh->opt;
	struct stat st;
	char *real;
	bool inside;

	if (stat(path, &st) < 0) {
		if (o->verbose && has_c_suffix(name))
			ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
				   "dangling symbolic link, not followed");
		return;
	}
	if (!S_ISDIR(st.st_mode) && !(S_ISREG(st.st_mode) && has_c_suffix(name)))
		return;
	if (o->follow_symlinks) {
		if (!S_ISDIR(st.st_mode))
			atomic_fetch_add(&dir->root->files, 1);
		prepend(list, n, new_item(S_ISDIR(st.st_mode), xstrdup(path),
					  dir->root, dir->parent));
		return;
	}
	if (!o->verbose)
		return;
	real = realpath(path, NULL);
	inside = real && dir->root->real &&
		 (strcmp(real, dir->root->real) == 0 ||
		  ss_path_under(real, dir->root->real));
	if (inside)
		ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
			   "symbolic link inside the tree, not followed: "
			   "its target is checked under its own name");
	else
		ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
			   "symbolic link leading outside %s, not followed "
			   "(--follow-symlinks follows it)", dir->root->arg);
	free(real);
}

static void walk_dir(struct worker *w, struct item *dir)
{
	struct shared *sh = w->sh;
	struct item *list = NULL;
	struct dirnode *node;
	struct dirent *de;
	struct stat st;
	size_t n = 0;
	DIR *d;

	d = opendir(dir->path);
	if (!d) {
		ss_msg_add(&w->msgs, SS_MSG_ERROR, dir->path,
			   "cannot read directory: %s", strerror(errno));
		w->stats.failed++;
		return;
	}
	if (fstat(dirfd(d), &st) < 0) {
		ss_msg_add(&w->msgs, SS_MSG_ERROR, dir->path,
			   "cannot read directory: %s", strerror(errno));
		closedir(d);
		return;
	}
	for (const struct dirnode *a = dir->parent; a; a = a->parent) {
		if (a->dev == st.st_dev && a->ino == st.st_ino) {
			ss_msg_add(&w->msgs, SS_MSG_VERBOSE, dir->path,
				   "directory loop, not entered again");
			closedir(d);
			return;
		}
	}
	node = xcalloc(1, sizeof(*node));
	node->dev = st.st_dev;
	node->ino = st.st_ino;
	node->parent = dir->parent;
	pthread_mutex_lock(&sh->lock);
	node->next = sh->nodes;
	sh->nodes = node;
	pthread_mutex_unlock(&sh->lock);

	while ((errno = 0, de = readdir(d))) {
		const char *name = de->d_name;
		unsigned char type = de->d_type;
		char *path;

		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat est;

			if (fstatat(dirfd(d), name, &est, AT_SYMLINK_NOFOLLOW) < 0)
				continue;
			type = S_ISDIR(est.st_mode) ? DT_DIR
			     : S_ISREG(est.st_mode) ? DT_REG
			     : S_ISLNK(est.st_mode) ? DT_LNK : DT_UNKNOWN;
		}
		if (type == DT_DIR) {
			if (name[0] == '.')
				continue;	/* .git and the like hold no sources */
			prepend(&list, &n, new_item(true, ss_path_join(dir->path, name),
						    dir->root, node));
		} else if (type == DT_REG) {
			if (!has_c_suffix(name))
				continue;
			prepend(&list, &n, new_item(false, ss_path_join(dir->path, name),
						    dir->root, node));
			atomic_fetch_add(&dir->root->files, 1);
		} else if (type == DT_LNK) {
			struct item tmp = *dir;

			tmp.parent = node;
			path = ss_path_join(dir->path, name);
			symlink_entry(w, &tmp, path, name, &list, &n);
			free(path);
		}
	}
	if (errno)
		ss_msg_add(&w->msgs, SS_MSG_ERROR, dir->path,
			   "error reading directory: %s", strerror(errno));
	closedir(d);
	push_items(sh, list, n);
}

static void plan_file(struct worker *w, const char *abs, struct ss_plan *plan,
		      const char *display)
{
	ss_plan_file(abs, w->sh->db, plan);
	if (plan->note)
		ss_msg_add(&w->msgs, SS_MSG_NOTE, display, "%s", plan->note);
	if (plan->how != SS_HOW_FALLBACK)
		plan->pch = w->sh->pch;
}

static void analyse_file(struct worker *w, const char *path)
{
	struct shared *sh = w->sh;
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	char *reason, *abs;
	size_t before = w->findings.n;
	long nul;

	w->stats.files++;
	if (ss_source_read(path, &src, &reason) < 0) {
		ss_msg_add(&w->msgs, SS_MSG_ERROR, path, "cannot read: %s", reason);
		free(reason);
		w->stats.failed++;
		return;
	}
	nul = ss_source_nul_offset(&src);
	if (nul >= 0) {
		ss_msg_add(&w->msgs, SS_MSG_ERROR, path,
			   "binary file (NUL byte at offset %ld), not parsed", nul);
		w->stats.failed++;
		ss_source_free(&src);
		return;
	}
	if (!sh->opt->parse_all && !ss_prefilter_match_text(&sh->prefilter, src.buf, src.len)) {
		if (sh->opt->verbose)
			ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
				   "skipped: holds nothing any rule looks for");
		w->stats.skipped++;
		ss_source_free(&src);
		return;
	}
	abs = ss_path_absolute(path);
	if (!abs) {
		ss_msg_add(&w->msgs, SS_MSG_ERROR, path,
			   "cannot tell its absolute path: %s", strerror(errno));
		w->stats.failed++;
		ss_source_free(&src);
		return;
	}
	plan_file(w, abs, &plan, path);
	if (!w->index)
		w->index = clang_createIndex(0, 0);
	ss_analyse(w->index, path, abs, &src, &plan, &w->findings, &out);
	atomic_fetch_add(&sh->parsed, 1);
	if (out.analysed) {
		w->stats.analysed++;
		w->stats.by_how[out.how]++;
		if (out.main_errors)
			w->stats.partial++;
		if (sh->opt->verbose)
			ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
				   "analysed with %s", out.detail);
		if (out.problem)
			ss_msg_add(&w->msgs, out.problem_expected ? SS_MSG_VERBOSE
								   : SS_MSG_NOTE,
				   path, "%s", out.problem);
	} else {
		w->stats.failed++;
		ss_findings_truncate(&w->findings, before);
		if (sh->opt->verbose)
			ss_msg_add(&w->msgs, SS_MSG_VERBOSE, path,
				   "tried with %s", out.detail);
		ss_msg_add(&w->msgs, SS_MSG_ERROR, path, "%s", out.problem);
		/* a crash can leave the index in any state */
		clang_disposeIndex(w->index);
		w->index = NULL;
	}
	atomic_fetch_add(&sh->nfindings, w->findings.n - before);
	ss_outcome_free(&out);
	ss_plan_free(&plan);
	free(abs);
	ss_source_free(&src);
}

static void show_progress(struct shared *sh)
{
	struct timespec now;
	long ms;

	if (!sh->progress || pthread_mutex_trylock(&sh->progress_lock) != 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (now.tv_sec - sh->last_progress.tv_sec) * 1000 +
	     (now.tv_nsec - sh->last_progress.tv_nsec) / 1000000;
	if (ms >= 200) {
		sh->last_progress = now;
		fprintf(stderr, "\rsafeseek-check: %zu files, %zu parsed, %zu findings\033[K",
			atomic_load(&sh->done), atomic_load(&sh->parsed),
			atomic_load(&sh->nfindings));
		fflush(stderr);
	}
	pthread_mutex_unlock(&sh->progress_lock);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;
	void *guard = ss_crash_guard_thread_begin();

	for (;;) {
		struct item *it;

		pthread_mutex_lock(&sh->lock);
		while (!sh->stack && sh->pending)
			pthread_cond_wait(&sh->cond, &sh->lock);
		it = sh->stack;
		if (!it) {
			pthread_mutex_unlock(&sh->lock);
			break;
		}
		sh->stack = it->next;
		pthread_mutex_unlock(&sh->lock);

		if (it->is_dir) {
			walk_dir(w, it);
		} else {
			analyse_file(w, it->path);
			atomic_fetch_add(&sh->done, 1);
			show_progress(sh);
		}
		free(it->path);
		free(it);

		pthread_mutex_lock(&sh->lock);
		if (--sh->pending == 0)
			pthread_cond_broadcast(&sh->cond);
		pthread_mutex_unlock(&sh->lock);
	}
	if (w->index)
		clang_disposeIndex(w->index);
	ss_crash_guard_thread_end(guard);
	return NULL;
}

/* A named PATH: checked here, so that a missing one is reported even when
   nothing else is. */
static struct item *named_input(const char *arg, struct root **roots,
				struct ss_messages *msgs, struct ss_stats *stats)
{
	struct stat st;
	struct root *r;

	if (stat(arg, &st) < 0) {
		ss_msg_add(msgs, SS_MSG_ERROR, arg, "%s", strerror(errno));
		stats->path_error = true;
		return NULL;
	}
	if (S_ISREG(st.st_mode)) {
		if (access(arg, R_OK) < 0) {
			ss_msg_add(msgs, SS_MSG_ERROR, arg, "cannot read: %s",
				   strerror(errno));
			stats->path_error = true;
			return NULL;
		}
		return new_item(false, xstrdup(arg), NULL, NULL);
	}
	if (!S_ISDIR(st.st_mode)) {
		ss_msg_add(msgs, SS_MSG_ERROR, arg, "not a regular file or directory");
		stats->path_error = true;
		return NULL;
	}
	if (access(arg, R_OK | X_OK) < 0) {
		ss_msg_add(msgs, SS_MSG_ERROR, arg, "cannot read directory: %s",
			   strerror(errno));
		stats->path_error = true;
		return NULL;
	}
	r = xcalloc(1, sizeof(*r));
	r->arg = arg;
	r->real = realpath(arg, NULL);
	atomic_init(&r->files, 0);
	r->next = *roots;
	*roots = r;
	return new_item(true, xstrdup(arg), r, NULL);
}

/* With -p and no PATH: every file of the database, printed relative to
   the current directory when it lies below it. */
static struct item *database_inputs(const struct ss_compdb *db, size_t *n)
{
	struct item *list = NULL, **tail = &list;
	char *cwd = ss_path_absolute(".");

	*n = 0;
	for (size_t i = 0; i < db->n; i++) {
		const char *f = db->v[i].file, *rel;

		if (ss_compdb_find(db, f) != &db->v[i])
			continue;	/* listed twice */
		rel = cwd ? ss_path_under(f, cwd) : NULL;
		*tail = new_item(false, xstrdup(rel ? rel : f), NULL, NULL);
		tail = &(*tail)->next;
		(*n)++;
	}
	free(cwd);
	return list;
}

static void merge_stats(struct ss_stats *dst, const struct ss_stats *src)
{
	dst->files += src->files;
	dst->analysed += src->analysed;
	dst->skipped += src->skipped;
	dst->failed += src->failed;
	dst->partial += src->partial;
	for (int i = 0; i < 3; i++)
		dst->by_how[i] += src->by_how[i];
}

static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

void ss_run(const struct ss_options *o, const struct ss_compdb *db,
	    struct ss_findings *findings, struct ss_messages *msgs,
	    struct ss_stats *stats)
{
	struct shared sh = { .opt = o, .db = db };
	struct item *inputs = NULL, **tail = &inputs;
	struct root *roots = NULL;
	struct worker *workers;
	bool *started;
	unsigned jobs = o->jobs ? o->jobs : default_jobs();
	size_t n = 0;

	memset(stats, 0, sizeof(*stats));
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);
	pthread_mutex_init(&sh.progress_lock, NULL);
	ss_rules_prefilter_init(&sh.prefilter);
	sh.progress = !o->quiet && isatty(STDERR_FILENO);
	clock_gettime(CLOCK_MONOTONIC, &sh.last_progress);

	for (size_t i = 0; i < o->npaths; i++) {
		struct item *it = named_input(o->paths[i], &roots, msgs, stats);

		if (it) {
			*tail = it;
			tail = &it->next;
			n++;
		}
	}
	if (o->npaths == 0 && db) {
		size_t m;

		*tail = database_inputs(db, &m);
		n += m;
	}
	/* Building the precompiled header costs about two parses: worth it
	   only when more than one file may be parsed. */
	if (!o->no_pch && (n > 1 || (n == 1 && inputs->is_dir)))
		sh.pch = ss_pch_cache_new();
	if (n)
		push_items(&sh, inputs, n);

	/* Parses run on the workers (crashguard.h). */
	ss_crash_guard_init();
	workers = xcalloc(jobs, sizeof(*workers));
	started = xcalloc(jobs, sizeof(*started));
	for (unsigned i = 0; i < jobs; i++) {
		workers[i].sh = &sh;
		started[i] = ss_crash_guard_thread_create(&workers[i].thread, worker_main,
							  &workers[i]) == 0;
	}
	if (!started[0])	/* no thread at all: the run still happens */
		worker_main(&workers[0]);
	for (unsigned i = 0; i < jobs; i++) {
		if (started[i])
			pthread_join(workers[i].thread, NULL);
		ss_findings_move(findings, &workers[i].findings);
		ss_findings_free(&workers[i].findings);
		ss_messages_move(msgs, &workers[i].msgs);
		ss_messages_free(&workers[i].msgs);
		merge_stats(stats, &workers[i].stats);
	}
	free(started);
	free(workers);
	if (sh.progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}

	for (struct root *r = roots, *next; r; r = next) {
		next = r->next;
		if (atomic_load(&r->files) == 0)
			ss_msg_add(msgs, SS_MSG_NOTE, r->arg, "no .c or .h files found");
		free(r->real);
		free(r);
	}
	while (sh.nodes) {
		struct dirnode *next = sh.nodes->next;

		free(sh.nodes);
		sh.nodes = next;
	}
	ss_prefilter_free(&sh.prefilter);
	ss_pch_cache_free(sh.pch);
	pthread_mutex_destroy(&sh.lock);
	pthread_cond_destroy(&sh.cond);
	pthread_mutex_destroy(&sh.progress_lock);
	ss_findings_sort(findings);
	ss_messages_sort(msgs);
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/tree_index.h"

#include "flags/kversion.h"
#include "util/container.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The cache's subdirectory of tree indexes. */
#define SHELF "trees"

/* dev, ino, size, mtime (s, ns), ctime (s, ns) */
#define IDENT 7

struct old_entry {
	uint64_t id[IDENT];
	const char *result;	/* its encoded result, inside `loaded` */
	uint32_t len;
	bool used;
};

struct ss_tree_index {
	struct ss_cache *cache;
	unsigned char id[32];
	struct timespec start;
	struct ss_wire loaded;		/* the last run's entry */
	struct old_entry *old;
	size_t nold;
	struct ss_map old_by_path;
	struct ss_map pending;		/* path -> index in `ids`: not taken */
	uint64_t (*ids)[IDENT];
	size_t nids, capids;
	struct ss_wire out;		/* this run's entries */
	uint32_t nout;
	bool changed;
};

static void key_words(struct ss_cache_key *k, const struct ss_options *o)
{
	for (size_t i = 0; i < o->npatch_words; i++) {
		const struct ss_word_query *q = &o->patch_words[i];

		ss_cache_key_add_str(k, q->patch);
		for (size_t w = 0; w < q->nwords; w++)
			ss_cache_key_add_str(k, q->words[w]);
		ss_cache_key_add(k, q->terms, q->nterms * sizeof(*q->terms));
	}
}

/* The kernel a file directly in `path` (or `path` itself) is written for,
   as the prefilter's era of the file's sheet will find it (file.c). */
static void key_kernel(struct ss_cache_key *k, const char *path)
{
	char *real = realpath(path, NULL);
	char *inside = ss_path_join(real ? real : path, "Makefile");
	struct ss_kversion v = ss_kversion_of_file(inside);
	char name[32];

	ss_cache_key_add_str(k, ss_kversion_name(v, name, sizeof(name)));
	free(inside);
	free(real);
}

/* Everything a skipped file's result depends on besides its bytes: the
   options, and the era the text's sheet is given (the kernel of each
   PATH's tree; one of a tree below a PATH is not looked at, and a
   change of its Makefile's version leaves its skipped files skipped
   until they change). */
static void index_id(struct ss_cache *c, const struct ss_options *o, unsigned char id[32])
{
	struct ss_cache_key *k = ss_cache_key_new(c);
	char *cwd = getcwd(NULL, 0);
	char how[64];

	ss_cache_key_add_str(k, "tree index 1");
	ss_cache_key_add_str(k, cwd);
	free(cwd);
	for (size_t i = 0; i < o->npaths; i++) {
		ss_cache_key_add_str(k, o->paths[i]);
		key_kernel(k, o->paths[i]);
	}
	ss_cache_key_add_str(k, o->build_dir);
	snprintf(how, sizeof(how), "%d %d %d %d %zu %u.%u.%u", o->verbose, o->parse_all,
		 o->patch_files, o->follow_symlinks, o->npatch_words, o->kernel.major,
		 o->kernel.minor, o->kernel.sub);
	ss_cache_key_add_str(k, how);
	key_words(k, o);
	ss_cache_key_id(k, id);
}

static bool get_id(struct ss_wire *w, uint64_t id[IDENT])
{
	for (int i = 0; i < IDENT; i++) {
		uint32_t hi, lo;

		if (!ss_wire_get_u32(w, &hi) || !ss_wire_get_u32(w, &lo))
			return false;
		id[i] = (uint64_t)hi << 32 | lo;
	}
	return true;
}

static void put_id(struct ss_wire *w, const uint64_t id[IDENT])
{
	for (int i = 0; i < IDENT; i++) {
		ss_wire_u32(w, (uint32_t)(id[i] >> 32));
		ss_wire_u32(w, (uint32_t)id[i]);
	}
}

/* The last run's entries; a damaged one is dropped whole. */
static void load(struct ss_tree_index *x)
{
	struct ss_wire *w = &x->loaded;
	uint32_t n;

	if (!ss_cache_load(x->cache, SHELF, x->id, w))
		return;
	if (!ss_wire_get_u32(w, &n) || n > (w->len - w->pos) / (4 * IDENT))
		goto bad;
	x->old = xcalloc(n ? n : 1, sizeof(*x->old));
	for (uint32_t i = 0; i < n; i++) {
		struct old_entry *e = &x->old[i];
		uint32_t plen;
		const char *path;

		if (!ss_wire_get_u32(w, &plen) || plen > w->len - w->pos)
			goto bad;
		path = w->buf + w->pos;
		w->pos += plen;
		if (!get_id(w, e->id) || !ss_wire_get_u32(w, &e->len) ||
		    e->len > w->len - w->pos)
			goto bad;
		e->result = w->buf + w->pos;
		w->pos += e->len;
		ss_map_put(&x->old_by_path, path, plen, i, NULL);
	}
	x->nold = n;
	return;
bad:
	ss_map_free(&x->old_by_path);
	memset(&x->old_by_path, 0, sizeof(x->old_by_path));
	free(x->old);
	x->old = NULL;
	ss_wire_free(w);
}

struct ss_tree_index *ss_tree_index_open(struct ss_cache *c, const struct ss_options *o)
{
	struct ss_tree_index *x;

	if (!c)
		return NULL;
	x = xcalloc(1, sizeof(*x));
	x->cache = c;
	clock_gettime(CLOCK_REALTIME, &x->start);
	index_id(c, o, x->id);
	load(x);
	ss_wire_u32(&x->out, 0);	/* the count, set on closing */
	return x;
}

/* Within a second of the scan's start, to the nanosecond: a file system
   that keeps whole seconds could still give a later change the same time. */
static bool recent(const struct timespec *t, const struct timespec *start)
{
	return t->tv_sec > start->tv_sec - 1 ||
	       (t->tv_sec == start->tv_sec - 1 && t->tv_nsec >= start->tv_nsec);
}

/* The file's identity; false when it cannot be had or changed too
   recently to be told apart from a change still to come. */
static bool identity(const struct ss_tree_index *x, const char *path, uint64_t id[IDENT])
{
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	if (recent(&st.st_mtim, &x->start) || recent(&st.st_ctim, &x->start))
		return false;
	id[0] = (uint64_t)st.st_dev;
	id[1] = (uint64_t)st.st_ino;
	id[2] = (uint64_t)st.st_size;
	id[3] = (uint64_t)st.st_mtim.tv_sec;
	id[4] = (uint64_t)st.st_mtim.tv_nsec;
	id[5] = (uint64_t)st.st_ctim.tv_sec;
	id[6] = (uint64_t)st.st_ctim.tv_nsec;
	return true;
}

static void add_out(struct ss_tree_index *x, const char *path, const uint64_t id[IDENT],
		    const char *result, size_t len)
{
	ss_wire_str(&x->out, path);
	put_id(&x->out, id);
	ss_wire_u32(&x->out, (uint32_t)len);
	xgrow((void **)&x->out.buf, &x->out.cap, x->out.len + len, 1);
	memcpy(x->out.buf + x->out.len, result, len);
	x->out.len += len;
	x->nout++;
}

bool ss_tree_index_take(struct ss_tree_index *x, const char *path, struct ss_file_result *r)
{
	size_t plen = strlen(path), *i;
	uint64_t id[IDENT];
	struct old_entry *e;
	bool added;

	if (!x || !identity(x, path, id))
		return false;
	i = ss_map_get(&x->old_by_path, path, plen);
	e = i ? &x->old[*i] : NULL;
	if (e && memcmp(e->id, id, sizeof(id)) == 0) {
		struct ss_wire w = { (char *)e->result, e->len, e->len, 0 };

		if (ss_wire_get_result(&w, r) && w.pos == w.len) {
			if (!e->used)
				add_out(x, path, id, e->result, e->len);
			e->used = true;
			return true;
		}
		ss_file_result_free(r);
		memset(r, 0, sizeof(*r));
	}
	i = ss_map_put(&x->pending, path, plen, x->nids, &added);
	if (added) {
		xgrow((void **)&x->ids, &x->capids, x->nids + 1, sizeof(*x->ids));
		x->nids++;
	}
	memcpy(x->ids[*i], id, sizeof(id));
	return false;
}

/* A file read and turned away unparsed: nothing else happened to it. */
static bool only_skipped(const struct ss_file_result *r)
{
	const struct ss_stats *s = &r->stats;

	return s->files == 1 && s->skipped == 1 && !s->analysed && !s->failed &&
	       !s->path_error && r->findings.n == 0;
}

void ss_tree_index_note(struct ss_tree_index *x, const char *path,
			const struct ss_file_result *r)
{
	struct ss_wire enc = { 0 };
	size_t *i;

	if (!x || !(i = ss_map_get(&x->pending, path, strlen(path))) || !only_skipped(r))
		return;
	ss_wire_result(&enc, r);
	add_out(x, path, x->ids[*i], enc.buf, enc.len);
	ss_wire_free(&enc);
	x->changed = true;
}

void ss_tree_index_close(struct ss_tree_index *x)
{
	if (!x)
		return;
	/* Unchanged when every kept entry was taken and none was added. */
	if (x->changed || x->nout != x->nold) {
		memcpy(x->out.buf, &x->nout, sizeof(x->nout));
		ss_cache_store(x->cache, SHELF, x->id, &x->out);
	}
	ss_wire_free(&x->out);
	ss_wire_free(&x->loaded);
	ss_map_free(&x->old_by_path);
	ss_map_free(&x->pending);
	free(x->old);
	free(x->ids);
	free(x);
}

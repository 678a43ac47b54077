// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/cache.h"

#include "input/source.h"
#include "util/xalloc.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "safeseek-cache 1\n"

struct header_state {
	bool exists;
	uint64_t size, mtime_s, mtime_ns;
};

struct ss_cache {
	char *dir;
	unsigned char tool[32];		/* the checker binary and its libclang */
	/* headers already looked at by this process: path -> index in seen */
	struct ss_map seen_index;
	struct header_state *seen;
	size_t nseen, capseen;
};

struct ss_cache_key {
	struct sha256_ctx sha;
};

static int mkdir_p(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p + 1; *s && rc == 0; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0777) < 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

static void hash_str(struct sha256_ctx *sha, const char *s)
{
	uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;

	sha256_update(sha, sizeof(n), (const uint8_t *)&n);
	if (s)
		sha256_update(sha, n, (const uint8_t *)s);
}

/*
 * The checker's identity: its own binary (size and modification time: a
 * rebuild is a new checker) and libclang's version.
 */
static void tool_id(unsigned char out[32])
{
	struct sha256_ctx sha;
	struct stat st;
	CXString v = clang_getClangVersion();
	char buf[96];

	sha256_init(&sha);
	hash_str(&sha, MAGIC);
	hash_str(&sha, clang_getCString(v));
	clang_disposeString(v);
	if (stat("/proc/self/exe", &st) == 0) {
		snprintf(buf, sizeof(buf), "%llu %lld.%09ld %llu", (unsigned long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			 (unsigned long long)st.st_ino);
		hash_str(&sha, buf);
	}
	sha256_digest(&sha, 32, out);
}

struct ss_cache *ss_cache_open(const char *dir, char **reason)
{
	struct ss_cache *c;

	if (mkdir_p(dir) < 0 || access(dir, W_OK | X_OK) < 0) {
		*reason = xasprintf("%s: %s", dir, strerror(errno));
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->dir = xstrdup(dir);
	tool_id(c->tool);
	return c;
}

struct ss_cache *ss_cache_for_run(const char *dir, bool off, char **reason)
{
	const char *env = getenv("SAFESEEK_NO_CACHE");
	const char *base;
	struct ss_cache *c;
	char *d;

	*reason = NULL;
	if (off || (env && *env))
		return NULL;
	if (dir)
		return ss_cache_open(dir, reason);
	if ((base = getenv("XDG_CACHE_HOME")) && *base == '/')
		d = xasprintf("%s/safeseek", base);
	else if ((base = getenv("HOME")) && *base == '/')
		d = xasprintf("%s/.cache/safeseek", base);
	else
		return NULL;
	c = ss_cache_open(d, reason);
	free(d);
	return c;
}

void ss_cache_close(struct ss_cache *c)
{
	if (!c)
		return;
	ss_map_free(&c->seen_index);
	free(c->seen);
	free(c->dir);
	free(c);
}

struct ss_cache_key *ss_cache_key_new(const struct ss_cache *c)
{
	struct ss_cache_key *k = xcalloc(1, sizeof(*k));

	sha256_init(&k->sha);
	sha256_update(&k->sha, sizeof(c->tool), c->tool);
	return k;
}

void ss_cache_key_add(struct ss_cache_key *k, const void *bytes, size_t len)
{
	uint64_t n = len;

	sha256_update(&k->sha, sizeof(n), (const uint8_t *)&n);
	sha256_update(&k->sha, len, bytes);
}

void ss_cache_key_add_str(struct ss_cache_key *k, const char *s)
{
	hash_str(&k->sha, s);
}

static char *entry_path(const struct ss_cache *c, const unsigned char id[32], bool make_dir)
{
	char hex[65];

	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	if (make_dir) {
		char *sub = xasprintf("%s/%.2s", c->dir, hex);

		mkdir(sub, 0777);
		free(sub);
	}
	return xasprintf("%s/%.2s/%s", c->dir, hex, hex + 2);
}

static struct header_state look(const char *path)
{
	struct header_state h = { 0 };
	struct stat st;

	if (stat(path, &st) == 0) {
		h.exists = true;
		h.size = (uint64_t)st.st_size;
		h.mtime_s = (uint64_t)st.st_mtim.tv_sec;
		h.mtime_ns = (uint64_t)st.st_mtim.tv_nsec;
	}
	return h;
}

/* A header's state now, looked at once per process however many files read it. */
static const struct header_state *header_now(struct ss_cache *c, const char *path)
{
	bool added;
	size_t *i = ss_map_put(&c->seen_index, path, strlen(path), c->nseen, &added);

	if (added) {
		xgrow((void **)&c->seen, &c->capseen, c->nseen + 1, sizeof(*c->seen));
		c->seen[c->nseen++] = look(path);
	}
	return &c->seen[*i];
}

static void put_u64(struct ss_wire *w, uint64_t v)
{
	ss_wire_u32(w, (uint32_t)(v >> 32));
	ss_wire_u32(w, (uint32_t)v);
}

static bool get_u64(struct ss_wire *w, uint64_t *v)
{
	uint32_t hi, lo;

	if (!ss_wire_get_u32(w, &hi) || !ss_wire_get_u32(w, &lo))
		return false;
	*v = (uint64_t)hi << 32 | lo;
	return true;
}

static bool read_all(const char *path, struct ss_wire *w)
{
	struct ss_source src;
	char *reason;

	if (ss_source_read_any(path, &src, &reason) < 0) {
		free(reason);
		return false;
	}
	w->buf = src.buf;	/* the wire takes the buffer over */
	w->len = w->cap = src.len;
	return true;
}

/* Whether every header the entry lists is as it was; w reads on after them. */
static bool headers_unchanged(struct ss_cache *c, struct ss_wire *w)
{
	uint32_t n;

	if (!ss_wire_get_u32(w, &n))
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct header_state then = { true, 0, 0, 0 };
		const struct header_state *now;
		char *path;
		bool same;

		if (!ss_wire_get_str(w, &path))
			return false;
		if (!path || !get_u64(w, &then.size) || !get_u64(w, &then.mtime_s) ||
		    !get_u64(w, &then.mtime_ns)) {
			free(path);
			return false;
		}
		now = header_now(c, path);
		same = now->exists && now->size == then.size && now->mtime_s == then.mtime_s &&
		       now->mtime_ns == then.mtime_ns;
		free(path);
		if (!same)
			return false;
	}
	return true;
}

bool ss_cache_get(struct ss_cache *c, struct ss_cache_key *k, unsigned char id[32],
		  struct ss_file_result *r)
{
	struct ss_wire w = { 0 };
	char *path;
	bool ok;

	sha256_digest(&k->sha, 32, id);
	free(k);
	path = entry_path(c, id, false);
	ok = read_all(path, &w) && w.len >= sizeof(MAGIC) - 1 &&
	     memcmp(w.buf, MAGIC, sizeof(MAGIC) - 1) == 0;
	free(path);
	w.pos = sizeof(MAGIC) - 1;
	ok = ok && headers_unchanged(c, &w) && ss_wire_get_result(&w, r) && w.pos == w.len;
	if (!ok) {
		ss_file_result_free(r);
		memset(r, 0, sizeof(*r));
	}
	ss_wire_free(&w);
	return ok;
}

/* Written to a temporary name and renamed: a reader never sees half an entry. */
void ss_cache_put(struct ss_cache *c, const unsigned char id[32], const struct strvec *headers,
		  const struct ss_file_result *r)
{
	struct ss_wire w = { 0 };
	char *path = entry_path(c, id, true);
	char *tmp = xasprintf("%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	size_t count_at;
	uint32_t nheaders = 0;

	xgrow((void **)&w.buf, &w.cap, sizeof(MAGIC) - 1, 1);
	memcpy(w.buf, MAGIC, sizeof(MAGIC) - 1);
	w.len = sizeof(MAGIC) - 1;
	count_at = w.len;
	ss_wire_u32(&w, 0);
	for (size_t i = 0; i < headers->n; i++) {
		struct header_state h = look(headers->v[i]);

		/* the bundled header is no file: it is part of the checker */
		if (!h.exists)
			continue;
		ss_wire_str(&w, headers->v[i]);
		put_u64(&w, h.size);
		put_u64(&w, h.mtime_s);
		put_u64(&w, h.mtime_ns);
		nheaders++;
	}
	memcpy(w.buf + count_at, &nheaders, sizeof(nheaders));
	ss_wire_result(&w, r);
	for (size_t off = 0; ok && off < w.len;) {
		ssize_t n = write(fd, w.buf + off, w.len - off);

		if (n < 0 && errno == EINTR)
			continue;
		ok = n > 0;
		off += n > 0 ? (size_t)n : 0;
	}
	if (fd >= 0 && close(fd) < 0)
		ok = false;
	if (ok)
		ok = rename(tmp, path) == 0;
	if (!ok && fd >= 0)
		unlink(tmp);
	ss_wire_free(&w);
	free(tmp);
	free(path);
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/cache.h"

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

/*
 * An entry: MAGIC, the SHA-256 of the rest, then the rest: the headers the
 * parse read and the result.  One that fails the sum is damaged, a miss.
 */
#define MAGIC "safeseek-cache 2\n"
#define MAGIC_LEN (sizeof(MAGIC) - 1)
#define SUM_LEN 32
/* Larger than any result of one file; an entry past it is not read. */
#define MAX_ENTRY ((size_t)256 << 20)

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

	struct stat st;

	if (mkdir_p(dir) < 0 || stat(dir, &st) < 0) {
		*reason = xasprintf("%s: %s", dir, strerror(errno));
		return NULL;
	}
	if (!S_ISDIR(st.st_mode)) {
		*reason = xasprintf("%s: not a directory", dir);
		return NULL;
	}
	if (access(dir, W_OK | X_OK) < 0) {
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

/* Where the entry of id goes: DIR/ab/cdef..., or on a shelf DIR/SHELF/abcdef... */
static char *entry_path(const struct ss_cache *c, const char *shelf, const unsigned char id[32],
			bool make_dir)
{
	char hex[65];

	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	if (make_dir) {
		char *sub = shelf ? xasprintf("%s/%s", c->dir, shelf)
				  : xasprintf("%s/%.2s", c->dir, hex);

		mkdir(sub, 0777);
		free(sub);
	}
	return shelf ? xasprintf("%s/%s/%s", c->dir, shelf, hex)
		     : xasprintf("%s/%.2s/%s", c->dir, hex, hex + 2);
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

/*
 * The entry's bytes, when it is a regular file of a size an entry can
 * have: never a FIFO (which would hang the read), a device or what a
 * symbolic link leads to.
 */
static bool read_entry(const char *path, struct ss_wire *w)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	size_t got = 0;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < MAGIC_LEN + SUM_LEN || (size_t)st.st_size > MAX_ENTRY) {
		close(fd);
		return false;
	}
	w->cap = (size_t)st.st_size;
	w->buf = xmalloc(w->cap);
	while (got < w->cap) {
		ssize_t n = read(fd, w->buf + got, w->cap - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	w->len = got;
	return got == w->cap;
}

static void sum(const char *bytes, size_t len, uint8_t out[SUM_LEN])
{
	struct sha256_ctx sha;

	sha256_init(&sha);
	sha256_update(&sha, len, (const uint8_t *)bytes);
	sha256_digest(&sha, SUM_LEN, out);
}

void ss_cache_entry_seal(struct ss_wire *w, const void *payload, size_t len)
{
	size_t at = w->len;

	xgrow((void **)&w->buf, &w->cap, at + MAGIC_LEN + SUM_LEN + len, 1);
	memcpy(w->buf + at, MAGIC, MAGIC_LEN);
	if (len)
		memcpy(w->buf + at + MAGIC_LEN + SUM_LEN, payload, len);
	sum(w->buf + at + MAGIC_LEN + SUM_LEN, len, (uint8_t *)w->buf + at + MAGIC_LEN);
	w->len = at + MAGIC_LEN + SUM_LEN + len;
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

bool ss_cache_entry_decode(struct ss_cache *c, const char *buf, size_t len,
			   struct ss_file_result *r)
{
	struct ss_wire w = { (char *)buf, len, len, MAGIC_LEN + SUM_LEN };
	uint8_t want[SUM_LEN];
	bool ok = len >= MAGIC_LEN + SUM_LEN && memcmp(buf, MAGIC, MAGIC_LEN) == 0;

	if (ok) {
		sum(buf + MAGIC_LEN + SUM_LEN, len - MAGIC_LEN - SUM_LEN, want);
		ok = memcmp(want, buf + MAGIC_LEN, SUM_LEN) == 0;
	}
	ok = ok && headers_unchanged(c, &w) && ss_wire_get_result(&w, r) && w.pos == w.len;
	if (!ok) {
		ss_file_result_free(r);
		memset(r, 0, sizeof(*r));
	}
	return ok;
}

void ss_cache_key_id(struct ss_cache_key *k, unsigned char id[32])
{
	sha256_digest(&k->sha, 32, id);
	free(k);
}

bool ss_cache_get(struct ss_cache *c, struct ss_cache_key *k, unsigned char id[32],
		  struct ss_file_result *r)
{
	struct ss_wire w = { 0 };
	char *path;
	bool ok;

	ss_cache_key_id(k, id);
	path = entry_path(c, NULL, id, false);
	ok = read_entry(path, &w) && ss_cache_entry_decode(c, w.buf, w.len, r);
	free(path);
	ss_wire_free(&w);
	return ok;
}

bool ss_cache_load(struct ss_cache *c, const char *shelf, const unsigned char id[32],
		   struct ss_wire *payload)
{
	char *path = entry_path(c, shelf, id, false);
	uint8_t want[SUM_LEN];
	bool ok = read_entry(path, payload) && memcmp(payload->buf, MAGIC, MAGIC_LEN) == 0;

	free(path);
	if (ok) {
		sum(payload->buf + MAGIC_LEN + SUM_LEN, payload->len - MAGIC_LEN - SUM_LEN, want);
		ok = memcmp(want, payload->buf + MAGIC_LEN, SUM_LEN) == 0;
	}
	if (!ok)
		ss_wire_free(payload);
	payload->pos = ok ? MAGIC_LEN + SUM_LEN : 0;
	return ok;
}

/* Written to a temporary name and renamed: a reader never sees half an entry. */
void ss_cache_store(struct ss_cache *c, const char *shelf, const unsigned char id[32],
		    const struct ss_wire *payload)
{
	struct ss_wire w = { 0 };
	char *path, *tmp;
	bool ok;
	int fd;

	ss_cache_entry_seal(&w, payload->buf, payload->len);
	if (w.len > MAX_ENTRY) {
		ss_wire_free(&w);
		return;
	}
	path = entry_path(c, shelf, id, true);
	tmp = xasprintf("%s.XXXXXX", path);
	fd = mkstemp(tmp);
	ok = fd >= 0;
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

void ss_cache_put(struct ss_cache *c, const unsigned char id[32], const struct strvec *headers,
		  const struct ss_file_result *r)
{
	struct ss_wire payload = { 0 };
	size_t count_at = 0;
	uint32_t nheaders = 0;

	ss_wire_u32(&payload, 0);
	for (size_t i = 0; i < headers->n; i++) {
		struct header_state h = look(headers->v[i]);

		/* the bundled header is no file: it is part of the checker */
		if (!h.exists)
			continue;
		ss_wire_str(&payload, headers->v[i]);
		put_u64(&payload, h.size);
		put_u64(&payload, h.mtime_s);
		put_u64(&payload, h.mtime_ns);
		nheaders++;
	}
	memcpy(payload.buf + count_at, &nheaders, sizeof(nheaders));
	ss_wire_result(&payload, r);
	ss_cache_store(c, NULL, id, &payload);
	ss_wire_free(&payload);
}

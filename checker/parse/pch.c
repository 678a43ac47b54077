// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "parse/pch.h"

#include "util/path.h"
#include "util/xalloc.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Headers most drivers include, in an order that compiles on every era. */
static const char *const common_headers[] = {
	"linux/kernel.h", "linux/module.h", "linux/init.h", "linux/types.h",
	"linux/errno.h", "linux/slab.h", "linux/fs.h", "linux/sched.h", "linux/mm.h",
	"linux/uaccess.h", "asm/uaccess.h", "linux/device.h", "linux/miscdevice.h",
	"linux/interrupt.h", "linux/io.h", "linux/spinlock.h", "linux/mutex.h",
	"linux/wait.h", "linux/poll.h", "linux/seq_file.h", "linux/proc_fs.h",
	"linux/sysctl.h", "linux/string.h", "linux/list.h", "linux/delay.h",
	NULL
};

/* What this process knows of one set of arguments. */
struct entry {
	char *key;		/* the arguments, NUL-separated */
	size_t keylen;
	char *path;		/* the .pch, or NULL when it could not be built */
};

struct ss_pch_cache {
	char *dir;		/* shared by the processes of a run */
	struct entry *e;
	size_t n, cap;
};

struct ss_pch_cache *ss_pch_cache_new(const char *dir)
{
	struct ss_pch_cache *c = xcalloc(1, sizeof(*c));

	c->dir = xstrdup(dir);
	return c;
}

void ss_pch_cache_free(struct ss_pch_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->e[i].path);
		free(c->e[i].key);
	}
	free(c->dir);
	free(c->e);
	free(c);
}

/* Macros Kbuild defines for each file alone: they would split the cache. */
static bool per_file_macro(const char *name)
{
	return strncmp(name, "KBUILD_", 7) == 0 || strncmp(name, "__KBUILD_", 9) == 0;
}

/* The arguments that decide what the common headers mean, NUL-separated. */
static char *key_of(const struct strvec *args, size_t *len)
{
	char *k = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		size_t alen;

		if ((strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0) && i + 1 < args->n &&
		    per_file_macro(args->v[i + 1])) {
			i++;
			continue;
		}
		if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) && per_file_macro(a + 2))
			continue;
		alen = strlen(a) + 1;
		xgrow((void **)&k, &cap, n + alen, 1);
		memcpy(k + n, a, alen);
		n += alen;
	}
	*len = n;
	return k ? k : xstrdup("");
}

static bool has_errors(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool bad = false;

	for (unsigned i = 0; i < n && !bad; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return bad;
}

static bool write_header(const char *path)
{
	FILE *f = fopen(path, "w");
	bool ok;

	if (!f)
		return false;
	for (size_t i = 0; common_headers[i]; i++)
		fprintf(f, "#if __has_include(<%s>)\n#include <%s>\n#endif\n",
			common_headers[i], common_headers[i]);
	ok = fflush(f) == 0;
	return fclose(f) == 0 && ok;
}

static void add_inclusion(CXFile included, CXSourceLocation *stack, unsigned depth,
			  CXClientData data)
{
	CXString name;
	char *abs;

	(void)stack;
	if (depth == 0)		/* the main file */
		return;
	name = clang_getFileName(included);
	abs = ss_path_absolute(clang_getCString(name));
	if (abs)
		strvec_push(data, abs);
	free(abs);
	clang_disposeString(name);
}

void ss_inclusions(CXTranslationUnit tu, struct strvec *out)
{
	clang_getInclusions(tu, add_inclusion, out);
}

/* STEM.inc: every header the precompiled header was made of, one a line. */
static bool write_inclusions(CXTranslationUnit tu, const char *stem)
{
	char *path = xasprintf("%s.inc", stem);
	FILE *f = fopen(path, "w");
	struct strvec headers = { 0 };
	bool ok = f != NULL;

	free(path);
	if (!f)
		return false;
	ss_inclusions(tu, &headers);
	for (size_t i = 0; i < headers.n; i++)
		fprintf(f, "%s\n", headers.v[i]);
	strvec_clear(&headers);
	ok = fflush(f) == 0;
	return fclose(f) == 0 && ok;
}

void ss_pch_headers(const char *pch, struct strvec *out)
{
	size_t n = strlen(pch);
	char *path = xasprintf("%.*s.inc", (int)(n > 4 ? n - 4 : n), pch);
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	free(path);
	if (!f)
		return;
	while ((len = getline(&line, &cap, f)) > 0) {
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		strvec_push(out, line);
	}
	free(line);
	fclose(f);
}

/* Build STEM.pch (and STEM.h, which it is made from) for the key. */
static bool build(const char *stem, CXIndex idx, const char *key, size_t keylen)
{
	char *h = xasprintf("%s.h", stem);
	char *pch = xasprintf("%s.pch", stem);
	struct strvec args = { 0 };
	CXTranslationUnit tu = NULL;
	bool ok = false;

	for (const char *a = key; a < key + keylen; a += strlen(a) + 1)
		strvec_push(&args, a);
	strvec_push(&args, "-x");
	strvec_push(&args, "c-header");
	if (write_header(h) &&
	    clang_parseTranslationUnit2(idx, h, (const char *const *)args.v, (int)args.n,
					NULL, 0,
					CXTranslationUnit_ForSerialization |
						CXTranslationUnit_Incomplete,
					&tu) == CXError_Success &&
	    tu && !has_errors(tu))
		ok = clang_saveTranslationUnit(tu, pch, clang_defaultSaveOptions(tu)) ==
		     CXSaveError_None && write_inclusions(tu, stem);
	if (tu)
		clang_disposeTranslationUnit(tu);
	strvec_clear(&args);
	if (!ok)
		unlink(pch);
	free(pch);
	free(h);
	return ok;
}

static bool file_is(const char *path, const char *want, size_t n)
{
	FILE *f = fopen(path, "rb");
	char *buf = xmalloc(n + 1);
	bool same = f && fread(buf, 1, n + 1, f) == n && memcmp(buf, want, n) == 0;

	if (f)
		fclose(f);
	free(buf);
	return same;
}

static bool write_file(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(text, 1, n, f) == n;

	return f ? fclose(f) == 0 && ok : false;
}

/*
 * The .pch for a key, from the shared directory: the first process to ask
 * builds it, holding the key's lock file, and the others wait for it, so
 * that every file with those arguments gets it whichever process checks
 * it.  A failed build leaves a mark, and is not tried again.
 *
 * Building costs about two parses, so the first file to ask is parsed
 * without (*later is set, and the next to ask builds it): a run where one
 * file is sent to its real headers, the usual case of a scan whose files
 * the bundled header mostly answers, builds none.
 */
static char *shared(const char *dir, CXIndex idx, const char *key, size_t keylen, bool *later)
{
	char *stem = xasprintf("%s/%016llx", dir, ss_hash_bytes(key, keylen));
	char *lock = xasprintf("%s.lock", stem), *keyfile = xasprintf("%s.key", stem);
	char *pch = xasprintf("%s.pch", stem), *failed = xasprintf("%s.failed", stem);
	char *asked = xasprintf("%s.asked", stem);
	struct stat st;
	bool ok = false;
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	*later = false;
	if (fd >= 0 && flock(fd, LOCK_EX) == 0) {
		if (stat(pch, &st) == 0) {
			ok = file_is(keyfile, key, keylen);
		} else if (stat(failed, &st) == 0) {
			ok = false;
		} else if (stat(asked, &st) != 0) {
			int mark = open(asked, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);

			*later = mark >= 0;
			if (mark >= 0)
				close(mark);
		} else if (write_file(keyfile, key, keylen)) {
			ok = build(stem, idx, key, keylen);
		}
		if (!ok && !*later && stat(pch, &st) != 0)
			close(open(failed, O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
	}
	if (fd >= 0)
		close(fd);	/* and with it the lock */
	free(stem);
	free(lock);
	free(keyfile);
	free(failed);
	free(asked);
	if (!ok) {
		free(pch);
		pch = NULL;
	}
	return pch;
}

const char *ss_pch_for(struct ss_pch_cache *c, CXIndex idx, const struct strvec *args)
{
	size_t keylen, i;
	char *key = key_of(args, &keylen), *path;
	bool later;

	for (i = 0; i < c->n; i++)
		if (c->e[i].keylen == keylen && memcmp(c->e[i].key, key, keylen) == 0)
			break;
	if (i < c->n) {
		free(key);
		return c->e[i].path;
	}
	path = shared(c->dir, idx, key, keylen, &later);
	if (later) {
		free(key);
		return NULL;
	}
	xgrow((void **)&c->e, &c->cap, c->n + 1, sizeof(*c->e));
	c->e[c->n] = (struct entry){ key, keylen, path };
	return c->e[c->n++].path;
}

void ss_pch_args(const struct strvec *args, const char *pch, struct strvec *out)
{
	for (size_t i = 0; i < args->n; i++) {
		if (strcmp(args->v[i], "-include") == 0 && i + 1 < args->n) {
			i++;
			continue;
		}
		strvec_push(out, args->v[i]);
	}
	strvec_push(out, "-include-pch");
	strvec_push(out, pch);
}

#define _GNU_SOURCE
#include "parse/pch.h"

#include "util/xalloc.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

enum state { NEW, BUILDING, READY, FAILED };

struct entry {
	char *key;		/* the arguments, NUL-separated */
	size_t keylen;
	enum state state;
	char *path;		/* the .pch, when READY */
};

struct ss_pch_cache {
	pthread_mutex_t lock;
	pthread_cond_t built;
	char *dir;		/* created on first build */
	struct entry *e;
	size_t n, cap;
};

struct ss_pch_cache *ss_pch_cache_new(void)
{
	struct ss_pch_cache *c = xcalloc(1, sizeof(*c));

	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->built, NULL);
	return c;
}

void ss_pch_cache_free(struct ss_pch_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (c->e[i].path) {
			char *h = xasprintf("%.*s.h", (int)strlen(c->e[i].path) - 4, c->e[i].path);

			unlink(c->e[i].path);
			unlink(h);
			free(h);
		}
		free(c->e[i].path);
		free(c->e[i].key);
	}
	if (c->dir)
		rmdir(c->dir);
	free(c->dir);
	free(c->e);
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->built);
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

/* Build the .pch for the entry's key; the lock is not held. */
static char *build(const char *dir, size_t id, CXIndex idx, const char *key, size_t keylen)
{
	char *h = xasprintf("%s/common-%zu.h", dir, id);
	char *pch = xasprintf("%s/common-%zu.pch", dir, id);
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
		     CXSaveError_None;
	if (tu)
		clang_disposeTranslationUnit(tu);
	strvec_clear(&args);
	if (!ok) {
		unlink(pch);
		unlink(h);
		free(pch);
		pch = NULL;
	}
	free(h);
	return pch;
}

static bool make_dir(struct ss_pch_cache *c)
{
	const char *tmp = getenv("TMPDIR");
	char *t;

	if (c->dir)
		return true;
	t = xasprintf("%s/safeseek-pch-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t)) {
		free(t);
		return false;
	}
	c->dir = t;
	return true;
}

const char *ss_pch_for(struct ss_pch_cache *c, CXIndex idx, const struct strvec *args)
{
	size_t keylen, i;
	char *key = key_of(args, &keylen), *path;
	const char *r = NULL;

	pthread_mutex_lock(&c->lock);
	for (i = 0; i < c->n; i++)
		if (c->e[i].keylen == keylen && memcmp(c->e[i].key, key, keylen) == 0)
			break;
	if (i == c->n) {
		xgrow((void **)&c->e, &c->cap, c->n + 1, sizeof(*c->e));
		c->e[c->n++] = (struct entry){ key, keylen, NEW, NULL };
	} else {
		free(key);
	}
	/* Every file waits for the build rather than parse without it, so
	   which files get it does not depend on the order they come in. */
	while (c->e[i].state == BUILDING)
		pthread_cond_wait(&c->built, &c->lock);
	if (c->e[i].state == NEW) {
		if (!make_dir(c)) {
			c->e[i].state = FAILED;
		} else {
			/* The entry array may move while unlocked; its key does not. */
			c->e[i].state = BUILDING;
			key = c->e[i].key;
			keylen = c->e[i].keylen;
			pthread_mutex_unlock(&c->lock);
			path = build(c->dir, i, idx, key, keylen);
			pthread_mutex_lock(&c->lock);
			c->e[i].path = path;
			c->e[i].state = path ? READY : FAILED;
			pthread_cond_broadcast(&c->built);
		}
	}
	if (c->e[i].state == READY)
		r = c->e[i].path;
	pthread_mutex_unlock(&c->lock);
	return r;
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

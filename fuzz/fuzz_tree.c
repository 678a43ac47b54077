// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tree-root detection and the path helpers under it.  The input describes a
 * small directory tree, built afresh for every input in a private scratch
 * directory, and a file in it:
 *
 *   line 1         the file whose tree is looked for, relative to the tree
 *   "d REL"        a directory
 *   "f REL"        an empty regular file
 *   "l REL TARGET" a symbolic link (made last, so nothing is ever created
 *                  through one)
 *
 * REL never leaves the scratch directory: it has no ".." and nothing is
 * created below a symbolic link.  TARGET may point anywhere, as a link in a
 * stranger's tree may (it is only ever looked at).
 */
#define _GNU_SOURCE
#include "util/path.h"
#include "util/container.h"
#include "flags/tree.h"

#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ENTRIES 48
#define MAX_NAME 200

static char scratch[256];

static int remove_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	if (f->level > 0)
		remove(p);
	return 0;
}

static void clear_scratch(void)
{
	nftw(scratch, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void remove_scratch(void)
{
	clear_scratch();
	rmdir(scratch);
}

static void make_scratch(void)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

	snprintf(scratch, sizeof(scratch), "%s/safeseek-fuzz-tree-%ld", base, (long)getpid());
	if (mkdir(scratch, 0700) < 0 && errno != EEXIST)
		abort();
	atexit(remove_scratch);
}

/* A relative path that stays below the scratch directory. */
static int safe_rel(const char *rel)
{
	const char *p = rel;

	if (!*rel || rel[0] == '/' || strlen(rel) > MAX_NAME)
		return 0;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return 0;
		p += n;
		p += *p == '/';
	}
	return 1;
}

/*
 * Creates the directories above path, below the scratch directory.  Fails
 * when one of them is a symbolic link: an earlier entry's link must never
 * lead a later entry out of the scratch directory.
 */
static int make_parents(char *path)
{
	for (char *s = strchr(path + strlen(scratch) + 1, '/'); s; s = strchr(s + 1, '/')) {
		struct stat st;
		int ok;

		*s = '\0';
		mkdir(path, 0755);
		ok = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
		*s = '/';
		if (!ok)
			return -1;
	}
	return 0;
}

static void create(char kind, const char *rel, const char *target)
{
	char *path;

	if (!safe_rel(rel) || asprintf(&path, "%s/%s", scratch, rel) < 0)
		return;
	if (make_parents(path) < 0) {
		free(path);
		return;
	}
	if (kind == 'd') {
		mkdir(path, 0755);
	} else if (kind == 'f') {
		FILE *f = fopen(path, "wx");

		if (f)
			fclose(f);
	} else if (kind == 'l' && target && strlen(target) <= MAX_NAME) {
		symlink(target, path);
	}
	free(path);
}

static void check_normalize(const char *s)
{
	char *a, *b;
	size_t n;

	if (asprintf(&a, "/%s", s) < 0)
		return;
	ss_path_normalize(a);
	n = strlen(a);
	if (a[0] != '/' || strstr(a, "//") || strstr(a, "/./") || strstr(a, "/../") ||
	    (n > 1 && a[n - 1] == '/') || (n >= 2 && strcmp(a + n - 2, "/.") == 0) ||
	    (n >= 3 && strcmp(a + n - 3, "/..") == 0))
		abort();
	b = strdup(a);
	ss_path_normalize(b);
	if (strcmp(a, b) != 0)		/* normalising twice changes nothing */
		abort();
	free(b);
	free(a);
}

static void check_args(const struct strvec *args)
{
	for (size_t i = 0; i < args->n; i++)
		if ((strcmp(args->v[i], "-I") == 0 || strcmp(args->v[i], "-include") == 0) &&
		    (i + 1 >= args->n || args->v[i + 1][0] != '/'))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *line, *save = NULL, *query = NULL, *file;
	char *links[MAX_ENTRIES][2];
	size_t nlinks = 0, nentries = 0;
	struct ss_tree t;

	if (!text)
		return 0;
	if (!scratch[0])
		make_scratch();
	memcpy(text, data, size);
	text[size] = '\0';
	if (memchr(data, '\0', size)) {	/* paths hold no NUL */
		free(text);
		return 0;
	}

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!query) {
			query = line;
			check_normalize(line);
			continue;
		}
		if (++nentries > MAX_ENTRIES || strlen(line) < 3 || line[1] != ' ')
			continue;
		if (line[0] == 'l') {
			char *sp = strchr(line + 2, ' ');

			if (sp && nlinks < MAX_ENTRIES) {
				*sp = '\0';
				links[nlinks][0] = line + 2;
				links[nlinks][1] = sp + 1;
				nlinks++;
			}
		} else {
			create(line[0], line + 2, NULL);
		}
	}
	for (size_t i = 0; i < nlinks; i++)
		create('l', links[i][0], links[i][1]);

	if (query && asprintf(&file, "%s/%s", scratch, query) >= 0) {
		ss_path_normalize(file);
		if (ss_tree_find(file, &t)) {
			struct strvec args = { 0 };
			char *fs_h = ss_path_join(t.root, "include/linux/fs.h");
			struct stat st;

			/* the root is an ancestor of the file and has the header */
			if (!t.root || (strcmp(file, t.root) != 0 && !ss_path_under(file, t.root)) ||
			    stat(fs_h, &st) < 0)
				abort();
			free(fs_h);
			(void)ss_tree_headers_usable(&t);
			(void)ss_tree_is_vfs_core(&t, file);
			ss_tree_args(&t, &args);
			check_args(&args);
			strvec_clear(&args);
			ss_tree_free(&t);
		} else if (t.root) {
			abort();
		}
		{
			char *dir = ss_path_dirname(file), *joined = ss_path_join(dir, "x.c");

			if (!ss_path_has_suffix(joined, "x.c"))
				abort();
			free(joined);
			free(dir);
		}
		free(file);
	}
	clear_scratch();
	free(text);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "util/path.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *ss_path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	if (n == 0)
		return xstrdup(name);
	if (dir[n - 1] == '/')
		return xasprintf("%s%s", dir, name);
	return xasprintf("%s/%s", dir, name);
}

void ss_path_normalize(char *path)
{
	char *base = path + (path[0] == '/');
	char *out = base;
	const char *p = base;

	while (*p) {
		const char *start;
		size_t len;

		while (*p == '/')
			p++;
		start = p;
		while (*p && *p != '/')
			p++;
		len = (size_t)(p - start);
		if (len == 0 || (len == 1 && start[0] == '.'))
			continue;
		if (len == 2 && start[0] == '.' && start[1] == '.' &&
		    (out > base || base > path)) {
			/* an absolute path cannot climb above its root */
			while (out > base && out[-1] != '/')
				out--;
			if (out > base)
				out--;
			continue;
		}
		if (out > base)
			*out++ = '/';
		memmove(out, start, len);
		out += len;
	}
	if (out == path)
		*out++ = '.';
	*out = '\0';
}

char *ss_path_absolute(const char *path)
{
	char *abs;

	if (path[0] == '/') {
		abs = xstrdup(path);
	} else {
		char *cwd = getcwd(NULL, 0);

		if (!cwd)
			return NULL;
		abs = ss_path_join(cwd, path);
		free(cwd);
	}
	ss_path_normalize(abs);
	return abs;
}

const char *ss_path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return path[0] == '/' ? path + 1 : NULL;
	if (strncmp(path, dir, n) != 0 || path[n] != '/')
		return NULL;
	return path + n + 1;
}

char *ss_path_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

bool ss_path_has_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);

	return n >= m && strcmp(path + n - m, suffix) == 0;
}

void ss_srcroot_init(struct ss_srcroot *r, const char *dir)
{
	r->abs = ss_path_absolute(dir ? dir : ".");
}

void ss_srcroot_free(struct ss_srcroot *r)
{
	free(r->abs);
	r->abs = NULL;
}

char *ss_srcroot_relative(const struct ss_srcroot *r, const char *file, int *inside)
{
	char *abs = ss_path_absolute(file);
	const char *rel;
	char *out;

	*inside = 0;
	if (!abs)
		return xstrdup(file);
	rel = r->abs ? ss_path_under(abs, r->abs) : NULL;
	if (rel) {
		*inside = 1;
		out = xstrdup(rel);
		free(abs);
		return out;
	}
	return abs;
}

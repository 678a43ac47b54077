#include "util/relpath.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <stdlib.h>

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

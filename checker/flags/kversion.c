// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/kversion.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ss_kversion_known(struct ss_kversion v)
{
	return v.major != 0;
}

/* A run of 1 to 4 digits at *p, advanced past it. */
static bool number(const char **p, unsigned *out)
{
	const char *s = *p;
	unsigned n = 0;
	int digits = 0;

	while (isdigit((unsigned char)*s) && digits < 5) {
		n = n * 10 + (unsigned)(*s++ - '0');
		digits++;
	}
	if (digits == 0 || digits > 4)
		return false;
	*out = n;
	*p = s;
	return true;
}

bool ss_kversion_parse(const char *text, struct ss_kversion *v)
{
	struct ss_kversion r = { 0 };
	const char *p = text;

	if (!number(&p, &r.major) || *p++ != '.' || !number(&p, &r.minor))
		return false;
	if (*p == '.' && (p++, !number(&p, &r.sub)))
		return false;
	if (*p || r.major == 0)
		return false;
	*v = r;
	return true;
}

static int compare(struct ss_kversion v, unsigned major, unsigned minor, unsigned sub)
{
	if (v.major != major)
		return v.major < major ? -1 : 1;
	if (v.minor != minor)
		return v.minor < minor ? -1 : 1;
	if (v.sub != sub)
		return v.sub < sub ? -1 : 1;
	return 0;
}

bool ss_kversion_before(struct ss_kversion v, unsigned major, unsigned minor, unsigned sub)
{
	return ss_kversion_known(v) && compare(v, major, minor, sub) < 0;
}

bool ss_kversion_from(struct ss_kversion v, unsigned major, unsigned minor, unsigned sub)
{
	return ss_kversion_known(v) && compare(v, major, minor, sub) >= 0;
}

const char *ss_kversion_name(struct ss_kversion v, char *buf, size_t n)
{
	if (!ss_kversion_known(v))
		snprintf(buf, n, "unknown");
	else if (v.major < 3)
		snprintf(buf, n, "%u.%u.%u", v.major, v.minor, v.sub);
	else
		snprintf(buf, n, "%u.%u", v.major, v.minor);
	return buf;
}

/*
 * `NAME = digits` on a line of its own, as the top Makefile writes
 * VERSION, PATCHLEVEL and SUBLEVEL; -1 when the line is something else.
 */
static long make_var(const char *line, const char *name)
{
	size_t len = strlen(name);
	const char *p = line;
	long n = 0;

	if (strncmp(p, name, len) != 0)
		return -1;
	p += len;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != '=')
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	while (isdigit((unsigned char)*p) && n < 100000)
		n = n * 10 + (*p++ - '0');
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return *p ? -1 : n;
}

/* The version set at the top of dir/Makefile (its first 4 KiB, where the
   kernel's has it), or false when it sets none. */
static bool makefile_version(const char *dir, struct ss_kversion *v)
{
	char *path = ss_path_join(dir, "Makefile");
	FILE *f = fopen(path, "r");
	long version = -1, patchlevel = -1, sublevel = -1;
	char line[256];
	size_t seen = 0;

	free(path);
	if (!f)
		return false;
	while (seen < 4096 && fgets(line, sizeof(line), f)) {
		long n;

		seen += strlen(line);
		if ((n = make_var(line, "VERSION")) >= 0)
			version = n;
		else if ((n = make_var(line, "PATCHLEVEL")) >= 0)
			patchlevel = n;
		else if ((n = make_var(line, "SUBLEVEL")) >= 0)
			sublevel = n;
	}
	fclose(f);
	if (version <= 0 || patchlevel < 0)
		return false;
	v->major = (unsigned)version;
	v->minor = (unsigned)patchlevel;
	v->sub = sublevel > 0 ? (unsigned)sublevel : 0;
	return true;
}

/* The version of the Makefiles at and above `start`. */
static struct ss_kversion version_above(const char *start)
{
	struct ss_kversion v = { 0 };
	char *dir = xstrdup(start);

	for (;;) {
		char *up;

		if (makefile_version(dir, &v))
			break;
		if (strcmp(dir, "/") == 0 || strcmp(dir, ".") == 0 || !*dir)
			break;
		up = ss_path_dirname(dir);
		free(dir);
		dir = up;
	}
	free(dir);
	return v;
}

struct ss_kversion ss_kversion_of_file(const char *file)
{
	/* The last directory asked about: files come a directory at a time,
	   and each would read the same few Makefiles again. */
	static char *last_dir;
	static struct ss_kversion last;
	char *dir = ss_path_dirname(file);

	if (!last_dir || strcmp(dir, last_dir) != 0) {
		last = version_above(dir);
		free(last_dir);
		last_dir = dir;
	} else {
		free(dir);
	}
	return last;
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "util/outfile.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ss_outfile_open(struct ss_outfile *o, const char *path)
{
	struct stat st;
	char *real = NULL;
	int fd;

	memset(o, 0, sizeof(*o));
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* A device, FIFO or socket (-o /dev/null, -o /dev/stdout) is
		   written to as it is: a file renamed over it would replace the
		   node itself. */
		if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			return -1;
		}
		o->f = fopen(path, "w");
		if (!o->f)
			return -1;
		o->path = xstrdup(path);
		return 0;
	}
	/* A symbolic link stays one: the file it names is replaced. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
		real = realpath(path, NULL);
	o->path = real ? real : xstrdup(path);
	o->tmp = xasprintf("%s.tmp.XXXXXX", o->path);
	fd = mkstemp(o->tmp);
	if (fd < 0)
		goto fail;
	/* mkstemp makes it 0600; a report is as readable as any new file */
	{
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		int e = errno;

		close(fd);
		unlink(o->tmp);
		errno = e;
		goto fail;
	}
	return 0;
fail:
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	return -1;
}

int ss_outfile_commit(struct ss_outfile *o)
{
	int e = 0;

	if (!o->tmp) {		/* written in place */
		if (fflush(o->f) != 0 || ferror(o->f))
			e = errno ? errno : EIO;
		if (fclose(o->f) != 0 && !e)
			e = errno;
		free(o->path);
		memset(o, 0, sizeof(*o));
		errno = e;
		return e ? -1 : 0;
	}
	if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0)
		e = errno ? errno : EIO;
	if (fclose(o->f) != 0 && !e)
		e = errno;
	o->f = NULL;
	if (!e && rename(o->tmp, o->path) != 0)
		e = errno;
	if (e)
		unlink(o->tmp);
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	errno = e;
	return e ? -1 : 0;
}

void ss_outfile_abort(struct ss_outfile *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

#define _GNU_SOURCE
#include "outfile.h"
#include "xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ss_outfile_open(struct ss_outfile *o, const char *path)
{
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = xstrdup(path);
	o->tmp = xasprintf("%s.tmp.XXXXXX", path);
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

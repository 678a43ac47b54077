// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "input/source.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Reads fd to its end into *buf of *cap bytes (grown as needed, one more
 * for the NUL), and closes it; `hint` is the size to expect.  On a regular
 * file a short read is its end: no read more to see it (a tree scan reads
 * some 50,000 files).
 */
static int read_fd(int fd, size_t hint, bool regular, char **buf, size_t *cap, size_t *len,
		   char **reason)
{
	*len = 0;
	if (*cap < hint + 1) {
		*cap = hint + 1;
		*buf = xrealloc(*buf, *cap + 1);
	}
	for (;;) {
		ssize_t n;

		if (*len == *cap) {
			*cap *= 2;
			*buf = xrealloc(*buf, *cap + 1);
		}
		n = read(fd, *buf + *len, *cap - *len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*reason = xstrdup(strerror(errno));
			close(fd);
			return -1;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
		if (regular && *len < *cap)
			break;
	}
	close(fd);
	(*buf)[*len] = '\0';
	return 0;
}

/* Opens a source file, which must be a regular one; its size in *size. */
static int open_regular(const char *path, size_t *size, char **reason)
{
	struct stat st;
	/* O_NONBLOCK: opening a FIFO that happens to be named .c must not hang */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0) {
		*reason = xstrdup(strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		*reason = xstrdup(strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*reason = xstrdup(S_ISDIR(st.st_mode) ? "is a directory"
						       : "not a regular file");
		close(fd);
		return -1;
	}
	*size = (size_t)st.st_size;
	return fd;
}

/* read_fd() into a buffer of src's own, freed again when the read fails. */
static int read_fresh(int fd, size_t hint, bool regular, struct ss_source *src, char **reason)
{
	size_t cap = 0;

	if (read_fd(fd, hint, regular, &src->buf, &cap, &src->len, reason) == 0)
		return 0;
	free(src->buf);
	src->buf = NULL;
	return -1;
}

int ss_source_read(const char *path, struct ss_source *src, char **reason)
{
	size_t size;
	int fd = open_regular(path, &size, reason);

	src->buf = NULL;
	src->len = 0;
	if (fd < 0)
		return -1;
	/* a size of 0 may be a file of /proc, which reads short before its end */
	return read_fresh(fd, size, size > 0, src, reason);
}

int ss_source_read_into(struct ss_source_buffer *b, const char *path, struct ss_source *src,
			char **reason)
{
	size_t size;
	int fd = open_regular(path, &size, reason);

	src->buf = NULL;
	src->len = 0;
	if (fd < 0 || read_fd(fd, size, size > 0, &b->buf, &b->cap, &src->len, reason) < 0)
		return -1;
	src->buf = b->buf;
	return 0;
}

int ss_source_read_any(const char *path, struct ss_source *src, char **reason)
{
	int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO)
					: open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	src->buf = NULL;
	src->len = 0;
	if (fd < 0) {
		*reason = xstrdup(strerror(errno));
		return -1;
	}
	return read_fresh(fd, 65536, false, src, reason);
}

long ss_source_nul_offset(const struct ss_source *src)
{
	const char *p = memchr(src->buf, '\0', src->len);

	return p ? (long)(p - src->buf) : -1;
}

void ss_source_free(struct ss_source *src)
{
	free(src->buf);
	src->buf = NULL;
	src->len = 0;
}

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

/* Reads fd to its end and closes it; `hint` is the size to expect.  On a
   regular file a short read is its end: no read more to see it (a tree
   scan reads some 50,000 files). */
static int read_fd(int fd, size_t hint, bool regular, struct ss_source *src, char **reason)
{
	size_t cap = hint + 1, len = 0;
	char *buf = xmalloc(cap + 1);

	for (;;) {
		ssize_t n;

		if (len == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*reason = xstrdup(strerror(errno));
			free(buf);
			close(fd);
			return -1;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (regular && len < cap)
			break;
	}
	close(fd);
	buf[len] = '\0';
	src->buf = buf;
	src->len = len;
	return 0;
}

int ss_source_read(const char *path, struct ss_source *src, char **reason)
{
	struct stat st;
	int fd;

	src->buf = NULL;
	src->len = 0;
	/* O_NONBLOCK: opening a FIFO that happens to be named .c must not hang */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
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
	/* a size of 0 may be a file of /proc, which reads short before its end */
	return read_fd(fd, (size_t)st.st_size, st.st_size > 0, src, reason);
}

int ss_source_read_entry(struct ss_source_buffer *b, int dirfd, const char *name,
			 struct ss_source *src, char **reason)
{
	/* O_NONBLOCK: should the entry have become a FIFO since, no hang */
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	size_t len = 0;

	src->buf = NULL;
	src->len = 0;
	if (fd < 0) {
		*reason = xstrdup(strerror(errno));
		return -1;
	}
	if (!b->cap) {
		b->cap = 256 * 1024;
		b->buf = xmalloc(b->cap + 1);
	}
	for (;;) {
		ssize_t n = read(fd, b->buf + len, b->cap - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*reason = xstrdup(errno == EISDIR ? "is a directory" : strerror(errno));
			close(fd);
			return -1;
		}
		len += (size_t)n;
		if (len < b->cap)
			break;
		b->cap *= 2;
		b->buf = xrealloc(b->buf, b->cap + 1);
	}
	close(fd);
	b->buf[len] = '\0';
	src->buf = b->buf;
	src->len = len;
	return 0;
}

void ss_source_buffer_free(struct ss_source_buffer *b)
{
	free(b->buf);
	b->buf = NULL;
	b->cap = 0;
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
	return read_fd(fd, 65536, false, src, reason);
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

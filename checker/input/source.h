/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_SOURCE_H
#define SAFESEEK_SOURCE_H

/* A source file read into memory once: the prefilter, libclang (as an
   unsaved file) and the reporters all use these same bytes. */

#include <stddef.h>

struct ss_source {
	char *buf;		/* NUL-terminated for convenience; len excludes it */
	size_t len;
};

/* 0 on success; otherwise -1 with *reason set to a newly allocated
   one-line explanation. */
int ss_source_read(const char *path, struct ss_source *src, char **reason);

/*
 * A buffer a scan reads file after file into, kept from one to the next: a
 * tree holds some 50,000 files, and an allocation for each shows in its
 * time.
 */
struct ss_source_buffer {
	char *buf;
	size_t cap;
};

/* As ss_source_read(), into `b`: *src then points into it until the next
   read, and is not to be freed.  A worker keeps its buffer to its end. */
int ss_source_read_into(struct ss_source_buffer *b, const char *path, struct ss_source *src,
			char **reason);

/* Any readable file, pipes and "-" (standard input) too: a diff or a
   baseline, not a source. */
int ss_source_read_any(const char *path, struct ss_source *src, char **reason);

/* The offset of the first NUL byte, or -1 when there is none. */
long ss_source_nul_offset(const struct ss_source *src);

void ss_source_free(struct ss_source *src);

#endif

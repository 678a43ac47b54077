/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_OUTFILE_H
#define SAFESEEK_OUTFILE_H

/*
 * -o FILE: the report is written to a temporary file next to FILE and
 * renamed over it only when complete, so that a reader never sees half a
 * report and a failed run leaves the old one in place.  When FILE is a
 * symbolic link, the file it names is replaced and the link stays; a FILE
 * that is not a regular file (/dev/null, /dev/stdout, a FIFO) is written
 * to directly.
 */

#include <stdio.h>

struct ss_outfile {
	FILE *f;
	char *path;
	char *tmp;
};

/* 0, or -1 with errno set. */
int ss_outfile_open(struct ss_outfile *o, const char *path);
/* Flushes, syncs and renames; 0, or -1 with errno set (the temporary file
   is removed). */
int ss_outfile_commit(struct ss_outfile *o);
void ss_outfile_abort(struct ss_outfile *o);

#endif

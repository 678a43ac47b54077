/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PATH_H
#define SAFESEEK_PATH_H

#include <stdbool.h>

/* dir + "/" + name, without doubling a trailing slash. */
char *ss_path_join(const char *dir, const char *name);

/* An absolute, lexically normalised form of path ("." and ".." folded,
   repeated slashes collapsed); symlinks are not resolved.  NULL when the
   current directory cannot be found. */
char *ss_path_absolute(const char *path);

/* Folds "." and ".." and repeated slashes of an absolute path in place. */
void ss_path_normalize(char *path);

/* When path lies under dir (both absolute and normalised), the part after
   dir's slash; otherwise NULL.  Points into path. */
const char *ss_path_under(const char *path, const char *dir);

/* The directory part of path ("." when there is none), newly allocated. */
char *ss_path_dirname(const char *path);

bool ss_path_has_suffix(const char *path, const char *suffix);

/*
 * Report paths relative to a source root (--srcroot, else the current
 * directory): what SARIF URIs and fingerprints are built from, so that they
 * do not change with where the tree is checked out.
 */

struct ss_srcroot {
	char *abs;		/* absolute and normalised, or NULL if unknown */
};

void ss_srcroot_init(struct ss_srcroot *r, const char *dir);
void ss_srcroot_free(struct ss_srcroot *r);

/* The path of `file` below the root, or its absolute path when it lies
   elsewhere (*inside is then 0).  Newly allocated. */
char *ss_srcroot_relative(const struct ss_srcroot *r, const char *file, int *inside);

#endif

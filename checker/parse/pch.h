/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PCH_H
#define SAFESEEK_PCH_H

/*
 * Precompiled headers of the common kernel headers (linux/kernel.h,
 * linux/fs.h, linux/module.h, ...), one per set of parser arguments.  With
 * a configured kernel's real headers, those make up nearly all of a parse:
 * about 0.4 s of CPU a file against 0.05 s with the precompiled header.
 *
 * The files given one still see their own #include lines; what changes is
 * that the common headers are seen first.  A parse with one that shows any
 * error is done again without it (parse.c), so a file that clashes with a
 * header it never included loses nothing.
 *
 * One is built, in a directory the processes of a run share, when the
 * second file asks with a set of arguments, and every later file with
 * those arguments gets it.  Building costs about two parses, so the first
 * file is parsed without, and run.c keeps a cache only for runs with more
 * than one file, and removes the directory when the run ends.
 */

#include <clang-c/Index.h>

#include "util/container.h"

struct ss_pch_cache;

/* A cache in `dir`, which exists and which other processes may share. */
struct ss_pch_cache *ss_pch_cache_new(const char *dir);
void ss_pch_cache_free(struct ss_pch_cache *c);

/*
 * A precompiled header for parser arguments `args` (as struct ss_plan has
 * them), built now if another file asked before; NULL for the first file
 * asking and when it could not be built.  The path stays valid until
 * ss_pch_cache_free().
 */
const char *ss_pch_for(struct ss_pch_cache *c, CXIndex idx, const struct strvec *args);

/*
 * The arguments a file is parsed with when given the precompiled header:
 * `args` without the -include files it already holds, then -include-pch.
 */
/* Appends every file the parse included (absolute names; not the main file). */
void ss_inclusions(CXTranslationUnit tu, struct strvec *out);

/* Appends the headers the precompiled header `pch` was made of. */
void ss_pch_headers(const char *pch, struct strvec *out);

void ss_pch_args(const struct strvec *args, const char *pch, struct strvec *out);

#endif /* SAFESEEK_PCH_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_COMPDB_H
#define SAFESEEK_COMPDB_H

/*
 * compile_commands.json, read through libclang's compilation database API
 * and turned into per-file parser arguments: the compiler itself, the
 * source file, output and dependency-file options and everything else that
 * does not change how a file parses are dropped, and relative paths are
 * made absolute against the command's directory.
 */

#include <stddef.h>

#include "util/container.h"

struct ss_compdb_entry {
	char *file;		/* absolute, normalised */
	struct strvec args;	/* parser arguments */
	char *problem;		/* the command could not be used, or NULL */
};

struct ss_compdb {
	char *path;		/* BUILD_DIR/compile_commands.json, for messages */
	struct ss_compdb_entry *v;
	size_t n;
	struct ss_map index;	/* file -> its entry in v */
};

/* NULL with a one-line reason in err when the database cannot be read. */
struct ss_compdb *ss_compdb_load(const char *build_dir, char *err, size_t errlen);

/* The entry for an absolute, normalised path, or NULL. */
const struct ss_compdb_entry *ss_compdb_find(const struct ss_compdb *db,
					     const char *file);

void ss_compdb_free(struct ss_compdb *db);

#endif

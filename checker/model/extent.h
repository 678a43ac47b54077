/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_EXTENT_H
#define SAFESEEK_EXTENT_H

/*
 * The lines a finding stands for beyond its own line, for --changed-lines:
 * a finding reported at a variable with an initializer (a file_operations
 * object for pread-hole and seekable-default) covers the variable and the
 * bodies of the functions its initializer names, so a patch that touches
 * the object or one of its methods is held to it.
 */

#include <clang-c/Index.h>
#include <stddef.h>

#include "findings/findings.h"

/* Appends to *v (of *n ranges); nothing for a finding at anything else. */
void ss_extent_collect(CXTranslationUnit tu, CXFile main_file,
		       CXSourceLocation at, struct ss_line_range **v, size_t *n);

#endif /* SAFESEEK_EXTENT_H */

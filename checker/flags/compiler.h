/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_COMPILER_H
#define SAFESEEK_COMPILER_H

/*
 * The compiler's own headers (stdarg.h, stddef.h, ...).  A kernel build
 * passes -nostdinc and gives them back with `-isystem $(CC
 * -print-file-name=include)`; kernels up to 5.14 include <stdarg.h> from
 * there.  The checker parses with libclang, so the directory must be
 * libclang's own, not gcc's: gcc's headers use builtins clang may not take.
 */

#include "util/container.h"

/* libclang's directory of its own headers, as libclang itself finds
   <stdarg.h>; NULL when it cannot tell. */
const char *ss_compiler_include_dir(void);

/*
 * Make parser arguments use libclang's own headers: an -isystem directory
 * of another compiler's own headers (one holding stdarg.h) becomes
 * libclang's, and with -nostdinc and none given, libclang's is added.
 */
void ss_compiler_include_fix(struct strvec *args);

#endif

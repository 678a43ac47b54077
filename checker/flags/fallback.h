/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FALLBACK_H
#define SAFESEEK_FALLBACK_H

/*
 * The minimal kernel header bundled with the checker (fallback/), for files
 * whose own headers are missing or do not parse.  It is handed to libclang
 * as an unsaved file under a name no real file has.
 */

#include <clang-c/Index.h>

#include "util/container.h"

#define SS_FALLBACK_PATH "/<safeseek>/safeseek-kernel.h"

struct CXUnsavedFile ss_fallback_unsaved(void);

/* Arguments that make the parser use the fallback header instead of any
   include directory. */
void ss_fallback_args(struct strvec *args);

#endif

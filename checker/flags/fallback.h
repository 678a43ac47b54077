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
   include directory, keeping of the file's own arguments `own` (may be
   NULL) what picks its #if branches: macros, target, and `config`, the
   header ss_config_header() found in them (may be NULL). */
void ss_fallback_args(struct strvec *args, const struct strvec *own, const char *config);

/*
 * The header of CONFIG_ macros that the arguments `own` force in (an
 * autoconf.h itself, or the one kconfig.h includes), or NULL; free() it.
 * Only macros: the bundled parse takes it too, and so picks the #ifdef
 * CONFIG_ branches the real headers pick.
 */
char *ss_config_header(const struct strvec *own);

#endif

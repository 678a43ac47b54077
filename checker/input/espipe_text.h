/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ESPIPE_TEXT_H
#define SAFESEEK_ESPIPE_TEXT_H

/*
 * A look at a file's bytes for an llseek method that refuses with
 * -ESPIPE, before deciding to parse it for one.  Most files naming ESPIPE
 * return it from a longer body (a driver refusing one offset, errno
 * tables); only a body that is the return alone is such a refusal
 * (ss_only_returns_negative()).
 */

#include <stdbool.h>
#include <stddef.h>

/* Whether some `return -ESPIPE;` of the text, perhaps cast, may be a whole
   function body: `{` before it and `}` after, blanks and comments
   between.  Anything the scan cannot read back is a "maybe". */
bool ss_text_espipe_body(const char *s, size_t len);

#endif /* SAFESEEK_ESPIPE_TEXT_H */

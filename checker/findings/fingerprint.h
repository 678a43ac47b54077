/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FINGERPRINT_H
#define SAFESEEK_FINGERPRINT_H

/*
 * A finding's identity that survives unrelated edits: a hash of the rule,
 * the file, the function and the reported line's text with all whitespace
 * removed - never the line number, so code that moves keeps its
 * fingerprint and a changed line gets a new one.  SARIF's
 * partialFingerprints and the baselines of --baseline share it.
 */

#include <stddef.h>

#define SS_FINGERPRINT_KEY "safeseek/v1"
#define SS_FINGERPRINT_LEN 16		/* hex digits */

/* Writes SS_FINGERPRINT_LEN hex digits and a NUL to out; `function` may be
   NULL.  The file counts by its path relative to the current directory
   ("./a/b.c", "a/b.c" and its absolute path are one file), or by its
   absolute path when it lies elsewhere. */
void ss_fingerprint(const char *rule, const char *file, const char *function,
		    const char *line_text, char out[SS_FINGERPRINT_LEN + 1]);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_CDEFS_H
#define SAFESEEK_CDEFS_H

/*
 * The function definitions at the outermost level of a C text, found by
 * its brackets alone: a name, a parameter list, then a body (`{` straight
 * after the `)`, or after old-style parameter declarations each ended by
 * `;`).  Preprocessor lines and whatever is inside braces (initializers,
 * struct bodies, the bodies themselves) are stepped over.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_cdef {
	size_t name, name_len;		/* the identifier before the `(`; 0 long when none */
	size_t params, params_end;	/* its `(` and `)` */
	size_t body, body_end;		/* its `{` and `}` */
	bool old_style;			/* parameter declarations between `)` and `{` */
};

/* Calls `each` for every definition of s[0, len) in order until it
   returns false; a definition cut short by the end of the text ends the
   walk.  Returns false when `each` did. */
bool ss_cdefs_each(const char *s, size_t len,
		   bool (*each)(const char *s, size_t len, const struct ss_cdef *d, void *arg),
		   void *arg);

#endif

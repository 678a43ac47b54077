/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_XALLOC_H
#define SAFESEEK_XALLOC_H

/* Allocation that cannot fail: running out of memory ends the run (exit 2). */

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *v (of *cap elements of `size` bytes) so that it holds at least `need`. */
void xgrow(void **v, size_t *cap, size_t need, size_t size);

#endif

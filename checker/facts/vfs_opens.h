/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_VFS_OPENS_H
#define SAFESEEK_VFS_OPENS_H

/*
 * The VFS's own open functions, by what they leave of a file's
 * FMODE_PREAD and FMODE_PWRITE: the model asks after a parse, the
 * prefilter's look at file_operations before one, and the function
 * summaries of both.  Names are `n` bytes at
 * `name`, not necessarily NUL-terminated.
 */

#include <stdbool.h>
#include <stddef.h>

/* nonseekable_open() and stream_open(): they clear both.  A library open
   that ends in one (simple_attr_open()) is the tree's to show, from its
   summary (run/xfile.h), like any other function. */
bool ss_vfs_open_nonseekable(const char *name, size_t n);

/* Whether the word [at, end) of the text `s` (of `len` bytes) calls one
   of those: its name, followed by `(`.  The one text recogniser of the
   call, for the text's look at an open method (input/fops_text.c) and
   the function summaries (model/summary.c) alike. */
bool ss_vfs_open_nonseekable_call(const char *s, size_t len, size_t at, size_t end);

/* generic_file_open(), simple_open(): they leave both set. */
bool ss_vfs_open_seekable(const char *name, size_t n);

#endif /* SAFESEEK_VFS_OPENS_H */

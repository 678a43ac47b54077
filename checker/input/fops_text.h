/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FOPS_TEXT_H
#define SAFESEEK_FOPS_TEXT_H

/*
 * A look at the file_operations initializers in a file's bytes, before
 * deciding to parse it.  Most files that define a file_operations are plain
 * seq_file or nonseekable_open() drivers the fops-level rules have nothing
 * to say about, and a parse costs far more than this scan.
 *
 * It errs one way only: a fact it is not sure of is unknown (a macro, an
 * array, positional entries, an open method it cannot read), and the file
 * is parsed.
 */

#include "facts/facts.h"

#include <stdbool.h>
#include <stddef.h>

/* The file_operations members that move data at the position: "read",
   "write", "aio_read", ..., "read_iter", "write_iter"; NULL-terminated.
   The text scan and the model both go by this list. */
extern const char *const ss_data_methods[];
/* Those of them that read, and those that write. */
extern const char *const ss_read_methods[];
extern const char *const ss_write_methods[];

/*
 * The facts (facts/facts.h) of every file_operations initialized in the
 * code of `s` (not a comment or a string), onto `out`, whose espipe_llseek
 * is already known.  Initializers in a macro's body count, a value the
 * macro's caller passes being anything; one the scan cannot read is a
 * file_operations of which nothing is known.  What the text shows:
 * - whether it hands the variable to an anonymous file maker
 *   (anon_inode_getfile());
 * - its open method: one of the VFS's nonseekable ones, or one every
 *   definition of which calls one, makes the file non-seekable; one surely
 *   defined elsewhere and no seekable VFS open shows nothing either way;
 * - a .read or .write method the text shows reading its position (any
 *   mention but a store or an advance through it) uses it; a data method
 *   surely defined elsewhere is not here.
 */
void ss_fops_text_facts(const char *s, size_t len, struct ss_facts *out);

#endif /* SAFESEEK_FOPS_TEXT_H */

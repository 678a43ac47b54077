/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FOPS_TEXT_H
#define SAFESEEK_FOPS_TEXT_H

/*
 * A look at the file_operations initializers in a file's bytes, before
 * deciding to parse it.  Most files that define a file_operations are plain
 * seq_file or nonseekable_open() drivers the fops-level rules have nothing
 * to say about, and a parse costs far more than this scan.
 *
 * The answer errs one way only: "no" means no initializer of the shape
 * asked can give a finding; anything the scan does not fully understand (a
 * macro, an array, positional entries, an open method it cannot read) is
 * "maybe", and the file is parsed.
 */

#include <stdbool.h>
#include <stddef.h>

/* The file_operations members that move data at the position: "read",
   "write", "aio_read", ..., "read_iter", "write_iter"; NULL-terminated.
   The text scan and the model both go by this list. */
extern const char *const ss_data_methods[];

enum ss_fops_shape {
	SS_FOPS_NO_LLSEEK = 1,		/* no .llseek at all */
	SS_FOPS_NO_LLSEEK_FN = 2,	/* .llseek = no_llseek */
	SS_FOPS_ANY_METHOD = 4,		/* a read, write or llseek method, whatever
					   its open method does */
	SS_FOPS_OWN_LLSEEK = 8,		/* a read or write method and an llseek of its
					   own (not no_llseek or noop_llseek), whatever
					   its open method does */
};

/*
 * Whether some file_operations initialized in the code of `s` (not a
 * comment or a string) has one of the `shapes` and a read or write method,
 * and none of these rules it out:
 * - the text hands it to an anonymous file maker (anon_inode_getfile());
 * - its open method is one of the VFS's nonseekable ones, or every
 *   definition of it calls one, or it is surely defined elsewhere and is
 *   no seekable VFS open (the parse cannot tell what it does);
 * - without .llseek, a .read or .write method the text shows reading its
 *   position (any mention but a store or an advance through it), or a
 *   data method surely defined elsewhere (such a file_operations is no
 *   stream).
 * Initializers in a macro's body count, a value the macro's caller passes
 * being anything.  With SS_FOPS_ANY_METHOD, whether one names a read,
 * write or llseek method at all.
 */
bool ss_fops_text_maybe(const char *s, size_t len, unsigned shapes);

#endif /* SAFESEEK_FOPS_TEXT_H */

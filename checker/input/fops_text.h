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

enum ss_fops_shape {
	SS_FOPS_NO_LLSEEK = 1,		/* no .llseek at all */
	SS_FOPS_NO_LLSEEK_FN = 2,	/* .llseek = no_llseek */
	SS_FOPS_ANY_METHOD = 4,		/* a read, write or llseek method, whatever
					   its open method does */
};

/*
 * Whether some file_operations initialized in `s` has one of the `shapes`,
 * a read or write method, and an open method not known to call
 * nonseekable_open(), stream_open() or simple_attr_open(); without
 * .llseek, also no .read or .write method the text shows using its
 * position (such a file_operations is no stream).  With
 * SS_FOPS_ANY_METHOD, whether one has a read, write or llseek method.
 */
bool ss_fops_text_maybe(const char *s, size_t len, unsigned shapes);

#endif /* SAFESEEK_FOPS_TEXT_H */

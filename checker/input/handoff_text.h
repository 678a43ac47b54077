/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_HANDOFF_TEXT_H
#define SAFESEEK_HANDOFF_TEXT_H

/*
 * Where a file hands each file_operations it defines: to an anonymous
 * file maker, to a device registration, to debugfs or a table of named
 * files, into an open file's f_op.  Read from the bytes, not the parse:
 * without the kernel's headers such calls often fail to parse (an unknown
 * O_CLOEXEC drops the whole statement), and a macro argument
 * (`UVERBS_TYPE_ALLOC_FD(..., &x_fops, ...)`) is seen as written.  The
 * model asks it after a parse, the prefilter before one.
 */

#include <stddef.h>

enum {
	SS_HANDED_PSEUDO = 1u << 0,	/* anon_inode_getfile() and the like: its files
					   are made without any open, and never with
					   FMODE_PREAD or FMODE_PWRITE */
	SS_HANDED_DEVICE = 1u << 1,	/* a device registration: cdev_init(),
					   register_chrdev(), a `fops`/`ops` member */
	SS_HANDED_CONTROL = 1u << 2,	/* debugfs_create_file(), or a table of named
					   files `{ "name", &x_fops, ... }` */
	SS_HANDED_SWAPPED = 1u << 3,	/* `file->f_op = &x_fops`, replace_fops() */
	SS_HANDED_OTHER = 1u << 4,	/* any other call or initializer */
	SS_HANDED_PROC = 1u << 5	/* a /proc entry: proc_create() and the like,
					   or `entry->proc_fops = &x_fops` */
};

/* For each of the `n` fops variables `names`, the SS_HANDED_* bits of
   where the text [s, s + len) hands it, ORed into handed[k]. */
void ss_handoff_text(const char *s, size_t len, const char *const *names, size_t n,
		     unsigned *handed);

#endif /* SAFESEEK_HANDOFF_TEXT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PROVENANCE_H
#define SAFESEEK_PROVENANCE_H

/*
 * Where a file comes from, and what that makes lseek and a shared
 * position mean in the file's era: the one place that judges it.  How a
 * fops' files are made is read from the text (input/handoff_text.h: a
 * device registration, proc_create(), debugfs, an anonymous inode, a
 * swap into f_op) onto the sheet; where one struct file comes from is
 * read from the parse (model/fpos.c, with the openers listed here).
 */

#include "facts/facts.h"

/* Where the struct file whose f_pos some code touches comes from. */
enum ss_file_origin {
	SS_ORIGIN_UNKNOWN,	/* a plain function's parameter, a member, a global */
	SS_ORIGIN_OWN,		/* the file the VFS hands a method: a user's open */
	SS_ORIGIN_KERNEL,	/* opened and held by the kernel itself: filp_open(),
				   dentry_open(), a core dump's file */
};

/* The calls by which the kernel opens a file it then holds itself. */
extern const char *const ss_kernel_openers[];

/* Whether a user's read() or write() may race on the file's position. */
enum ss_tri ss_origin_shares_position(enum ss_file_origin o);

/*
 * Whether lseek() fails on a file of `f` while `f` has no .llseek: from
 * 2.6.37 on (the era), except for a /proc entry, whose proc_reg_llseek()
 * falls back to default_llseek.
 */
enum ss_tri ss_fops_missing_llseek_refuses(const struct ss_facts *s,
					   const struct ss_fops_facts *f);

#endif

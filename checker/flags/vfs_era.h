/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_VFS_ERA_H
#define SAFESEEK_VFS_ERA_H

/*
 * What the VFS of a kernel version does with the file position: the one
 * place that knows, so that rules, messages and patch choice ask here and
 * nothing else holds a version number.  Each fact is yes, no, or unknown
 * when the version is (a rule then judges as the facts of every era allow).
 *
 * How each was established:
 *  - 2.4 to 2.6.7: sys_read()/sys_write() hand methods &file->f_pos itself
 *    and pread()/pwrite() a pointer to their own offset, so a method refuses
 *    pread by `ppos != &file->f_pos`; proc handlers take (table, write,
 *    filp, buffer, lenp) and keep the position in filp->f_pos; no_llseek()
 *    exists.  Written down from the 2.6.7 side of the four 2.6.8 patches
 *    (the seeds) and the 2.4 sources they change.
 *  - 2.6.8: read()/write() pass a copy of f_pos and store it back;
 *    FMODE_PREAD/FMODE_PWRITE with nonseekable_open(), so the VFS refuses
 *    pread and pwrite; proc handlers get `loff_t *ppos` (the seeds).
 *  - 2.6.37: vfs_llseek() falls back to no_llseek, not default_llseek, for
 *    a file_operations without .llseek, so lseek() fails there.
 *  - 3.14: FMODE_ATOMIC_POS; read()/write() of a regular file or a
 *    directory hold f_pos_lock around the method (fdget_pos()), when the
 *    file is shared; 6.1's and 6.12's do_dentry_open() set it for those
 *    two kinds only, and stream_open() clears it.
 *  - 5.2: stream_open() and FMODE_STREAM: read()/write() hand a stream no
 *    position at all.
 *  - 6.0: open clears FMODE_LSEEK of a file whose fops has no .llseek (and
 *    no_llseek is NULL); 6.1's and 6.12's fs/open.c both do.
 *  - 6.12: no_llseek is gone; FMODE_PREAD/FMODE_PWRITE stay set whatever
 *    .llseek says, so a missing .llseek refuses lseek and only lseek.
 *  - sysctl: 2.6.32 took the struct file * out of proc handlers, 5.8 made
 *    their buffer a kernel pointer (void *buffer, no __user), 6.11 their
 *    table const; read from the proc_handler typedef on each side.
 */

#include "facts/facts.h"
#include "flags/kversion.h"

/* The fact for kernel `v`: unknown only when `v` is. */
enum ss_tri ss_vfs(struct ss_kversion v, enum ss_vfs_fact f);
/* Every one of them, onto the sheet of a file written for `v`. */
void ss_vfs_facts(struct ss_kversion v, struct ss_facts *s);

static inline bool ss_vfs_yes(struct ss_kversion v, enum ss_vfs_fact f)
{
	return ss_vfs(v, f) == SS_YES;
}

static inline bool ss_vfs_no(struct ss_kversion v, enum ss_vfs_fact f)
{
	return ss_vfs(v, f) == SS_NO;
}

/* The release that brought the fact ("2.6.8"), or took it away for
   SS_VFS_NO_LLSEEK ("6.12"): the words messages use. */
const char *ss_vfs_since(enum ss_vfs_fact f);

/*
 * The semantic patches learn a tree's era as coccinelle virtual rules
 * (-D NAME): one name per fact on which the tree's VFS differs from
 * today's, so that a plain spatch run, as make coccicheck does it, means
 * today's kernel.  ss_vfs_cocci_name() is that name for fact f at kernel
 * v, or NULL when v agrees with today's; SS_VFS_COCCI_UNKNOWN when v is
 * not known.
 */
#define SS_VFS_COCCI_UNKNOWN "kernel_unknown"
const char *ss_vfs_cocci_name(struct ss_kversion v, enum ss_vfs_fact f);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_VFS_ENTRY_TEXT_H
#define SAFESEEK_VFS_ENTRY_TEXT_H

/*
 * Whether a file is the VFS core by its role, whatever its path: it
 * defines read(2), write(2) or lseek(2), or the VFS functions behind them
 * (sys_read(), ksys_read(), vfs_read(), default_llseek(), ...).  Such a
 * file hands methods the position (before 2.6.8 &file->f_pos itself) and
 * keeps f_pos by design; nothing in it is a driver's leftover.  The path
 * alone (fs/<file>.c of a known tree) cannot tell when the tree's root is
 * not known, as for a subtree copied without its top Makefile.
 */

#include <stdbool.h>
#include <stddef.h>

/* Whether the text defines one of those functions: its name, then a
   parameter list, then a body (`{`, perhaps after K&R declarations), in
   code; or a SYSCALL_DEFINEn(read|write|lseek, ...) body. */
bool ss_text_defines_vfs_entry(const char *s, size_t len);

/* Those functions' names, NULL-terminated. */
extern const char *const ss_vfs_entries[];

#endif /* SAFESEEK_VFS_ENTRY_TEXT_H */

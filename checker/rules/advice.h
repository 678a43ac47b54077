/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ADVICE_H
#define SAFESEEK_ADVICE_H

/*
 * The parts of messages that depend on the kernel a file is written for,
 * worded from what its VFS does (flags/vfs_era.h) so that they also hold
 * for every kernel when the version is unknown.
 */

#include <stdbool.h>
#include <stddef.h>

#include "flags/vfs_era.h"
#include "model/unit.h"

/* The fact for the unit's kernel. */
static inline enum ss_tri ss_unit_vfs(const struct ss_unit *u, enum ss_vfs_fact f)
{
	return ss_vfs(u->kernel, f);
}

/*
 * What to call from the open method: "stream_open()" from 5.2 when no
 * method names the position (`stream`: ss_model_stream_safe());
 * "nonseekable_open()" otherwise, and before 5.2 or when the version is
 * unknown, as it holds on every kernel since 2.6.8 (which added it).
 */
const char *ss_advice_open_call(const struct ss_unit *u, bool stream);

/* The calls an open method may make to refuse seeks: "nonseekable_open()",
   or from 5.2 "stream_open() or nonseekable_open()". */
const char *ss_advice_refusing_calls(const struct ss_unit *u);

/* How the file refuses lseek with `no_llseek`, in its kernel's words. */
const char *ss_advice_no_llseek(const struct ss_unit *u);

#endif

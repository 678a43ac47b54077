/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ADVICE_H
#define SAFESEEK_ADVICE_H

/*
 * The parts of messages that depend on the kernel a file is written for
 * (the unit's version, flags/kversion.h), worded so that they also hold
 * for every kernel when the version is unknown.  What the kernels did:
 *  - before 2.6.37 a file_operations without .llseek got default_llseek,
 *    so lseek() succeeded; from 2.6.37 lseek() fails with -ESPIPE without
 *    one, and from 6.0 open clears FMODE_LSEEK for it (no_llseek became
 *    NULL); 6.12 removed no_llseek;
 *  - nonseekable_open() from 2.6.8; stream_open() from 5.2, which also
 *    hands read and write no position, so it suits only methods that
 *    ignore it.
 */

#include <stdbool.h>
#include <stddef.h>

#include "model/unit.h"

/* Whether the unit's kernel has no no_llseek (6.12 on). */
bool ss_advice_no_llseek_gone(const struct ss_unit *u);

/*
 * What to call from the open method: "stream_open()" from 5.2 when the
 * methods are known to ignore the position (`stream`), with a caveat when
 * that is not known; "nonseekable_open()" before 5.2 or when the version
 * is unknown, as it holds on every kernel since 2.6.8 (which added it).
 */
const char *ss_advice_open_call(const struct ss_unit *u, bool stream);

/* The calls an open method may make to refuse seeks: "nonseekable_open()",
   or from 5.2 "stream_open() or nonseekable_open()". */
const char *ss_advice_refusing_calls(const struct ss_unit *u);

#endif

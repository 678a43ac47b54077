/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_RECORD_H
#define SAFESEEK_RECORD_H

/*
 * What the check of one file says, in its result: counts and messages.  A
 * scan counts every file and says with -v how each went; Kbuild's CHECK=,
 * like sparse, only adds notes to the build's output.
 */

#include "flags/plan.h"
#include "run/analyse.h"
#include "run/file.h"
#include "run/wire.h"

/* The file could not be read; `reason` is freed. */
void ss_record_unreadable(const char *path, char *reason, struct ss_file_result *r);

/* The file holds a NUL byte at `nul`: binary, not parsed. */
void ss_record_binary(const char *path, long nul, struct ss_file_result *r);

/* The prefilter found nothing any rule looks for. */
void ss_record_skipped(const struct ss_checker *c, const char *path, struct ss_file_result *r);

/* The outcome of its analysis. */
void ss_record_outcome(const struct ss_checker *c, const char *path, const struct ss_plan *plan,
		       const struct ss_outcome *o, struct ss_file_result *r);

#endif

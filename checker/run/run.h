/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_RUN_H
#define SAFESEEK_RUN_H

/*
 * One run over the inputs: the named files and directories (walk.h), or
 * every file of the compile database, checked in worker processes
 * (pool.h, file.h).  The findings and messages come back sorted, so that
 * they do not depend on the number of workers.
 */

#include "findings/findings.h"
#include "findings/messages.h"
#include "findings/patch_files.h"
#include "flags/compdb.h"
#include "report/output.h"
#include "run/options.h"

void ss_run(const struct ss_options *o, const struct ss_compdb *db,
	    struct ss_findings *findings, struct ss_messages *msgs,
	    struct ss_stats *stats, struct ss_patch_files *patch_files);

#endif

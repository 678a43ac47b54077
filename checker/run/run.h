#ifndef SAFESEEK_RUN_H
#define SAFESEEK_RUN_H

/*
 * One run over the inputs: named files and directories (walked in
 * parallel), or every file of the compile database.  Workers, each with its
 * own CXIndex, take directories and files from one shared stack; a
 * directory's entries go back on the stack, a file is read, prefiltered and
 * analysed.  Findings and messages are gathered per worker and merged.
 */

#include <stdbool.h>
#include <stddef.h>

#include "run/analyse.h"
#include "flags/compdb.h"
#include "findings/findings.h"
#include "findings/messages.h"
#include "run/options.h"
#include "report/output.h"

void ss_run(const struct ss_options *o, const struct ss_compdb *db,
	    struct ss_findings *findings, struct ss_messages *msgs,
	    struct ss_stats *stats);

#endif

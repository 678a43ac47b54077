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

#include "analyse.h"
#include "compdb.h"
#include "findings.h"
#include "messages.h"
#include "options.h"

struct ss_stats {
	size_t files;		/* .c and .h files met (and files named) */
	size_t analysed;
	size_t skipped;		/* no token any rule needs */
	size_t failed;		/* could not be analysed */
	size_t partial;		/* analysed, but clang found errors in them */
	size_t by_how[3];	/* analysed, by enum ss_how */
	bool path_error;	/* a PATH named on the command line is unusable */
};

void ss_run(const struct ss_options *o, const struct ss_compdb *db,
	    struct ss_findings *findings, struct ss_messages *msgs,
	    struct ss_stats *stats);

#endif

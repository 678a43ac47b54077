#ifndef SAFESEEK_OPTIONS_H
#define SAFESEEK_OPTIONS_H

/* The command line of safeseek-check. */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum ss_format { SS_FORMAT_TEXT, SS_FORMAT_JSON, SS_FORMAT_SARIF };

struct ss_options {
	enum ss_format format;
	const char *output;		/* -o FILE, or NULL for stdout */
	const char *build_dir;		/* -p DIR: where compile_commands.json is */
	const char *srcroot;		/* --srcroot: base of SARIF's relative URIs */
	unsigned jobs;			/* -j; 0 = one per core */
	bool verbose;
	bool quiet;
	bool follow_symlinks;
	bool strict;			/* a file that cannot be analysed is an error */
	bool parse_all;			/* no prefilter */
	bool no_pch;			/* no precompiled common headers */
	bool list_rules;
	bool version;
	bool help;
	char **paths;			/* points into argv */
	size_t npaths;
};

/*
 * Options of other parts of the checker: called with argv[*i] for every
 * option this parser does not know.  Returns 1 when it took the option
 * (leaving *i on its last argument), 0 when it does not know it either,
 * -1 when it is malformed (the callee has printed why).
 */
typedef int ss_extra_option_fn(void *ctx, int argc, char **argv, int *i);

/* 0 on success; -1 on a usage error, with a message in err (empty when
   `extra` printed it). */
int ss_options_parse(int argc, char **argv, struct ss_options *o,
		     ss_extra_option_fn *extra, void *ctx,
		     char *err, size_t errlen);

void ss_options_usage(FILE *f);

#endif

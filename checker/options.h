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
	bool list_rules;
	bool version;
	bool help;
	char **paths;			/* points into argv */
	size_t npaths;
};

/* 0 on success; -1 with a message in err on a usage error. */
int ss_options_parse(int argc, char **argv, struct ss_options *o,
		     char *err, size_t errlen);

void ss_options_usage(FILE *f);

#endif

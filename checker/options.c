#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum opt_id {
	OPT_BUILD_DIR, OPT_JOBS, OPT_OUTPUT, OPT_FORMAT, OPT_SRCROOT,
	OPT_VERBOSE, OPT_QUIET, OPT_FOLLOW, OPT_STRICT, OPT_PARSE_ALL, OPT_NO_PCH,
	OPT_LIST_RULES,
	OPT_VERSION, OPT_HELP,
};

struct opt {
	const char *name;	/* long name, without "--" */
	char letter;		/* short name, or 0 */
	bool takes_value;
	enum opt_id id;
};

static const struct opt opts[] = {
	{ "build-dir", 'p', true, OPT_BUILD_DIR },
	{ "jobs", 'j', true, OPT_JOBS },
	{ "output", 'o', true, OPT_OUTPUT },
	{ "format", 0, true, OPT_FORMAT },
	{ "srcroot", 0, true, OPT_SRCROOT },
	{ "verbose", 'v', false, OPT_VERBOSE },
	{ "quiet", 'q', false, OPT_QUIET },
	{ "follow-symlinks", 0, false, OPT_FOLLOW },
	{ "strict", 0, false, OPT_STRICT },
	{ "parse-all", 0, false, OPT_PARSE_ALL },
	{ "no-pch", 0, false, OPT_NO_PCH },
	{ "list-rules", 0, false, OPT_LIST_RULES },
	{ "version", 0, false, OPT_VERSION },
	{ "help", 'h', false, OPT_HELP },
};

void ss_options_usage(FILE *f)
{
	fputs(
"Usage: safeseek-check [OPTION]... PATH...\n"
"       safeseek-check -p BUILD_DIR [OPTION]... [PATH]...\n"
"\n"
"Find Linux kernel code that still touches file->f_pos itself after the\n"
"2.6.8 \"safe seeks\" change, and file_operations that look seekable but are\n"
"not.  PATHs are C files and directories; directories are searched for .c\n"
"and .h files (hidden directories are not entered).\n"
"\n"
"  -p, --build-dir=DIR    parse each file with its flags from\n"
"                         DIR/compile_commands.json; with no PATH, check\n"
"                         every file listed there\n"
"  -j, --jobs=N           analyse N files at a time (default: one per core)\n"
"  -o, --output=FILE      write the report to FILE instead of standard output\n"
"      --format=FORMAT    text (default), json or sarif\n"
"      --srcroot=DIR      SARIF URIs are relative to DIR (default: the\n"
"                         current directory)\n"
"      --follow-symlinks  follow symbolic links inside directories even when\n"
"                         they lead out of the directory named on the command\n"
"                         line (by default they are not followed)\n"
"      --strict           a file that cannot be analysed makes the exit\n"
"                         status 2\n"
"      --parse-all        parse every file, also those the prefilter would\n"
"                         skip (slow; the findings must not change)\n"
"      --no-pch           parse each file with its real headers from scratch,\n"
"                         without a precompiled header of the common ones\n"
"      --baseline=FILE    report only findings not recorded in FILE\n"
"      --write-baseline=FILE  record every finding in FILE, report none\n"
"      --changed-lines=DIFF   report only findings on lines a unified diff\n"
"                         (-p1 paths, '-' for standard input) adds or changes\n"
"  -v, --verbose          say for each file how it was analysed, or why not\n"
"  -q, --quiet            no summary and no progress line on standard error\n"
"      --list-rules       list the rules: id, severity, confidence, fix, summary\n"
"      --version          print the version and exit\n"
"  -h, --help             print this help and exit\n"
"  --                     end of options: every later argument is a PATH\n"
"\n"
"Files without any token a rule needs (f_pos, ESPIPE, file_operations, ...)\n"
"are skipped unparsed, and so are those whose file_operations plainly give\n"
"no rule anything to report (seq_file, nonseekable_open()).  Files are\n"
"parsed with their compile database flags, else with flags derived from the\n"
"kernel tree they lie in (the nearest directory with include/linux/fs.h),\n"
"else - and whenever those headers fail - with a minimal kernel header\n"
"bundled with the checker.\n"
"\n"
"Given a compiler command line instead (-D, -I, -nostdinc, --arch=, ...),\n"
"as Kbuild's `make C=1 CHECK=safeseek-check` does, it checks the one file\n"
"with those flags and reports on standard error (see the README).\n"
"\n"
"Problems with single files (unreadable, binary, not parsable) are reported\n"
"on standard error, one line each, and the run goes on.\n"
"\n"
"Exit status:\n"
"  0  no findings\n"
"  1  findings reported\n"
"  2  usage or internal error; a PATH named on the command line that does not\n"
"     exist or cannot be read; nothing could be analysed because every file\n"
"     failed; with --strict, any file that could not be analysed.  Findings\n"
"     are still reported when the status is 2.\n",
	      f);
}

static const struct opt *find_long(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (strlen(opts[i].name) == len &&
		    strncmp(opts[i].name, name, len) == 0)
			return &opts[i];
	return NULL;
}

static const struct opt *find_short(char c)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (opts[i].letter == c)
			return &opts[i];
	return NULL;
}

static int apply(struct ss_options *o, const struct opt *op, const char *v,
		 char *err, size_t errlen)
{
	char *end;
	unsigned long n;

	switch (op->id) {
	case OPT_BUILD_DIR:
		o->build_dir = v;
		break;
	case OPT_JOBS:
		errno = 0;
		n = strtoul(v, &end, 10);
		if (!*v || *end || errno || n < 1 || n > 1024) {
			snprintf(err, errlen, "invalid number of jobs '%s' (1..1024)", v);
			return -1;
		}
		o->jobs = (unsigned)n;
		break;
	case OPT_OUTPUT:
		o->output = v;
		break;
	case OPT_FORMAT:
		if (strcmp(v, "text") == 0)
			o->format = SS_FORMAT_TEXT;
		else if (strcmp(v, "json") == 0)
			o->format = SS_FORMAT_JSON;
		else if (strcmp(v, "sarif") == 0)
			o->format = SS_FORMAT_SARIF;
		else {
			snprintf(err, errlen, "unknown format '%s' (text, json or sarif)", v);
			return -1;
		}
		break;
	case OPT_SRCROOT:
		o->srcroot = v;
		break;
	case OPT_VERBOSE:
		o->verbose = true;
		break;
	case OPT_QUIET:
		o->quiet = true;
		break;
	case OPT_FOLLOW:
		o->follow_symlinks = true;
		break;
	case OPT_STRICT:
		o->strict = true;
		break;
	case OPT_PARSE_ALL:
		o->parse_all = true;
		break;
	case OPT_NO_PCH:
		o->no_pch = true;
		break;
	case OPT_LIST_RULES:
		o->list_rules = true;
		break;
	case OPT_VERSION:
		o->version = true;
		break;
	case OPT_HELP:
		o->help = true;
		break;
	}
	return 0;
}

int ss_options_parse(int argc, char **argv, struct ss_options *o,
		     ss_extra_option_fn *extra, void *ctx,
		     char *err, size_t errlen)
{
	bool options_done = false;

	memset(o, 0, sizeof(*o));
	o->paths = calloc((size_t)argc + 1, sizeof(*o->paths));
	if (!o->paths) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		const struct opt *op;
		const char *value = NULL;

		if (options_done || a[0] != '-' || a[1] == '\0') {
			o->paths[o->npaths++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			options_done = true;
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);

			op = find_long(a + 2, len);
			if (!op && extra) {
				int r = extra(ctx, argc, argv, &i);

				if (r < 0) {
					err[0] = '\0';
					return -1;
				}
				if (r > 0)
					continue;
			}
			if (!op) {
				snprintf(err, errlen, "unknown option '%s'", a);
				return -1;
			}
			if (eq && !op->takes_value) {
				snprintf(err, errlen, "option '--%s' takes no value", op->name);
				return -1;
			}
			if (eq)
				value = eq + 1;
		} else {
			op = find_short(a[1]);
			if (!op) {
				snprintf(err, errlen, "unknown option '%s'", a);
				return -1;
			}
			if (a[2] && !op->takes_value) {
				/* -vq: a cluster of flags */
				for (const char *c = a + 1; *c; c++) {
					const struct opt *f = find_short(*c);

					if (!f || f->takes_value) {
						snprintf(err, errlen, "unknown option '-%c' in '%s'", *c, a);
						return -1;
					}
					apply(o, f, NULL, err, errlen);
				}
				continue;
			}
			if (a[2])
				value = a + 2;
		}
		if (op->takes_value && !value) {
			if (i + 1 >= argc) {
				snprintf(err, errlen, "option '%s' needs a value", a);
				return -1;
			}
			value = argv[++i];
		}
		if (apply(o, op, value, err, errlen) < 0)
			return -1;
	}
	if (o->quiet && o->verbose) {
		snprintf(err, errlen, "-q and -v cannot be used together");
		return -1;
	}
	return 0;
}

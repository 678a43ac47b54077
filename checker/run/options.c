// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/options.h"

#include "util/xalloc.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* Long options without a short name get codes past the character range. */
enum {
	OPT_FORMAT = 256, OPT_SRCROOT, OPT_FOLLOW, OPT_STRICT, OPT_PARSE_ALL,
	OPT_NO_PCH, OPT_LIST_RULES, OPT_VERSION, OPT_BASELINE, OPT_WRITE_BASELINE,
	OPT_CHANGED_LINES, OPT_PRINT_FLAGS, OPT_PRINT_CHANGED_LINES, OPT_PRINT_DIAGNOSTICS, OPT_FATAL,
	OPT_PARSE_ERRORS, OPT_HEADERS, OPT_NO_CACHE, OPT_CACHE_DIR, OPT_PATCH_FILES, OPT_KERNEL,
	OPT_PATCH_WORDS, OPT_TIME_LIMIT,
};

static const struct option scan_options[] = {
	{ "build-dir", required_argument, NULL, 'p' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "srcroot", required_argument, NULL, OPT_SRCROOT },
	{ "verbose", no_argument, NULL, 'v' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "parse-all", no_argument, NULL, OPT_PARSE_ALL },
	{ "no-pch", no_argument, NULL, OPT_NO_PCH },
	{ "headers", required_argument, NULL, OPT_HEADERS },
	{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
	{ "patch-files", no_argument, NULL, OPT_PATCH_FILES },
	{ "patch-words", required_argument, NULL, OPT_PATCH_WORDS },
	{ "cache-dir", required_argument, NULL, OPT_CACHE_DIR },
	{ "kernel", required_argument, NULL, OPT_KERNEL },
	{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ "changed-lines", required_argument, NULL, OPT_CHANGED_LINES },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "print-flags", no_argument, NULL, OPT_PRINT_FLAGS },
	{ "print-changed-lines", required_argument, NULL, OPT_PRINT_CHANGED_LINES },
	{ "print-diagnostics", required_argument, NULL, OPT_PRINT_DIAGNOSTICS },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const struct option kbuild_options[] = {
	{ "fatal", no_argument, NULL, OPT_FATAL },
	{ "verbose", no_argument, NULL, 'v' },
	{ "parse-errors", no_argument, NULL, OPT_PARSE_ERRORS },
	{ "headers", required_argument, NULL, OPT_HEADERS },
	{ "kernel", required_argument, NULL, OPT_KERNEL },
	{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ "changed-lines", required_argument, NULL, OPT_CHANGED_LINES },
	{ NULL, 0, NULL, 0 },
};

/* '-': paths come back in order as code 1; ':': a missing value is ':'. */
static const char scan_short[] = "-:p:j:o:vqh";

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
"      --headers=WHICH    auto (default): parse a file of a kernel tree or a\n"
"                         compile database with the bundled header first, and\n"
"                         with its real headers only when that leaves\n"
"                         something a rule needs undecided; real: always its\n"
"                         real headers; bundled: always the bundled header\n"
"      --cache-dir=DIR    keep each analysed file's result in DIR and reuse it\n"
"                         while the file, its flags, the headers it read and\n"
"                         the checker are unchanged (default:\n"
"                         $XDG_CACHE_HOME/safeseek, or ~/.cache/safeseek)\n"
"      --no-cache         neither use nor fill the result cache (also when the\n"
"                         environment variable SAFESEEK_NO_CACHE is set)\n"
"      --time-limit=SECONDS  give up on a file after SECONDS of CPU time\n"
"                         (default 60; 0: no limit), reported like a file\n"
"                         that cannot be parsed\n"
"      --kernel=X.Y       the kernel version the files are written for, which\n"
"                         decides what findings advise (no_llseek before\n"
"                         6.12, stream_open() from 5.2); by default each\n"
"                         file's tree's, from VERSION and PATCHLEVEL of the\n"
"                         nearest Makefile above it setting them (unknown:\n"
"                         advice that holds for every version)\n"
"      --baseline=FILE    report only findings not recorded in FILE\n"
"      --write-baseline=FILE  record every finding in FILE, report none\n"
"      --changed-lines=DIFF   report only findings on lines a unified diff\n"
"                         (-p1 paths, '-' for standard input) adds or changes\n"
"      --patch-files      with --format=json, also list the files each semantic\n"
"                         patch the checker chooses for may change\n"
"                         (stream_open.cocci; what run-check.sh --fix runs it on)\n"
"      --patch-words=PATCH=WORD[+WORD...][,...]  with --patch-files, also list\n"
"                         under PATCH the files holding every word of some\n"
"                         '+'-joined group, each as a whole word: spatch's own\n"
"                         choice of files, which run-check.sh --fix asks spatch\n"
"                         for (repeatable)\n"
"  -v, --verbose          say for each file how it was analysed, or why not\n"
"  -q, --quiet            no summary and no progress line on standard error\n"
"      --list-rules       list the rules: id, severity, confidence, fix,\n"
"                         summary (tab-separated; with --format=json, a JSON\n"
"                         document with each rule's help too)\n"
"      --print-flags      print, as JSON, the parser flags each PATH (a file)\n"
"                         would get, how they were found, and its kernel\n"
"                         version\n"
"      --print-changed-lines=DIFF  print, as JSON, the lines a unified diff\n"
"                         adds or changes in each file\n"
"      --print-diagnostics=LIST  print, as JSON, the errors and broken-contract\n"
"                         warnings a compiler gives each file of LIST\n"
"                         (NUL-terminated pairs: the path to parse it as,\n"
"                         the path to read it from)\n"
"      --version          print the version and exit\n"
"  -h, --help             print this help and exit\n"
"  --                     end of options: every later argument is a PATH\n"
"\n"
"Files without any token a rule needs (f_pos, ESPIPE, file_operations, ...)\n"
"are skipped unparsed, and so are those whose f_pos is never a member and\n"
"whose file_operations plainly give no rule anything to report (seq_file,\n"
"nonseekable_open(), read methods using their position).  Files are\n"
"parsed with their compile database flags, else with flags derived from the\n"
"kernel tree they lie in (the nearest directory with include/linux/fs.h),\n"
"else - and whenever those headers fail - with a minimal kernel header\n"
"bundled with the checker.\n"
"\n"
"Given a compiler command line instead (-D, -I, -nostdinc, --arch=, ...),\n"
"as Kbuild's `make C=1 CHECK=safeseek-check` does, it checks each file named\n"
"there with those flags and reports on standard error; its own options there\n"
"are --fatal, --verbose, --parse-errors, --headers, --kernel, --time-limit,\n"
"--baseline and --changed-lines.\n"
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

static const char *long_name(const struct option *table, int code)
{
	for (; table->name; table++)
		if (table->val == code)
			return table->name;
	return "?";
}

static void known_list(const struct option *table, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (; table->name && len < n; table++)
		len += (size_t)snprintf(buf + len, n - len, "%s--%s%s", len ? ", " : "",
					table->name,
					table->has_arg == required_argument ? " X" : "");
}

/* Options whose value names a file to read or write. */
static bool file_option(const char *name)
{
	static const char *const files[] = {
		"baseline", "write-baseline", "changed-lines", "print-changed-lines",
		"output", NULL,
	};

	for (size_t i = 0; files[i]; i++)
		if (strcmp(name, files[i]) == 0)
			return true;
	return false;
}

/* Why getopt_long stopped on argv[optind - 1]. */
static void bad_option(int c, char **argv, const struct option *table,
		       enum ss_options_mode mode, char *err, size_t errlen)
{
	const char *a = argv[optind - 1];

	if (c == ':') {
		if (a[0] == '-' && a[1] == '-')
			snprintf(err, errlen, "option '%s' needs a %s", a, file_option(a + 2)
				 ? "file" : "value");
		else
			snprintf(err, errlen, "option '-%c' needs a value", optopt);
	} else if (optopt && a[0] == '-' && a[1] == '-' && strchr(a, '=')) {
		snprintf(err, errlen, "option '--%s' takes no value", long_name(table, optopt));
	} else if (mode == SS_OPTIONS_KBUILD) {
		char known[256];

		known_list(table, known, sizeof(known));
		snprintf(err, errlen, "unknown option %s in Kbuild mode (known: %s)", a, known);
	} else if (optopt && !(a[0] == '-' && a[1] == '-')) {
		snprintf(err, errlen, "unknown option '-%c'", optopt);
	} else {
		snprintf(err, errlen, "unknown option '%s'", a);
	}
}

static int parse_jobs(const char *v, unsigned *jobs, char *err, size_t errlen)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || errno || n < 1 || n > 1024 || v[0] == '-') {
		snprintf(err, errlen, "invalid number of jobs '%s' (1..1024)", v);
		return -1;
	}
	*jobs = (unsigned)n;
	return 0;
}

static int parse_time_limit(const char *v, double *limit, char *err, size_t errlen)
{
	char *end;
	double s;

	errno = 0;
	s = strtod(v, &end);
	if (!*v || *end || errno || !(s >= 0 && s <= 86400)) {
		snprintf(err, errlen, "invalid --time-limit '%s' (seconds, 0..86400; 0: no limit)", v);
		return -1;
	}
	*limit = s;
	return 0;
}

static int parse_format(const char *v, enum ss_format *f, char *err, size_t errlen)
{
	if (strcmp(v, "text") == 0)
		*f = SS_FORMAT_TEXT;
	else if (strcmp(v, "json") == 0)
		*f = SS_FORMAT_JSON;
	else if (strcmp(v, "sarif") == 0)
		*f = SS_FORMAT_SARIF;
	else {
		snprintf(err, errlen, "unknown format '%s' (text, json or sarif)", v);
		return -1;
	}
	return 0;
}

/* A file option's value: empty is as good as missing. */
static int file_value(const char **slot, const char *name, char *err, size_t errlen)
{
	if (!*optarg) {
		snprintf(err, errlen, "option --%s needs a file", name);
		return -1;
	}
	*slot = optarg;
	return 0;
}

static int take(struct ss_options *o, int c, char *err, size_t errlen)
{
	switch (c) {
	case 1:
		o->paths[o->npaths++] = optarg;
		return 0;
	case 'p':
		o->build_dir = optarg;
		return 0;
	case 'j':
		return parse_jobs(optarg, &o->jobs, err, errlen);
	case 'o':
		o->output = optarg;
		return 0;
	case OPT_FORMAT:
		return parse_format(optarg, &o->format, err, errlen);
	case OPT_SRCROOT:
		o->srcroot = optarg;
		return 0;
	case 'v':
		o->verbose = true;
		return 0;
	case 'q':
		o->quiet = true;
		return 0;
	case OPT_FOLLOW:
		o->follow_symlinks = true;
		return 0;
	case OPT_STRICT:
		o->strict = true;
		return 0;
	case OPT_PARSE_ALL:
		o->parse_all = true;
		return 0;
	case OPT_NO_PCH:
		o->no_pch = true;
		return 0;
	case OPT_PATCH_FILES:
		o->patch_files = true;
		break;
	case OPT_PATCH_WORDS:
		o->patch_words = xrealloc(o->patch_words,
					  (o->npatch_words + 1) * sizeof(*o->patch_words));
		if (ss_word_query_parse(optarg, &o->patch_words[o->npatch_words], err, errlen) < 0)
			return -1;
		o->npatch_words++;
		return 0;
	case OPT_NO_CACHE:
		o->no_cache = true;
		return 0;
	case OPT_CACHE_DIR:
		if (!*optarg) {
			snprintf(err, errlen, "--cache-dir needs a directory");
			return -1;
		}
		o->cache_dir = optarg;
		return 0;
	case OPT_BASELINE:
		return file_value(&o->baseline, "baseline", err, errlen);
	case OPT_WRITE_BASELINE:
		return file_value(&o->write_baseline, "write-baseline", err, errlen);
	case OPT_CHANGED_LINES:
		return file_value(&o->changed_lines, "changed-lines", err, errlen);
	case OPT_LIST_RULES:
		o->action = SS_ACTION_LIST_RULES;
		return 0;
	case OPT_PRINT_FLAGS:
		o->action = SS_ACTION_PRINT_FLAGS;
		return 0;
	case OPT_PRINT_CHANGED_LINES:
		o->action = SS_ACTION_PRINT_CHANGED_LINES;
		return file_value(&o->diff, "print-changed-lines", err, errlen);
	case OPT_PRINT_DIAGNOSTICS:
		o->action = SS_ACTION_PRINT_DIAGNOSTICS;
		return file_value(&o->diagnose, "print-diagnostics", err, errlen);
	case OPT_VERSION:
		o->action = SS_ACTION_VERSION;
		return 0;
	case 'h':
		o->action = SS_ACTION_HELP;
		return 0;
	case OPT_HEADERS:
		if (strcmp(optarg, "auto") == 0)
			o->headers = SS_HEADERS_AUTO;
		else if (strcmp(optarg, "real") == 0)
			o->headers = SS_HEADERS_REAL;
		else if (strcmp(optarg, "bundled") == 0)
			o->headers = SS_HEADERS_BUNDLED;
		else {
			snprintf(err, errlen, "unknown --headers '%s' (auto, real or bundled)", optarg);
			return -1;
		}
		return 0;
	case OPT_KERNEL:
		if (!ss_kversion_parse(optarg, &o->kernel)) {
			snprintf(err, errlen, "invalid kernel version '%s' for --kernel "
				 "(X.Y or X.Y.Z, e.g. 6.12)", optarg);
			return -1;
		}
		return 0;
	case OPT_TIME_LIMIT:
		return parse_time_limit(optarg, &o->time_limit, err, errlen);
	case OPT_FATAL:
		o->fatal = true;
		return 0;
	case OPT_PARSE_ERRORS:
		o->parse_errors = true;
		return 0;
	}
	return 0;
}

int ss_options_parse(int argc, char **argv, enum ss_options_mode mode,
		     struct ss_options *o, char *err, size_t errlen)
{
	const struct option *table = mode == SS_OPTIONS_KBUILD ? kbuild_options : scan_options;
	const char *shorts = mode == SS_OPTIONS_KBUILD ? "-:v" : scan_short;
	int c;

	memset(o, 0, sizeof(*o));
	o->time_limit = SS_DEFAULT_TIME_LIMIT;
	err[0] = '\0';
	o->paths = calloc((size_t)argc + 1, sizeof(*o->paths));
	if (!o->paths) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	opterr = 0;
	optind = 0;	/* GNU: start afresh */
	while ((c = getopt_long(argc, argv, shorts, table, NULL)) != -1) {
		if (c == '?' || c == ':') {
			bad_option(c, argv, table, mode, err, errlen);
			return -1;
		}
		if (c == 1 && mode == SS_OPTIONS_KBUILD) {
			snprintf(err, errlen, "unexpected argument %s among the checker's options",
				 optarg);
			return -1;
		}
		if (take(o, c, err, errlen) < 0)
			return -1;
	}
	while (optind < argc)	/* after "--" */
		o->paths[o->npaths++] = argv[optind++];
	if (o->quiet && o->verbose) {
		snprintf(err, errlen, "-q and -v cannot be used together");
		return -1;
	}
	if (o->npatch_words && !o->patch_files) {
		snprintf(err, errlen, "--patch-words needs --patch-files");
		return -1;
	}
	if (o->patch_files && o->format != SS_FORMAT_JSON) {
		snprintf(err, errlen, "--patch-files needs --format=json");
		return -1;
	}
	return 0;
}

bool ss_options_takes_value(const char *arg)
{
	const struct option *t;

	if (strncmp(arg, "--", 2) != 0)
		return false;
	for (t = kbuild_options; t->name; t++)
		if (strcmp(arg + 2, t->name) == 0)
			return t->has_arg == required_argument;
	return false;
}

void ss_options_free(struct ss_options *o)
{
	for (size_t i = 0; i < o->npatch_words; i++)
		ss_word_query_free(&o->patch_words[i]);
	free(o->patch_words);
	o->patch_words = NULL;
	o->npatch_words = 0;
	free(o->paths);
	o->paths = NULL;
}

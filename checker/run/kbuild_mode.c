// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/kbuild_mode.h"
#include "run/xfile.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "findings/findings.h"
#include "findings/messages.h"
#include "flags/kbuild_args.h"
#include "gate/gate.h"
#include "report/output.h"
#include "rules/rule.h"
#include "run/file.h"
#include "run/options.h"
#include "run/pool.h"
#include "util/xalloc.h"

struct kbuild_opts {
	struct ss_options opt;
	struct ss_gate gate;
};

static int own_options(const struct ss_kbuild_args *k, struct kbuild_opts *o)
{
	char **argv = xcalloc((size_t)k->nown + 2, sizeof(*argv));
	char err[512];
	int rc;

	argv[0] = "safeseek-check";
	for (int i = 0; i < k->nown; i++)
		argv[i + 1] = k->own[i];
	rc = ss_options_parse(k->nown + 1, argv, SS_OPTIONS_KBUILD, &o->opt, err, sizeof(err));
	free(argv);
	if (rc < 0) {
		ss_error("%s", err);
		return -1;
	}
	if (o->opt.write_baseline) {
		ss_error("--write-baseline records a whole run, and "
			 "Kbuild runs the checker once per file: record it with a "
			 "tree scan instead");
		return -1;
	}
	o->gate.baseline = o->opt.baseline;
	o->gate.changed_lines = o->opt.changed_lines;
	return 0;
}

/* A source named on the command line that cannot be checked at all (missing,
   unreadable, a directory): said, and false. */
static bool checkable(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0 || access(path, R_OK) < 0) {
		ss_error("%s: %s", path, strerror(errno));
		return false;
	}
	if (S_ISDIR(st.st_mode)) {
		ss_error("%s: is a directory; Kbuild mode checks the source files "
			 "it is given (scan a directory without compiler flags)", path);
		return false;
	}
	return true;
}

/* Every source of the command line that can be checked; false when one
   cannot. */
static bool check_sources(const struct ss_kbuild_args *k, struct ss_options *opt,
			  struct ss_findings *all)
{
	struct ss_checker c = { .opt = opt, .kbuild = k };
	struct ss_file_result r = { 0 };
	struct ss_pool *pool;
	bool ok = true;

	ss_rules_prefilter_init(&c.prefilter);
	pool = ss_pool_new(1, ss_check_file, &c);
	ss_pool_time_limit(pool, opt->time_limit);
	for (int i = 0; i < k->nsources; i++) {
		/* A file that cannot be read fails the check; one clang cannot
		   make sense of does not, as with sparse. */
		if (checkable(k->sources[i]))
			ss_pool_submit(pool, k->sources[i]);
		else
			ok = false;
	}
	while (ss_pool_wait(pool, -1, &r))
		;
	ss_pool_free(pool);
	ss_prefilter_free(&c.prefilter);
	ss_messages_sort(&r.msgs);
	ss_messages_print(&r.msgs, stderr, SS_MSG_VERBOSE);
	ss_messages_free(&r.msgs);
	ss_xfile_resolve(&r.findings, &r.summaries);
	ss_summaries_free(&r.summaries);
	*all = r.findings;
	return ok;
}

int ss_kbuild_main(int argc, char **argv)
{
	struct kbuild_opts o = { 0 };
	struct ss_findings all = { 0 };
	struct ss_kbuild_args k;
	char err[256];
	int rc = 0;

	if (ss_kbuild_translate(argc, argv, ss_options_takes_value, &k, err, sizeof(err)) < 0) {
		ss_error("%s", err);
		return 2;
	}
	if (own_options(&k, &o) < 0 || ss_gate_prepare(&o.gate) < 0) {
		ss_kbuild_args_free(&k);
		ss_gate_free(&o.gate);
		ss_options_free(&o.opt);
		return 2;
	}
	if (!check_sources(&k, &o.opt, &all))
		rc = 2;
	ss_findings_sort(&all);
	if (ss_gate_active(&o.gate) && ss_gate_apply(&o.gate, &all) < 0)
		rc = 2;
	ss_write_text(stderr, &all);
	if (rc == 0 && o.opt.fatal && all.n)
		rc = 1;
	ss_findings_free(&all);
	ss_gate_free(&o.gate);
	ss_options_free(&o.opt);
	ss_kbuild_args_free(&k);
	return rc;
}

#define _GNU_SOURCE
#include "run/kbuild_mode.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/analyse.h"
#include "run/crashguard.h"
#include "findings/findings.h"
#include "gate/gate.h"
#include "flags/kbuild_args.h"
#include "findings/messages.h"
#include "run/options.h"
#include "util/path.h"
#include "input/prefilter.h"
#include "rules/rule.h"
#include "input/source.h"
#include "util/escape.h"
#include "flags/tree.h"
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

static void plan_for(const char *abs, const struct ss_kbuild_args *k,
		     struct ss_plan *plan)
{
	char *real = realpath(abs, NULL);
	struct ss_tree t;

	memset(plan, 0, sizeof(*plan));
	plan->how = SS_HOW_COMPDB;
	plan->may_fall_back = true;
	for (int i = 0; i < k->nclang; i++)
		strvec_push(&plan->args, k->clang_args[i]);
	if (real && ss_tree_find(real, &t)) {
		plan->vfs_core = ss_tree_is_vfs_core(&t, real);
		ss_tree_free(&t);
	}
	plan->why = xasprintf("target %s", k->target ? k->target : "of this host");
	free(real);
}

/* Parse the one file and append its findings: 0, or 2 when it cannot be read. */
static int check_file(const struct ss_kbuild_args *k,
		       const struct kbuild_opts *o, struct ss_findings *all)
{
	struct ss_prefilter pf;
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	char *reason, *abs;
	CXIndex idx;
	bool ok;

	if (ss_source_read(k->source, &src, &reason) < 0) {
		ss_error("%s: %s", k->source, reason);
		free(reason);
		return 2;
	}
	ss_rules_prefilter_init(&pf);
	ok = ss_prefilter_match(&pf, src.buf, src.len);
	ss_prefilter_free(&pf);
	if (!ok) {
		if (o->opt.verbose)
			ss_error("%s: skipped, nothing any rule looks for", k->source);
		ss_source_free(&src);
		return 0;
	}
	abs = ss_path_absolute(k->source);
	plan_for(abs ? abs : k->source, k, &plan);
	idx = clang_createIndex(0, 0);
	ss_analyse(idx, k->source, abs ? abs : k->source, &src, &plan, all, &out);
	if (o->opt.verbose && out.how == SS_HOW_FALLBACK)
		ss_error("%s: %s", k->source, out.detail);
	else if (o->opt.verbose)
		ss_error("%s: parsed with the build's flags (%s)", k->source, plan.why);
	if (out.problem && (o->opt.parse_errors || o->opt.verbose))
		ss_error("%s: %s", k->source, out.problem);
	else if (!out.analysed)
		ss_error("%s: not analysed: clang cannot make sense of it with "
			 "these flags (--parse-errors shows why)", k->source);
	ss_outcome_free(&out);
	ss_plan_free(&plan);
	clang_disposeIndex(idx);
	free(abs);
	ss_source_free(&src);
	return 0;
}

struct check_job {
	const struct ss_kbuild_args *k;
	const struct kbuild_opts *o;
	struct ss_findings *all;
	int rc;
};

static void *check_thread(void *arg)
{
	struct check_job *j = arg;
	void *guard = ss_crash_guard_thread_begin();

	j->rc = check_file(j->k, j->o, j->all);
	ss_crash_guard_thread_end(guard);
	return NULL;
}

/* The parse and the rules on an analysing thread, as a tree scan's
   workers are (crashguard.h). */
static int check_file_on_big_stack(const struct ss_kbuild_args *k,
				   const struct kbuild_opts *o,
				   struct ss_findings *all)
{
	struct check_job j = { .k = k, .o = o, .all = all };
	pthread_t t;

	ss_crash_guard_init();
	if (ss_crash_guard_thread_create(&t, check_thread, &j) != 0)
		return check_file(k, o, all);
	pthread_join(t, NULL);
	return j.rc;
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
	rc = check_file_on_big_stack(&k, &o, &all);
	ss_findings_sort(&all);
	if (ss_gate_active(&o.gate) && ss_gate_apply(&o.gate, &all) < 0)
		rc = 2;
	for (size_t i = 0; i < all.n; i++) {
		const struct ss_finding *f = &all.v[i];
		char *file = ss_text_printable(f->file);
		char *msg = ss_text_printable(f->message);

		/* like the text report: names are shown escaped */
		fprintf(stderr, "%s:%u:%u: %s: %s [%s]\n", file, f->line,
			f->column, ss_severity_name(f->severity), msg, f->rule);
		free(file);
		free(msg);
	}
	if (rc == 0 && o.opt.fatal && all.n)
		rc = 1;
	ss_findings_free(&all);
	ss_gate_free(&o.gate);
	ss_options_free(&o.opt);
	ss_kbuild_args_free(&k);
	return rc;
}

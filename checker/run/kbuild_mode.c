// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/kbuild_mode.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/analyse.h"
#include "run/pool.h"
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
		     struct ss_kversion kernel, struct ss_plan *plan)
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
	plan->kernel = ss_kversion_known(kernel) ? kernel
					       : ss_kversion_of_file(real ? real : abs);
	plan->why = xasprintf("target %s", k->target ? k->target : "of this host");
	free(real);
}

struct kbuild_check {
	const struct ss_kbuild_args *k;
	const struct kbuild_opts *o;
};

/* The one file, in a worker process (pool.h); an ss_pool_work. */
static void check_file(void *ctx, const char *path, struct ss_file_result *r)
{
	const struct kbuild_check *c = ctx;
	const struct kbuild_opts *o = c->o;
	struct ss_prefilter pf;
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	struct ss_parse_policy policy = { .bundled_first = o->opt.headers == SS_HEADERS_AUTO };
	char *reason, *abs;
	CXIndex idx;
	bool ok;

	r->stats.files = 1;
	if (ss_source_read(path, &src, &reason) < 0) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path, "%s", reason);
		free(reason);
		return;
	}
	ss_rules_prefilter_init(&pf);
	ok = ss_prefilter_match(&pf, src.buf, src.len);
	ss_prefilter_free(&pf);
	if (!ok) {
		if (o->opt.verbose)
			ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "skipped, nothing any rule looks for");
		ss_source_free(&src);
		return;
	}
	abs = ss_path_absolute(path);
	plan_for(abs ? abs : path, c->k, o->opt.kernel, &plan);
	ss_plan_headers(&plan, o->opt.headers);
	idx = clang_createIndex(0, 0);
	ss_analyse(idx, path, abs ? abs : path, &src, &plan, &policy, &r->findings, &out);
	if (o->opt.verbose && out.how == SS_HOW_FALLBACK)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", out.detail);
	else if (o->opt.verbose)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "parsed with the build's flags (%s)",
			   plan.why);
	if (out.problem && (o->opt.parse_errors || o->opt.verbose))
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", out.problem);
	else if (!out.analysed)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "not analysed: clang cannot make sense of "
			   "it with these flags (--parse-errors shows why)");
	ss_outcome_free(&out);
	ss_plan_free(&plan);
	clang_disposeIndex(idx);
	free(abs);
	ss_source_free(&src);
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
	if (access(k.source, R_OK) < 0) {
		/* A file that cannot be read fails the check; one clang cannot
		   make sense of does not, as with sparse. */
		ss_error("%s: %s", k.source, strerror(errno));
		rc = 2;
	} else {
		struct kbuild_check c = { &k, &o };
		struct ss_file_result r = { 0 };
		struct ss_pool *pool = ss_pool_new(1, NULL, check_file, &c);

		ss_pool_submit(pool, k.source);
		while (ss_pool_wait(pool, -1, &r))
			;
		ss_pool_free(pool);
		ss_messages_sort(&r.msgs);
		ss_messages_print(&r.msgs, stderr, SS_MSG_VERBOSE);
		ss_messages_free(&r.msgs);
		all = r.findings;
	}
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

#define _GNU_SOURCE
#include "analyse.h"
#include "findings.h"
#include "gate.h"
#include "kbuild_args.h"
#include "kbuild_mode.h"
#include "path.h"
#include "prefilter.h"
#include "source.h"
#include "tree.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void plan_for(const char *abs, struct ss_plan *plan)
{
	struct ss_tree t;
	char *real = realpath(abs, NULL);

	memset(plan, 0, sizeof(*plan));
	plan->how = SS_HOW_FALLBACK;
	if (real && ss_tree_find(real, &t)) {
		plan->vfs_core = ss_tree_is_vfs_core(&t, real);
		if (ss_tree_headers_usable(&t)) {
			plan->how = SS_HOW_TREE;
			plan->may_fall_back = true;
			ss_tree_args(&t, &plan->args);
		}
		plan->why = xasprintf("root %s", t.root);
		ss_tree_free(&t);
	} else {
		plan->why = xstrdup("no kernel tree");
	}
	free(real);
}

int main(int argc, char **argv)
{
	struct ss_prefilter pf;
	struct ss_findings all = { 0 };
	struct ss_gate gate = { 0 };
	CXIndex idx;

	/* Kbuild's $(CHECK) gets compiler flags: see kbuild_mode.h */
	if (ss_kbuild_detect(argc, argv))
		return ss_kbuild_main(argc, argv);
	idx = clang_createIndex(0, 0);

	ss_prefilter_init(&pf);
	for (int i = 1; i < argc; i++) {
		struct ss_source src;
		struct ss_plan plan;
		struct ss_outcome out;
		char *reason, *abs;
		int gate_opt = ss_gate_option(&gate, argc, argv, &i);

		if (gate_opt < 0 || (gate_opt > 0 && ss_gate_prepare(&gate) < 0))
			return 2;
		if (gate_opt > 0)
			continue;
		if (ss_source_read(argv[i], &src, &reason) < 0) {
			fprintf(stderr, "safeseek-check: %s: %s\n", argv[i], reason);
			free(reason);
			continue;
		}
		if (!ss_prefilter_match(&pf, src.buf, src.len)) {
			ss_source_free(&src);
			continue;
		}
		abs = ss_path_absolute(argv[i]);
		plan_for(abs, &plan);
		ss_analyse(idx, argv[i], abs, &src, &plan, &all, &out);
		if (out.problem)
			fprintf(stderr, "safeseek-check: %s: %s\n", argv[i], out.problem);
		ss_outcome_free(&out);
		ss_plan_free(&plan);
		free(abs);
		ss_source_free(&src);
	}
	ss_findings_sort(&all);
	if (ss_gate_active(&gate) && ss_gate_apply(&gate, &all) < 0)
		return 2;
	for (size_t i = 0; i < all.n; i++) {
		const struct ss_finding *f = &all.v[i];

		printf("%s:%u:%u: %s: %s [%s]\n", f->file, f->line, f->column,
		       ss_severity_name(f->severity), f->message, f->rule->id);
	}
	clang_disposeIndex(idx);
	return all.n ? 1 : 0;
}

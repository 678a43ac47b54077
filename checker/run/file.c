// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/file.h"

#include "input/source.h"
#include "run/analyse.h"
#include "util/path.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The outcome of a parse, as counts and messages. */
static void record(struct ss_checker *c, const char *path, const struct ss_outcome *o,
		   struct ss_file_result *r)
{
	if (o->analysed) {
		r->stats.analysed++;
		r->stats.by_how[o->how]++;
		if (o->main_errors)
			r->stats.partial++;
		if (o->escalated)
			r->stats.escalated++;
		for (unsigned i = 0; i < SS_UNDECIDED_REASONS; i++)
			if (o->escalated & (1u << i))
				r->stats.escalated_by[i]++;
		if (c->opt->verbose)
			ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path, "analysed with %s", o->detail);
		if (o->problem)
			ss_msg_add(&r->msgs, o->problem_expected ? SS_MSG_VERBOSE : SS_MSG_NOTE,
				   path, "%s", o->problem);
		return;
	}
	r->stats.failed++;
	ss_findings_truncate(&r->findings, 0);
	if (c->opt->verbose)
		ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path, "tried with %s", o->detail);
	ss_msg_add(&r->msgs, SS_MSG_ERROR, path, "%s", o->problem);
}

void ss_check_file(void *ctx, const char *path, struct ss_file_result *r)
{
	struct ss_checker *c = ctx;
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	char *reason, *abs;
	long nul;

	r->stats.files++;
	if (ss_source_read(path, &src, &reason) < 0) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path, "cannot read: %s", reason);
		free(reason);
		r->stats.failed++;
		return;
	}
	nul = ss_source_nul_offset(&src);
	if (nul >= 0) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path,
			   "binary file (NUL byte at offset %ld), not parsed", nul);
		r->stats.failed++;
		ss_source_free(&src);
		return;
	}
	if (!c->opt->parse_all && !ss_prefilter_match_text(&c->prefilter, src.buf, src.len)) {
		if (c->opt->verbose)
			ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path,
				   "skipped: holds nothing any rule looks for");
		r->stats.skipped++;
		ss_source_free(&src);
		return;
	}
	abs = ss_path_absolute(path);
	if (!abs) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path,
			   "cannot tell its absolute path: %s", strerror(errno));
		r->stats.failed++;
		ss_source_free(&src);
		return;
	}
	ss_plan_file(abs, c->db, &plan);
	if (ss_kversion_known(c->opt->kernel))
		plan.kernel = c->opt->kernel;
	if (plan.note)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", plan.note);
	if (c->opt->headers == SS_HEADERS_BUNDLED && plan.how != SS_HOW_FALLBACK) {
		plan.how = SS_HOW_FALLBACK;
		plan.may_fall_back = false;
	}
	plan.bundled_first = c->opt->headers == SS_HEADERS_AUTO;
	if (plan.how != SS_HOW_FALLBACK)
		plan.pch = c->pch;
	if (!c->index)
		c->index = clang_createIndex(0, 0);
	ss_analyse(c->index, path, abs, &src, &plan, &r->findings, &out);
	record(c, path, &out, r);
	ss_outcome_free(&out);
	ss_plan_free(&plan);
	free(abs);
	ss_source_free(&src);
}

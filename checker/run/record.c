// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/record.h"

#include "rules/patch_choice.h"

#include <stdlib.h>

void ss_record_unreadable(const char *path, char *reason, struct ss_file_result *r)
{
	ss_msg_add(&r->msgs, SS_MSG_ERROR, path, "cannot read: %s", reason);
	free(reason);
	r->stats.failed++;
}

void ss_record_binary(const char *path, long nul, struct ss_file_result *r)
{
	ss_msg_add(&r->msgs, SS_MSG_ERROR, path,
		   "binary file (NUL byte at offset %ld), not parsed", nul);
	r->stats.failed++;
}

void ss_record_skipped(const struct ss_checker *c, const char *path, struct ss_file_result *r)
{
	if (c->kbuild && c->opt->verbose)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "skipped, nothing any rule looks for");
	else if (c->opt->verbose)
		ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path,
			   "skipped: holds nothing any rule looks for");
	r->stats.skipped++;
}

/* A scan: the outcome as counts and messages. */
static void record_scan(const struct ss_checker *c, const char *path,
			const struct ss_outcome *o, struct ss_file_result *r)
{
	if (c->opt->patch_files) {
		struct strvec all = { 0 };
		/* What the checker could not analyse, it cannot rule out. */
		const struct strvec *patches = o->analysed ? &o->patches : &all;

		if (!o->analysed)
			ss_patch_choice_all(&all);
		for (size_t i = 0; i < patches->n; i++)
			ss_patch_files_add(&r->patch_files, patches->v[i], path);
		strvec_clear(&all);
	}
	if (o->analysed) {
		r->stats.analysed++;
		r->stats.by_how[o->how]++;
		if (o->main_errors)
			r->stats.partial++;
		if (o->escalated)
			r->stats.escalated++;
		if (o->precompiled)
			r->stats.precompiled++;
		if (o->undecided)
			r->stats.undecided++;
		for (unsigned i = 0; i < SS_UNDECIDED_REASONS; i++) {
			if (o->escalated & (1u << i))
				r->stats.escalated_by[i]++;
			if (o->undecided & (1u << i))
				r->stats.undecided_by[i]++;
		}
		if (c->opt->verbose)
			ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path, "analysed with %s", o->detail);
		if (c->opt->verbose && o->undecided) {
			char *why = ss_analyse_reasons(o->undecided);

			ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path,
				   "left undecided, with no real headers to ask: %s", why);
			free(why);
		}
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

/* Kbuild: notes with -v, the parse's problem with --parse-errors; no counts. */
static void record_kbuild(const struct ss_checker *c, const char *path,
			  const struct ss_plan *plan, const struct ss_outcome *o,
			  struct ss_file_result *r)
{
	if (c->opt->verbose && o->how == SS_HOW_FALLBACK)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", o->detail);
	else if (c->opt->verbose)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "parsed with the build's flags (%s)",
			   plan->why);
	if (o->problem && (c->opt->parse_errors || c->opt->verbose))
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", o->problem);
	else if (!o->analysed)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "not analysed: clang cannot make sense of "
			   "it with these flags (--parse-errors shows why)");
}

void ss_record_outcome(const struct ss_checker *c, const char *path, const struct ss_plan *plan,
		       const struct ss_outcome *o, struct ss_file_result *r)
{
	if (c->kbuild)
		record_kbuild(c, path, plan, o, r);
	else
		record_scan(c, path, o, r);
}

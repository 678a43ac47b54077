// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/file.h"

#include "input/source.h"
#include "run/analyse.h"
#include "rules/patch_choice.h"
#include "run/cache.h"
#include "util/path.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The outcome of a parse, as counts and messages. */
static void record(struct ss_checker *c, const char *path, const struct ss_outcome *o,
		   struct ss_file_result *r)
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

/* Everything the result of analysing the file depends on, besides the checker. */
static struct ss_cache_key *result_key(const struct ss_checker *c, const char *path,
				       const char *abs, const struct ss_source *src,
				       const struct ss_plan *plan,
				       const struct ss_parse_policy *policy)
{
	struct ss_cache_key *k = ss_cache_key_new(c->cache);
	char how[64];

	ss_cache_key_add_str(k, path);
	ss_cache_key_add_str(k, abs);
	ss_cache_key_add(k, src->buf, src->len);
	for (size_t i = 0; i < plan->args.n; i++)
		ss_cache_key_add_str(k, plan->args.v[i]);
	snprintf(how, sizeof(how), "%d %d %d %d %d %d %d %u.%u.%u", (int)plan->how, plan->vfs_core,
		 plan->may_fall_back, policy->bundled_first, policy->pch != NULL, c->opt->verbose,
		 policy->patch_files + policy->choice_only,
		 plan->kernel.major, plan->kernel.minor, plan->kernel.sub);
	ss_cache_key_add_str(k, how);
	ss_cache_key_add_str(k, plan->root);
	ss_cache_key_add_str(k, plan->note);
	return k;
}

/*
 * Turn the file away when it is binary or holds nothing any rule needs
 * (nor, with --patch-files, anything the choice of files needs): false,
 * with r saying so.  True, with *choice_only when only the choice wants it.
 */
static bool judge(const struct ss_checker *c, const char *path, const struct ss_source *src,
		  bool *choice_only, struct ss_file_result *r)
{
	long nul = ss_source_nul_offset(src);

	if (nul >= 0) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path,
			   "binary file (NUL byte at offset %ld), not parsed", nul);
		r->stats.failed++;
		return false;
	}
	*choice_only = false;
	if (c->opt->parse_all || ss_prefilter_match_text(&c->prefilter, src->buf, src->len))
		return true;
	*choice_only = c->opt->patch_files &&
		       ss_prefilter_match_text(&c->choice_prefilter, src->buf, src->len);
	if (*choice_only)
		return true;
	if (c->opt->verbose)
		ss_msg_add(&r->msgs, SS_MSG_VERBOSE, path, "skipped: holds nothing any rule looks for");
	r->stats.skipped++;
	return false;
}

void ss_lost_file(void *ctx, const char *path, struct ss_file_result *r)
{
	const struct ss_checker *c = ctx;
	struct strvec all = { 0 };

	if (!c->opt->patch_files)
		return;
	ss_patch_choice_all(&all);
	for (size_t i = 0; i < all.n; i++)
		ss_patch_files_add(&r->patch_files, all.v[i], path);
	for (size_t i = 0; i < c->opt->npatch_words; i++)
		ss_patch_files_add(&r->patch_files, c->opt->patch_words[i].patch, path);
	strvec_clear(&all);
}

static void unreadable(const char *path, char *reason, struct ss_file_result *r)
{
	ss_msg_add(&r->msgs, SS_MSG_ERROR, path, "cannot read: %s", reason);
	free(reason);
	r->stats.failed++;
}

/* Read the file and judge it: true with src read, false with r saying why not. */
static bool screen(const struct ss_checker *c, const char *path, struct ss_source *src,
		   bool *choice_only, struct ss_file_result *r)
{
	char *reason;

	if (ss_source_read(path, src, &reason) < 0) {
		unreadable(path, reason, r);
		return false;
	}
	if (judge(c, path, src, choice_only, r))
		return true;
	ss_source_free(src);
	return false;
}

/*
 * The patches whose files spatch chooses by their words (--patch-words):
 * asked of every file read, binary or not, as spatch would.
 */
static void choose_by_words(const struct ss_checker *c, const char *path,
			    const struct ss_source *src, struct ss_file_result *r)
{
	for (size_t i = 0; i < c->opt->npatch_words; i++)
		if (ss_word_query_match(&c->opt->patch_words[i], src->buf, src->len))
			ss_patch_files_add(&r->patch_files, c->opt->patch_words[i].patch, path);
}

bool ss_screen_file(void *ctx, const char *path, struct ss_file_result *r)
{
	struct ss_checker *c = ctx;
	struct ss_source src;
	bool choice_only;
	char *reason;

	if (ss_source_read_into(&c->buffer, path, &src, &reason) < 0) {
		unreadable(path, reason, r);
	} else {
		choose_by_words(c, path, &src, r);
		if (judge(c, path, &src, &choice_only, r))
			return true;
	}
	r->stats.files++;
	return false;
}

static void check_file(struct ss_checker *c, const char *path, struct ss_file_result *r)
{
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	struct ss_parse_policy policy = { 0 };
	char *abs;
	unsigned char id[32];
	bool choice_only;

	r->stats.files++;
	if (!screen(c, path, &src, &choice_only, r))
		return;
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
	ss_plan_headers(&plan, c->opt->headers);
	policy.bundled_first = c->opt->headers == SS_HEADERS_AUTO;
	policy.patch_files = c->opt->patch_files;
	policy.choice_only = choice_only;
	if (plan.how != SS_HOW_FALLBACK)
		policy.pch = c->pch;
	if (c->cache) {
		struct ss_file_result hit = { 0 };

		if (ss_cache_get(c->cache, result_key(c, path, abs, &src, &plan, &policy), id, &hit)) {
			ss_file_result_free(r);
			*r = hit;
			r->stats.cached++;
			goto done;
		}
		policy.list_headers = true;
	}
	if (!c->index)
		c->index = clang_createIndex(0, 0);
	ss_analyse(c->index, path, abs, &src, &plan, &policy, &r->findings, &out);
	record(c, path, &out, r);
	if (c->cache && out.analysed)
		ss_cache_put(c->cache, id, &out.headers, r);
	ss_outcome_free(&out);
done:
	ss_plan_free(&plan);
	free(abs);
	ss_source_free(&src);
}

void ss_check_file(void *ctx, const char *path, struct ss_file_result *r)
{
	/* What the screen chose by words stays out of the result the cache
	   keeps: it depends on --patch-words, which the cache key does not. */
	struct ss_patch_files by_words = r->patch_files;

	memset(&r->patch_files, 0, sizeof(r->patch_files));
	check_file(ctx, path, r);
	ss_patch_files_move(&r->patch_files, &by_words);
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/file.h"

#include "flags/vfs_era.h"
#include "input/source.h"
#include "model/summary.h"
#include "run/analyse.h"
#include "rules/patch_choice.h"
#include "run/cache.h"
#include "run/record.h"
#include "util/path.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/* The file whose era the text's sheet is given (prefilter.h). */
struct era_of {
	const struct ss_checker *c;
	const char *path;
};

/* The era's facts of the file's kernel, as plan_file() will find it:
   --kernel, else the file's tree's (Kbuild's plan knows none without a
   tree, and the text then leaves the era unknown as well). */
static void text_era(void *ctx, struct ss_facts *sheet)
{
	const struct era_of *e = ctx;
	struct ss_kversion v = e->c->opt->kernel;

	if (!ss_kversion_known(v) && !e->c->kbuild) {
		char *abs = ss_path_absolute(e->path);
		char *real = abs ? realpath(abs, NULL) : NULL;

		if (abs)
			v = ss_kversion_of_file(real ? real : abs);
		free(real);
		free(abs);
	}
	ss_vfs_facts(v, sheet);
}

/*
 * Turn the file away when it is binary or holds nothing any rule needs
 * (nor, with --patch-files, anything the choice of files needs): false,
 * with r saying so.  True, with *choice_only when only the choice wants it.
 */
static bool worth_parsing(const struct ss_checker *c, const char *path,
			  const struct ss_source *src, bool *choice_only, struct ss_file_result *r)
{
	long nul = ss_source_nul_offset(src);
	struct era_of of = { c, path };
	const struct ss_prefilter_era era = { text_era, &of };

	if (nul >= 0) {
		ss_record_binary(path, nul, r);
		return false;
	}
	*choice_only = false;
	if (c->opt->parse_all || ss_prefilter_match_era(&c->prefilter, src->buf, src->len, &era))
		return true;
	*choice_only = c->opt->patch_files &&
		       ss_prefilter_match_era(&c->choice_prefilter, src->buf, src->len, &era);
	if (*choice_only)
		return true;
	ss_record_skipped(c, path, r);
	ss_summarise_text(path, src->buf, src->len, &r->summaries);
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

/*
 * The patches whose files spatch chooses by their words (--patch-words):
 * asked of every file read, binary or not, as spatch would.
 */
static void choose_by_words(const struct ss_checker *c, const char *path,
			    const struct ss_source *src, struct ss_patch_files *out)
{
	for (size_t i = 0; i < c->opt->npatch_words; i++)
		if (ss_word_query_match(&c->opt->patch_words[i], src->buf, src->len))
			ss_patch_files_add(out, c->opt->patch_words[i].patch, path);
}

/* The file's flags: the compile database's, its tree's, Kbuild's or the
   bundled header (plan.h), with the run's --kernel and --headers. */
static void plan_file(const struct ss_checker *c, const char *path, const char *abs,
		      const struct ss_source *src, struct ss_plan *plan, struct ss_file_result *r)
{
	if (c->kbuild)
		ss_plan_kbuild(abs, c->kbuild, plan);
	else
		ss_plan_file(abs, c->db, plan);
	ss_plan_role(plan, src->buf, src->len);
	if (ss_kversion_known(c->opt->kernel))
		plan->kernel = c->opt->kernel;
	if (plan->note)
		ss_msg_add(&r->msgs, SS_MSG_NOTE, path, "%s", plan->note);
	ss_plan_headers(plan, c->opt->headers);
}

/* What the run wants of the file's parses (parse.h). */
static struct ss_parse_policy policy_for(const struct ss_checker *c, const struct ss_plan *plan,
					 bool choice_only)
{
	return (struct ss_parse_policy){
		.pch = plan->how != SS_HOW_FALLBACK ? c->pch : NULL,
		.bundled_first = c->opt->headers == SS_HEADERS_AUTO,
		.patch_files = c->opt->patch_files,
		.choice_only = choice_only,
		/* the cache checks them before it reuses a result */
		.list_headers = c->cache != NULL,
	};
}

/* A result an earlier run kept, put in r; false when there is none, with
   `key` where to keep this one. */
static bool from_cache(const struct ss_checker *c, const char *path, const char *abs,
		       const struct ss_source *src, const struct ss_plan *plan,
		       const struct ss_parse_policy *policy, unsigned char key[32],
		       struct ss_file_result *r)
{
	struct ss_file_result hit = { 0 };

	if (!c->cache ||
	    !ss_cache_get(c->cache, result_key(c, path, abs, src, plan, policy), key, &hit))
		return false;
	ss_file_result_free(r);
	*r = hit;
	r->stats.cached++;
	return true;
}

/*
 * One file, top to bottom: read once and screened (input/), its flags
 * chosen (flags/), parsed (parse/), modelled and checked by the rules into
 * findings (analyse.h), and what became of it said (record.h).
 */
void ss_check_file(void *ctx, const char *path, struct ss_file_result *r,
		   struct ss_pool_turn *turn)
{
	struct ss_checker *c = ctx;
	/* What the words choose stays out of the result the cache keeps: it
	   depends on --patch-words, which the cache key does not. */
	struct ss_patch_files by_words = { 0 };
	struct ss_parse_policy policy;
	struct ss_source src;
	struct ss_outcome out;
	struct ss_plan plan;
	unsigned char key[32];
	bool choice_only;
	char *reason, *abs;

	r->stats.files++;
	if (ss_source_read_into(&c->buffer, path, &src, &reason) < 0) {
		ss_record_unreadable(path, reason, r);
		return;
	}
	choose_by_words(c, path, &src, &by_words);
	if (!worth_parsing(c, path, &src, &choice_only, r))
		goto words;
	/* From here on a crash costs this file (pool.h). */
	ss_pool_working(turn);
	abs = ss_path_absolute(path);
	if (!abs) {
		ss_msg_add(&r->msgs, SS_MSG_ERROR, path,
			   "cannot tell its absolute path: %s", strerror(errno));
		r->stats.failed++;
		goto words;
	}
	plan_file(c, path, abs, &src, &plan, r);
	policy = policy_for(c, &plan, choice_only);
	if (!from_cache(c, path, abs, &src, &plan, &policy, key, r)) {
		ss_summarise_text(path, src.buf, src.len, &r->summaries);
		if (!c->index)
			c->index = clang_createIndex(0, 0);
		ss_analyse(c->index, path, abs, &src, &plan, &policy, &r->findings, &out);
		ss_record_outcome(c, path, &plan, &out, r);
		/* A file that does not parse under the bundled header will not
		   the next time either: it read no header that could change. */
		if (c->cache && (out.analysed || (out.main_errors && out.how == SS_HOW_FALLBACK)))
			ss_cache_put(c->cache, key, &out.headers, r);
		ss_outcome_free(&out);
	}
	ss_plan_free(&plan);
	free(abs);
words:
	ss_patch_files_move(&r->patch_files, &by_words);
}

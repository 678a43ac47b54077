// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/analyse.h"
#include "facts/facts.h"
#include "rules/patch_choice.h"
#include "rules/rule.h"
#include "model/unit.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* One way of parsing (the plan's, or with `fallback` the bundled header),
   then the rules; *undecided as ss_rules_run() says. */
static void analyse_once(CXIndex idx, const char *display, const char *clang_path,
			 const struct ss_source *src, const struct ss_plan *plan,
			 const struct ss_parse_policy *policy, bool fallback,
			 struct ss_findings *sink, struct ss_outcome *out, unsigned *undecided)
{
	struct ss_parsed p;
	struct strvec headers = out->headers;	/* kept from an earlier parse */

	strvec_clear(&out->patches);	/* an earlier parse's are not this one's */
	memset(out, 0, sizeof(*out));
	out->headers = headers;
	ss_parse(idx, clang_path, src, plan, policy, fallback, &p);
	out->how = p.how;
	out->detail = p.detail;
	out->problem = p.problem;
	out->problem_expected = p.problem_expected;
	out->main_errors = p.main_errors;
	out->precompiled = p.pch != NULL;
	p.detail = p.problem = NULL;
	if (!p.tu) {
		ss_parsed_free(&p);
		return;
	}
	{
		struct ss_unit unit = {
			.tu = p.tu,
			.main_file = p.main_file,
			.path = display,
			.vfs_core = plan->vfs_core,
			.config_known = plan->config != NULL,
			.kernel = plan->kernel,
			.sink = sink,
			.patches = policy->patch_files ? &out->patches : NULL,
		};

		ss_findings_begin_file(sink, display, src->buf, src->len);
		*undecided = ss_rules_run(&unit);
		ss_findings_end_file(sink);
	}
	if (policy->list_headers)
		ss_parsed_headers(&p, &out->headers);
	ss_parsed_free(&p);
	out->analysed = true;
}

char *ss_analyse_reasons(unsigned why)
{
	char *text = xstrdup("");

	for (unsigned bit = 1; bit < (1u << SS_UNDECIDED_REASONS); bit <<= 1) {
		char *more;

		if (!(why & bit))
			continue;
		more = xasprintf("%s%s%s", text, *text ? ", " : "", ss_undecided_name(bit));
		free(text);
		text = more;
	}
	return text;
}

/* What the bundled header left undecided, kept when it had the last word:
   nothing better was there to ask.  A file only the choice of files wants
   needs no rule's verdict. */
static void left_undecided(const struct ss_parse_policy *policy, struct ss_outcome *out,
			   unsigned undecided)
{
	if (out->analysed && out->how == SS_HOW_FALLBACK && !policy->choice_only)
		out->undecided = undecided;
}

/*
 * Trees whose real headers failed in this process and fell back to the
 * bundled header, which the first parse had used already: a tree that
 * looks configured and is not (a vendor's autoconf.h without its
 * .config) fails the same way on every file, each time at the cost of
 * a parse with its real headers and one more with the bundled header.
 */
static struct strvec broken_roots;

static bool real_headers_broken(const struct ss_plan *plan)
{
	for (size_t i = 0; plan->root && i < broken_roots.n; i++)
		if (strcmp(broken_roots.v[i], plan->root) == 0)
			return true;
	return false;
}

void ss_analyse(CXIndex idx, const char *display, const char *clang_path,
		const struct ss_source *src, const struct ss_plan *plan,
		const struct ss_parse_policy *policy, struct ss_findings *sink,
		struct ss_outcome *out)
{
	struct ss_findings first = { 0 };
	unsigned undecided = 0, undecided_real = 0;
	char *why, *detail;

	memset(out, 0, sizeof(*out));

	if (!policy->bundled_first || plan->how == SS_HOW_FALLBACK) {
		analyse_once(idx, display, clang_path, src, plan, policy,
			     plan->how == SS_HOW_FALLBACK, sink, out, &undecided);
		left_undecided(policy, out, undecided);
		return;
	}
	/* The bundled header first: a tenth of the cost of the real ones,
	   and enough unless it leaves something the rules need undecided. */
	analyse_once(idx, display, clang_path, src, plan, policy, true, &first, out, &undecided);
	if (!out->analysed)
		undecided |= SS_UNDECIDED_UNPARSED;
	if (!undecided || (policy->choice_only && out->analysed)) {
		ss_findings_move(sink, &first);
		ss_findings_free(&first);
		if (undecided) {
			/* No rule needs the file, and for the choice of files a
			   doubt is a "may": not worth the real headers. */
			strvec_clear(&out->patches);
			ss_patch_choice_all(&out->patches);
			return;
		}
		detail = xasprintf("bundled header, which left nothing undecided (%s: %s)",
				   ss_how_name(plan->how), plan->why ? plan->why : "-");
		free(out->detail);
		out->detail = detail;
		return;
	}
	if (out->analysed && real_headers_broken(plan)) {
		ss_findings_move(sink, &first);
		ss_findings_free(&first);
		left_undecided(policy, out, undecided);
		detail = xasprintf("bundled header; the real headers of %s failed on an "
				   "earlier file", plan->root);
		free(out->detail);
		out->detail = detail;
		return;
	}
	ss_findings_free(&first);
	free(out->detail);
	free(out->problem);
	analyse_once(idx, display, clang_path, src, plan, policy, false, sink, out,
		     &undecided_real);
	left_undecided(policy, out, undecided_real);
	if (out->how == SS_HOW_FALLBACK && plan->root && !real_headers_broken(plan))
		strvec_push(&broken_roots, plan->root);
	out->escalated = undecided;
	why = ss_analyse_reasons(undecided);
	detail = xasprintf("%s, as the bundled header left undecided: %s", out->detail, why);
	free(out->detail);
	out->detail = detail;
	free(why);
}

void ss_outcome_free(struct ss_outcome *o)
{
	free(o->detail);
	free(o->problem);
	o->detail = o->problem = NULL;
	strvec_clear(&o->headers);
	strvec_clear(&o->patches);
}

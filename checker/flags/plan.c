// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/plan.h"
#include "flags/fallback.h"
#include "flags/tree.h"
#include "input/vfs_entry_text.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* What the file's place says: its kernel, and whether it is of the VFS core. */
static void plan_place(struct ss_plan *plan, const char *path, const struct ss_tree *t)
{
	plan->kernel = ss_kversion_of_file(path);
	if (t)
		plan->vfs_core = ss_tree_is_vfs_core(t, path);
}

void ss_plan_role(struct ss_plan *plan, const char *text, size_t len)
{
	if (!plan->vfs_core)
		plan->vfs_core = ss_text_defines_vfs_entry(text, len);
}

void ss_plan_file(const char *abs, const struct ss_compdb *db, struct ss_plan *plan)
{
	const struct ss_compdb_entry *e = NULL;
	struct ss_tree t;
	char *real = realpath(abs, NULL);
	bool have_tree = ss_tree_find(real ? real : abs, &t);

	memset(plan, 0, sizeof(*plan));
	if (db) {
		e = ss_compdb_find(db, abs);
		if (!e && real)
			e = ss_compdb_find(db, real);
		if (e && e->problem) {
			plan->note = xasprintf("%s: %s", db->path, e->problem);
			e = NULL;
		}
	}
	plan_place(plan, real ? real : abs, have_tree ? &t : NULL);
	if (have_tree)
		plan->root = xstrdup(t.root);
	if (e) {
		plan->how = SS_HOW_COMPDB;
		strvec_append(&plan->args, &e->args);
		plan->may_fall_back = true;
		plan->why = xstrdup(db->path);
	} else if (have_tree && ss_tree_headers_usable(&t)) {
		plan->how = SS_HOW_TREE;
		ss_tree_args(&t, &plan->args);
		plan->may_fall_back = true;
		plan->why = xasprintf("tree root %s", t.root);
	} else {
		plan->how = SS_HOW_FALLBACK;
		plan->why = !have_tree ? xstrdup("no kernel tree above it")
			    : t.configured ? xasprintf("kernel tree %s is configured but not prepared "
						       "(no version.h): its real headers are out of "
						       "reach", t.root)
			    : xasprintf("kernel tree %s is not configured", t.root);
	}
	if (have_tree)
		ss_tree_free(&t);
	free(real);
}

void ss_plan_kbuild(const char *abs, const struct ss_kbuild_args *k, struct ss_plan *plan)
{
	char *real = realpath(abs, NULL);
	struct ss_tree t;

	memset(plan, 0, sizeof(*plan));
	plan->how = SS_HOW_COMPDB;
	plan->may_fall_back = true;
	for (int i = 0; i < k->nclang; i++)
		strvec_push(&plan->args, k->clang_args[i]);
	if (real && ss_tree_find(real, &t)) {
		plan_place(plan, real, &t);
		ss_tree_free(&t);
	} else {
		plan_place(plan, real ? real : abs, NULL);
	}
	plan->why = xasprintf("target %s", k->target ? k->target : "of this host");
	free(real);
}

const char *ss_how_name(enum ss_how how)
{
	switch (how) {
	case SS_HOW_COMPDB:
		return "compile database";
	case SS_HOW_TREE:
		return "tree flags";
	case SS_HOW_FALLBACK:
		return "fallback header";
	}
	return "?";
}

void ss_plan_free(struct ss_plan *p)
{
	strvec_clear(&p->args);
	free(p->why);
	free(p->note);
	free(p->root);
	free(p->config);
	p->why = p->note = p->root = p->config = NULL;
}

void ss_plan_headers(struct ss_plan *plan, enum ss_headers h)
{
	if (h == SS_HEADERS_BUNDLED) {
		plan->how = SS_HOW_FALLBACK;
		plan->may_fall_back = false;
	}
	/* Any plan may end with the bundled header: a file whose own
	   headers fail falls back to it. */
	free(plan->config);
	plan->config = ss_config_header(&plan->args);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The checker's answers to other tools, as JSON: its rule table, the parser
 * flags a file gets, the lines a diff changes.  The front door asks for
 * these instead of keeping copies of its own.
 */
#include "gate/diff_lines.h"
#include "report/jsonutil.h"
#include "report/output.h"
#include "util/path.h"
#include "util/xalloc.h"
#include "flags/handler_type.h"
#include "flags/plan.h"
#include "input/source.h"
#include "flags/tree.h"
#include "flags/vfs_era.h"
#include "findings/messages.h"
#include "rules/patch_choice.h"
#include "rules/rule.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int ss_write_rules_json(FILE *f)
{
	json_object *top = json_object_new_object();
	json_object *list = json_object_new_array();
	int rc;

	json_object_object_add(top, "version", json_object_new_string(SAFESEEK_VERSION));
	for (size_t i = 0; i < ss_rule_count; i++) {
		const struct ss_rule *r = ss_rules[i];
		json_object *o = json_object_new_object();

		json_object_object_add(o, "id", json_object_new_string(r->id));
		json_object_object_add(o, "severity",
				       json_object_new_string(ss_severity_name(r->severity)));
		json_object_object_add(o, "confidence",
				       json_object_new_string(ss_confidence_name(r->confidence)));
		json_object_object_add(o, "fix", ss_json_string(r->fix));
		json_object_object_add(o, "names", ss_json_string(ss_names_name(r->names)));
		json_object_object_add(o, "summary", ss_json_string(r->summary));
		json_object_object_add(o, "help", ss_json_string(r->help));
		json_object_array_add(list, o);
	}
	json_object_object_add(top, "rules", list);
	list = json_object_new_array();
	for (size_t i = 0; ss_patch_choice_patches[i]; i++)
		json_object_array_add(list, json_object_new_string(ss_patch_choice_patches[i]));
	json_object_object_add(top, "patches_chosen", list);
	rc = ss_json_write(f, top);
	json_object_put(top);
	return rc;
}

/* The "vfs" of a file written for kernel v: the virtual rules that tell
   the semantic patches where its VFS differs from today's, and whether it
   is of the VFS core. */
/* The plan's role as the scan decides it (ss_plan_role()), so that a
   patch told the era is told what the scan found; a file that cannot be
   read keeps what its place says. */
static void plan_role(const char *path, struct ss_plan *plan)
{
	struct ss_source src;
	char *reason = NULL;

	if (ss_source_read(path, &src, &reason) < 0) {
		free(reason);
		return;
	}
	ss_plan_role(plan, src.buf, src.len);
	ss_source_free(&src);
}

static json_object *era_json(struct ss_kversion v, bool vfs_core)
{
	json_object *list = json_object_new_array();
	const char *last = NULL;

	for (int f = 0; f < SS_VFS_FACTS; f++) {
		const char *name = ss_vfs_cocci_name(v, f);

		if (name && (!last || strcmp(name, last) != 0))
			json_object_array_add(list, json_object_new_string(name));
		last = name ? name : last;
	}
	if (vfs_core)
		json_object_array_add(list, json_object_new_string(ss_vfs_core_virtual));
	return list;
}

/* The "kbuild" of a file of the tree at `root`. */
static bool builds_objects(const char *root)
{
	struct ss_tree t;
	char *probe;
	bool yes;

	if (!root)
		return false;
	probe = ss_path_join(root, "include/linux/fs.h");
	yes = ss_tree_find(probe, &t) && ss_tree_builds_objects(&t);
	ss_tree_free(&t);
	free(probe);
	return yes;
}

/* The "sysctl_handler" of a file of the tree at `root`: its header is read
   once for all the files of one tree asked in a row. */
static json_object *handler_json(const char *root, char **seen_root,
				 struct ss_handler_type *handler)
{
	json_object *h;

	if (!*seen_root || !root || strcmp(*seen_root, root) != 0) {
		ss_handler_type_free(handler);
		free(*seen_root);
		*seen_root = root ? xstrdup(root) : NULL;
		ss_handler_type_of_tree(root, handler);
	}
	if (!handler->file)
		return NULL;
	h = json_object_new_object();
	json_object_object_add(h, "file", ss_json_name(handler->file));
	json_object_object_add(h, "ppos", json_object_new_boolean(handler->ppos));
	return h;
}

int ss_write_flags_json(FILE *f, char *const *paths, size_t n, const struct ss_compdb *db,
			struct ss_kversion kernel)
{
	json_object *top = json_object_new_object();
	json_object *list = json_object_new_array();
	struct ss_handler_type handler = { 0 };
	char *handler_root = NULL;
	int rc, missing = 0;

	for (size_t i = 0; i < n; i++) {
		char *abs = ss_path_absolute(paths[i]);
		json_object *o, *args;
		struct ss_plan plan;
		char version[32];

		if (access(paths[i], R_OK) < 0) {
			ss_error("%s: %s", paths[i], strerror(errno));
			missing++;
			free(abs);
			continue;
		}
		o = json_object_new_object();
		args = json_object_new_array();
		ss_plan_file(abs ? abs : paths[i], db, &plan);
		plan_role(paths[i], &plan);
		json_object_object_add(o, "file", ss_json_name(paths[i]));
		json_object_object_add(o, "how", json_object_new_string(ss_how_name(plan.how)));
		json_object_object_add(o, "root", ss_json_name(plan.root));
		if (ss_kversion_known(kernel))
			plan.kernel = kernel;
		json_object_object_add(o, "kernel", ss_kversion_known(plan.kernel)
				       ? json_object_new_string(ss_kversion_name(plan.kernel, version,
										 sizeof(version)))
				       : NULL);
		json_object_object_add(o, "vfs", era_json(plan.kernel, plan.vfs_core));
		json_object_object_add(o, "kbuild", json_object_new_boolean(builds_objects(plan.root)));
		json_object_object_add(o, "sysctl_handler",
				       handler_json(plan.root, &handler_root, &handler));
		for (size_t k = 0; plan.how != SS_HOW_FALLBACK && k < plan.args.n; k++)
			json_object_array_add(args, ss_json_string(plan.args.v[k]));
		json_object_object_add(o, "args", args);
		json_object_array_add(list, o);
		ss_plan_free(&plan);
		free(abs);
	}
	ss_handler_type_free(&handler);
	free(handler_root);
	json_object_object_add(top, "files", list);
	rc = ss_json_write(f, top);
	json_object_put(top);
	return rc < 0 ? rc : missing ? 1 : 0;
}

static json_object *numbers(const unsigned *v, size_t n)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_int64(v[i]));
	return a;
}

int ss_write_changes_json(FILE *f, const struct ss_changes *c)
{
	json_object *top = json_object_new_object();
	json_object *list = json_object_new_array();
	int rc;

	for (size_t i = 0; i < ss_changes_file_count(c); i++) {
		json_object *o = json_object_new_object();
		const unsigned *v;
		size_t n;

		json_object_object_add(o, "path", ss_json_name(ss_changes_file_path(c, i)));
		v = ss_changes_file_lines(c, i, &n);
		json_object_object_add(o, "lines", numbers(v, n));
		v = ss_changes_file_deletions(c, i, &n);
		json_object_object_add(o, "deletions", numbers(v, n));
		json_object_array_add(list, o);
	}
	json_object_object_add(top, "files", list);
	rc = ss_json_write(f, top);
	json_object_put(top);
	return rc;
}

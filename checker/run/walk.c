// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/walk.h"

#include "util/path.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A directory named on the command line, and how many files it held. */
struct root {
	const char *arg;
	char *real;
	size_t files;
	struct root *next;
};

/* Directories entered, linked to their parents to notice loops. */
struct dirnode {
	dev_t dev;
	ino_t ino;
	const struct dirnode *parent;
	struct dirnode *next;
};

/* A directory waiting to be read. */
struct pending {
	char *path;			/* as printed */
	struct root *root;
	const struct dirnode *parent;	/* the directory it was found in */
	struct pending *next;
};

struct ss_walk {
	const struct ss_options *opt;
	struct ss_file_result *all;
	void (*found)(void *ctx, const char *path);
	void *ctx;
	struct pending *stack;
	struct root *roots;
	struct dirnode *nodes;
};

struct ss_walk *ss_walk_new(const struct ss_options *o, struct ss_file_result *all,
			    void (*found)(void *ctx, const char *path), void *ctx)
{
	struct ss_walk *w = xcalloc(1, sizeof(*w));

	w->opt = o;
	w->all = all;
	w->found = found;
	w->ctx = ctx;
	return w;
}

static void push(struct ss_walk *w, char *path, struct root *root, const struct dirnode *parent)
{
	struct pending *p = xcalloc(1, sizeof(*p));

	p->path = path;
	p->root = root;
	p->parent = parent;
	p->next = w->stack;
	w->stack = p;
}

static void found_in(struct ss_walk *w, struct root *root, const char *path)
{
	root->files++;
	w->found(w->ctx, path);
}

static void path_problem(struct ss_walk *w, const char *arg, const char *what, const char *why)
{
	ss_msg_add(&w->all->msgs, SS_MSG_ERROR, arg, "%s%s", what, why);
	w->all->stats.path_error = true;
}

void ss_walk_named(struct ss_walk *w, const char *arg)
{
	struct stat st;
	struct root *r;

	if (stat(arg, &st) < 0) {
		path_problem(w, arg, "", strerror(errno));
	} else if (S_ISREG(st.st_mode)) {
		if (access(arg, R_OK) < 0)
			path_problem(w, arg, "cannot read: ", strerror(errno));
		else
			w->found(w->ctx, arg);
	} else if (!S_ISDIR(st.st_mode)) {
		path_problem(w, arg, "", "not a regular file or directory");
	} else if (access(arg, R_OK | X_OK) < 0) {
		path_problem(w, arg, "cannot read directory: ", strerror(errno));
	} else {
		r = xcalloc(1, sizeof(*r));
		r->arg = arg;
		r->real = realpath(arg, NULL);
		r->next = w->roots;
		w->roots = r;
		push(w, xstrdup(arg), r, NULL);
	}
}

static bool has_c_suffix(const char *name)
{
	return ss_path_has_suffix(name, ".c") || ss_path_has_suffix(name, ".h");
}

static void symlink_entry(struct ss_walk *w, const struct pending *dir,
			  const struct dirnode *node, const char *path, const char *name)
{
	struct stat st;
	char *real;
	bool inside;

	if (stat(path, &st) < 0) {
		if (w->opt->verbose && has_c_suffix(name))
			ss_msg_add(&w->all->msgs, SS_MSG_VERBOSE, path,
				   "dangling symbolic link, not followed");
		return;
	}
	if (!S_ISDIR(st.st_mode) && !(S_ISREG(st.st_mode) && has_c_suffix(name)))
		return;
	if (w->opt->follow_symlinks) {
		if (S_ISDIR(st.st_mode))
			push(w, xstrdup(path), dir->root, node);
		else
			found_in(w, dir->root, path);
		return;
	}
	if (!w->opt->verbose)
		return;
	real = realpath(path, NULL);
	inside = real && dir->root->real &&
		 (strcmp(real, dir->root->real) == 0 || ss_path_under(real, dir->root->real));
	if (inside)
		ss_msg_add(&w->all->msgs, SS_MSG_VERBOSE, path,
			   "symbolic link inside the tree, not followed: "
			   "its target is checked under its own name");
	else
		ss_msg_add(&w->all->msgs, SS_MSG_VERBOSE, path,
			   "symbolic link leading outside %s, not followed "
			   "(--follow-symlinks follows it)", dir->root->arg);
	free(real);
}

/* The directory's node, or NULL when it is being walked already above. */
static struct dirnode *enter(struct ss_walk *w, const struct pending *dir, DIR *d)
{
	struct dirnode *node;
	struct stat st;

	if (fstat(dirfd(d), &st) < 0) {
		ss_msg_add(&w->all->msgs, SS_MSG_ERROR, dir->path,
			   "cannot read directory: %s", strerror(errno));
		return NULL;
	}
	for (const struct dirnode *a = dir->parent; a; a = a->parent) {
		if (a->dev == st.st_dev && a->ino == st.st_ino) {
			ss_msg_add(&w->all->msgs, SS_MSG_VERBOSE, dir->path,
				   "directory loop, not entered again");
			return NULL;
		}
	}
	node = xcalloc(1, sizeof(*node));
	node->dev = st.st_dev;
	node->ino = st.st_ino;
	node->parent = dir->parent;
	node->next = w->nodes;
	w->nodes = node;
	return node;
}

static void read_dir(struct ss_walk *w, const struct pending *dir)
{
	const struct dirnode *node;
	struct dirent *de;
	DIR *d = opendir(dir->path);

	if (!d) {
		ss_msg_add(&w->all->msgs, SS_MSG_ERROR, dir->path,
			   "cannot read directory: %s", strerror(errno));
		w->all->stats.failed++;
		return;
	}
	if (!(node = enter(w, dir, d))) {
		closedir(d);
		return;
	}
	while ((errno = 0, de = readdir(d))) {
		const char *name = de->d_name;
		unsigned char type = de->d_type;
		char *path;

		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat est;

			if (fstatat(dirfd(d), name, &est, AT_SYMLINK_NOFOLLOW) < 0)
				continue;
			type = S_ISDIR(est.st_mode) ? DT_DIR
			     : S_ISREG(est.st_mode) ? DT_REG
			     : S_ISLNK(est.st_mode) ? DT_LNK : DT_UNKNOWN;
		}
		if ((type == DT_DIR && name[0] == '.') ||	/* .git and the like */
		    (type == DT_REG && !has_c_suffix(name)) ||
		    (type != DT_DIR && type != DT_REG && type != DT_LNK))
			continue;
		path = ss_path_join(dir->path, name);
		if (type == DT_DIR) {
			push(w, path, dir->root, node);
			continue;
		}
		if (type == DT_REG)
			found_in(w, dir->root, path);
		else
			symlink_entry(w, dir, node, path, name);
		free(path);
	}
	if (errno)
		ss_msg_add(&w->all->msgs, SS_MSG_ERROR, dir->path,
			   "error reading directory: %s", strerror(errno));
	closedir(d);
}

bool ss_walk_step(struct ss_walk *w)
{
	struct pending *dir = w->stack;

	if (!dir)
		return false;
	w->stack = dir->next;
	read_dir(w, dir);
	free(dir->path);
	free(dir);
	return true;
}

void ss_walk_free(struct ss_walk *w)
{
	while (w->stack) {
		struct pending *next = w->stack->next;

		free(w->stack->path);
		free(w->stack);
		w->stack = next;
	}
	for (struct root *r = w->roots, *next; r; r = next) {
		next = r->next;
		if (r->files == 0)
			ss_msg_add(&w->all->msgs, SS_MSG_NOTE, r->arg, "no .c or .h files found");
		free(r->real);
		free(r);
	}
	while (w->nodes) {
		struct dirnode *next = w->nodes->next;

		free(w->nodes);
		w->nodes = next;
	}
	free(w);
}

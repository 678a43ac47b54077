/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_TREE_H
#define SAFESEEK_TREE_H

/*
 * Kernel trees that were never configured or built: find the root of the
 * tree a file lies in and derive the flags a kernel build would give it.
 */

#include <stdbool.h>

#include "util/container.h"

struct ss_tree {
	char *root;		/* absolute, symlinks resolved */
	bool kernel;		/* a full kernel tree (Makefile, Kconfig or in 2.4
				   Rules.make, arch/) */
	bool configured;	/* its config header exists */
	bool prepared;		/* its version header exists: `make prepare` (in
				   2.4 `make dep`) ran, and wrote the generated
				   headers the others include */
};

/*
 * The tree holding the file at real (absolute, symlink-free) path `file`:
 * the nearest ancestor directory that has include/linux/fs.h.  Returns false
 * when there is none.
 */
bool ss_tree_find(const char *file, struct ss_tree *t);

/* Flags for parsing a file of tree t with the tree's own headers. */
void ss_tree_args(const struct ss_tree *t, struct strvec *args);

/* Whether the tree's headers can be expected to parse at all: a full
   kernel that was not configured and prepared lacks its generated headers
   (a config header alone, as some vendor trees ship, is not enough). */
bool ss_tree_headers_usable(const struct ss_tree *t);

/* Whether Kbuild can build an object of the tree as it stands: a 2.6 or
   later tree (Kconfig) that was configured (.config, include/config/
   auto.conf) and prepared, so that `make dir/file.o` compiles the file
   with the flags of a real build and touches nothing else. */
bool ss_tree_builds_objects(const struct ss_tree *t);

/* Code that legitimately owns f_pos: a file directly in the tree's fs/
   directory (fs/read_write.c), not in a subdirectory of it, or directly
   in io_uring/ (fs/io_uring.c before Linux 6.0). */
bool ss_tree_is_vfs_core(const struct ss_tree *t, const char *file);
/* The coccinelle virtual rule that tells a semantic patch its file is of
   the VFS core ("vfs_core"). */
extern const char ss_vfs_core_virtual[];

/* The kernel's name for the architecture this program runs on ("x86"). */
const char *ss_tree_host_arch(void);

void ss_tree_free(struct ss_tree *t);

#endif

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/tree.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

static bool exists_in(const char *dir, const char *rel, bool want_dir)
{
	char *p = ss_path_join(dir, rel);
	struct stat st;
	bool ok = stat(p, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode)
						  : S_ISREG(st.st_mode));

	free(p);
	return ok;
}

bool ss_tree_find(const char *file, struct ss_tree *t)
{
	char *dir = ss_path_dirname(file);

	memset(t, 0, sizeof(*t));
	for (;;) {
		char *up;

		if (exists_in(dir, "include/linux/fs.h", false)) {
			t->root = dir;
			/* a Kconfig at the top in later 2.6 trees, only
			   init/Kconfig in early ones (2.6.8); 2.4 has its
			   Rules.make instead */
			t->kernel = exists_in(dir, "Makefile", false) &&
				    (exists_in(dir, "Kconfig", false) ||
				     exists_in(dir, "init/Kconfig", false) ||
				     exists_in(dir, "Rules.make", false)) &&
				    exists_in(dir, "arch", true);
			t->configured =
				exists_in(dir, "include/generated/autoconf.h", false) ||
				exists_in(dir, "include/linux/autoconf.h", false);
			t->prepared =
				exists_in(dir, "include/generated/uapi/linux/version.h", false) ||
				exists_in(dir, "include/linux/version.h", false);
			return true;
		}
		if (strcmp(dir, "/") == 0 || strcmp(dir, ".") == 0)
			break;
		up = ss_path_dirname(dir);
		free(dir);
		dir = up;
	}
	free(dir);
	return false;
}

bool ss_tree_builds_objects(const struct ss_tree *t)
{
	return t->kernel && t->configured && t->prepared &&
	       exists_in(t->root, "Kconfig", false) &&
	       exists_in(t->root, ".config", false) &&
	       exists_in(t->root, "include/config/auto.conf", false);
}

const char *ss_tree_host_arch(void)
{
	static const struct { const char *machine, *arch; } map[] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "i486", "x86" },
		{ "i586", "x86" }, { "i686", "x86" }, { "aarch64", "arm64" },
		{ "arm", "arm" }, { "ppc", "powerpc" }, { "riscv", "riscv" },
		{ "s390", "s390" }, { "mips", "mips" }, { "loongarch", "loongarch" },
		{ "sparc", "sparc" },
	};
	struct utsname u;

	if (uname(&u) == 0)
		for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
			if (strncmp(u.machine, map[i].machine,
				    strlen(map[i].machine)) == 0)
				return map[i].arch;
	return "x86";
}

static void add_dir(struct strvec *args, const char *root, const char *rel)
{
	if (exists_in(root, rel, true)) {
		char *p = ss_path_join(root, rel);

		strvec_push(args, "-I");
		strvec_push(args, p);
		free(p);
	}
}

/*
 * The architecture whose headers the tree uses: the one it was configured
 * for (the only one with generated headers), else this machine's.  Trees
 * before 2.6.28 have no arch/ARCH/include; their include/asm link, made
 * when they were configured, already points at include/asm-ARCH.
 */
static const char *tree_arch(const struct ss_tree *t, char *buf, size_t n)
{
	const char *host = ss_tree_host_arch();
	char *arch_dir = ss_path_join(t->root, "arch");
	DIR *d = opendir(arch_dir);
	struct dirent *e;

	snprintf(buf, n, "%s", host);
	while (d && (e = readdir(d))) {
		char *gen = xasprintf("arch/%s/include/generated", e->d_name);

		if (e->d_name[0] != '.' && exists_in(t->root, gen, true))
			snprintf(buf, n, "%s", e->d_name);
		free(gen);
	}
	if (d)
		closedir(d);
	free(arch_dir);
	return buf;
}

void ss_tree_args(const struct ss_tree *t, struct strvec *args)
{
	char archbuf[256];
	const char *arch = tree_arch(t, archbuf, sizeof(archbuf));
	char *a = xasprintf("arch/%s/include", arch);
	char *a_gen = xasprintf("arch/%s/include/generated", arch);
	char *a_uapi = xasprintf("arch/%s/include/uapi", arch);
	char *a_gen_uapi = xasprintf("arch/%s/include/generated/uapi", arch);

	strvec_push(args, "-nostdinc");
	/* the order of the kernel's LINUXINCLUDE */
	add_dir(args, t->root, a);
	add_dir(args, t->root, a_gen);
	add_dir(args, t->root, "include");
	add_dir(args, t->root, a_uapi);
	add_dir(args, t->root, a_gen_uapi);
	add_dir(args, t->root, "include/uapi");
	add_dir(args, t->root, "include/generated/uapi");
	free(a);
	free(a_gen);
	free(a_uapi);
	free(a_gen_uapi);

	/* The configuration, as each era's Kbuild forces it in: kconfig.h
	   (3.1 on), generated/autoconf.h (2.6.33 on), linux/autoconf.h. */
	if (exists_in(t->root, "include/generated/autoconf.h", false) &&
	    exists_in(t->root, "include/linux/kconfig.h", false)) {
		strvec_push(args, "-include");
		strvec_pushf(args, "%s/include/linux/kconfig.h", t->root);
	} else if (exists_in(t->root, "include/generated/autoconf.h", false)) {
		strvec_push(args, "-include");
		strvec_pushf(args, "%s/include/generated/autoconf.h", t->root);
	} else if (exists_in(t->root, "include/linux/autoconf.h", false)) {
		strvec_push(args, "-include");
		strvec_pushf(args, "%s/include/linux/autoconf.h", t->root);
	}
	if (exists_in(t->root, "include/linux/compiler_types.h", false)) {
		strvec_push(args, "-include");
		strvec_pushf(args, "%s/include/linux/compiler_types.h", t->root);
	}
	strvec_push(args, "-D__KERNEL__");
	if (t->kernel) {
		strvec_push(args, "-DKBUILD_MODNAME=\"safeseek\"");
		strvec_push(args, "-DKBUILD_BASENAME=\"safeseek\"");
		/* MODULE_LICENSE() of built-in code names it (Linux 5.19 and later) */
		strvec_push(args, "-DKBUILD_MODFILE=\"safeseek\"");
	}
}

bool ss_tree_headers_usable(const struct ss_tree *t)
{
	return !t->kernel || (t->configured && t->prepared);
}

/*
 * io_uring/ was fs/io_uring.c until Linux 6.0 split it out: it reads and
 * writes files on a program's behalf and keeps their position as
 * fs/read_write.c does, in the same role under either name.
 */
static const char *const core_dirs[] = { "fs/", "io_uring/" };
const char ss_vfs_core_virtual[] = "vfs_core";

bool ss_tree_is_vfs_core(const struct ss_tree *t, const char *file)
{
	const char *rel = ss_path_under(file, t->root);

	for (size_t i = 0; rel && i < sizeof(core_dirs) / sizeof(core_dirs[0]); i++) {
		size_t n = strlen(core_dirs[i]);
		const char *name = rel + n;

		if (strncmp(rel, core_dirs[i], n) != 0)
			continue;
		return name[0] && !strchr(name, '/') &&
		       (ss_path_has_suffix(name, ".c") || ss_path_has_suffix(name, ".h"));
	}
	return false;
}

void ss_tree_free(struct ss_tree *t)
{
	free(t->root);
	t->root = NULL;
}

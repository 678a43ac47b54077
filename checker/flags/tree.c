#define _GNU_SOURCE
#include "flags/tree.h"
#include "util/path.h"
#include "util/xalloc.h"

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
			t->kernel = exists_in(dir, "Makefile", false) &&
				    exists_in(dir, "Kconfig", false) &&
				    exists_in(dir, "arch", true);
			t->configured =
				exists_in(dir, "include/generated/autoconf.h", false) ||
				exists_in(dir, "include/linux/autoconf.h", false);
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

void ss_tree_args(const struct ss_tree *t, struct strvec *args)
{
	const char *arch = ss_tree_host_arch();
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

	if (exists_in(t->root, "include/generated/autoconf.h", false) &&
	    exists_in(t->root, "include/linux/kconfig.h", false)) {
		strvec_push(args, "-include");
		strvec_pushf(args, "%s/include/linux/kconfig.h", t->root);
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
	return !t->kernel || t->configured;
}

bool ss_tree_is_vfs_core(const struct ss_tree *t, const char *file)
{
	const char *rel = ss_path_under(file, t->root);

	if (!rel || strncmp(rel, "fs/", 3) != 0)
		return false;
	rel += 3;
	return rel[0] && !strchr(rel, '/') &&
	       (ss_path_has_suffix(rel, ".c") || ss_path_has_suffix(rel, ".h"));
}

void ss_tree_free(struct ss_tree *t)
{
	free(t->root);
	t->root = NULL;
}

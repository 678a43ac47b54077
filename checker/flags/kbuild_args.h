/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_KBUILD_ARGS_H
#define SAFESEEK_KBUILD_ARGS_H

/*
 * Kbuild's checker command line, `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`,
 * turned into what libclang needs to parse that one file the way the build
 * compiles it.  Kept: what changes how the file parses (-D, -U, -I, -isystem,
 * -iquote, -idirafter, -include, -imacros, -nostdinc, -std=, a few -f
 * options that change types).  Dropped: sparse's own options, warnings,
 * code generation options, and every dependency-file option, so that the
 * check never writes a .d file.  `--arch=X`, `-m64`/`-m32` and
 * `-mlittle-endian`/`-mbig-endian` become a clang --target.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_kbuild_args {
	char **clang_args;	/* NULL-terminated; without the source file */
	int nclang;
	char **sources;		/* every argument that is not an option, in order */
	int nsources;
	char **own;		/* the checker's own long options, in order */
	int nown;
	char *target;		/* the --target given to clang, or NULL */
};

/*
 * Does this argv come from Kbuild (or anything else driving the checker like
 * a compiler)?  True when an argument is `--kbuild` or looks like a compiler
 * flag: -D, -U, -I, -isystem, -include, -nostdinc, -Wp, or --arch=.  None
 * of these is an option of the tree scan; after "--" only paths follow.
 */
bool ss_kbuild_detect(int argc, char *const argv[]);

/*
 * Split argv[1..] into clang arguments, the source files and the checker's
 * own long options.  Every `--name` argument is the checker's own unless it
 * is one a compiler or sparse understands (--arch=, --os=, --target=,
 * --sysroot=, --param); `own_takes_value` tells which of the checker's options
 * take their value as the next argument (may be NULL).
 * `--kbuild` itself is consumed.  Returns 0, or -1 with a message in err.
 */
int ss_kbuild_translate(int argc, char *const argv[],
			bool (*own_takes_value)(const char *arg),
			struct ss_kbuild_args *out, char *err, size_t errlen);

void ss_kbuild_args_free(struct ss_kbuild_args *k);

/* The clang target for a sparse --arch, word size and byte order, or NULL. */
const char *ss_kbuild_target(const char *arch, int bits, int big_endian);

#endif /* SAFESEEK_KBUILD_ARGS_H */

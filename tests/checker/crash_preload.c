// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loaded into the checker with LD_PRELOAD by test_crash.py: parsing a file
 * whose name holds "crashme" kills the process there, as a bug in libclang
 * met on hostile input would.  Every other parse goes to libclang.
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <dlfcn.h>
#include <string.h>

typedef enum CXErrorCode parse_fn(CXIndex, const char *, const char *const *, int,
				  struct CXUnsavedFile *, unsigned, unsigned,
				  CXTranslationUnit *);

enum CXErrorCode clang_parseTranslationUnit2(CXIndex idx, const char *source,
					     const char *const *args, int nargs,
					     struct CXUnsavedFile *unsaved, unsigned nunsaved,
					     unsigned options, CXTranslationUnit *out)
{
	static parse_fn *real;
	static int *volatile nowhere;

	/* A fault, as a real bug makes: raise() would let the signal handlers
	   libclang installs return and carry on. */
	if (source && strstr(source, "crashme"))
		*nowhere = 1;
	if (!real)
		real = (parse_fn *)dlsym(RTLD_NEXT, "clang_parseTranslationUnit2");
	return real(idx, source, args, nargs, unsaved, nunsaved, options, out);
}

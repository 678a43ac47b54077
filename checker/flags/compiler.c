// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/compiler.h"

#include "util/path.h"
#include "util/xalloc.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void found_include(CXFile included, CXSourceLocation *stack, unsigned depth,
			  CXClientData data)
{
	char **dir = data;
	CXString name = clang_getFileName(included);
	const char *p = clang_getCString(name);

	(void)stack;
	if (!*dir && p && ss_path_has_suffix(p, "/stdarg.h"))
		*dir = ss_path_dirname(p);
	clang_disposeString(name);
	(void)depth;
}

const char *ss_compiler_include_dir(void)
{
	static char *dir;
	static bool asked;
	struct CXUnsavedFile probe = { "/<safeseek>/probe.c", "#include <stdarg.h>\n", 20 };
	const char *args[] = { "-x", "c" };
	CXTranslationUnit tu = NULL;
	CXIndex idx;

	if (asked)
		return dir;
	asked = true;
	idx = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(idx, probe.Filename, args, 2, &probe, 1,
					CXTranslationUnit_Incomplete, &tu) == CXError_Success && tu) {
		clang_getInclusions(tu, found_include, &dir);
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(idx);
	return dir;
}

static bool compiler_headers(const char *dir)
{
	char *p = ss_path_join(dir, "stdarg.h");
	struct stat st;
	bool yes = stat(p, &st) == 0 && S_ISREG(st.st_mode);

	free(p);
	return yes;
}

void ss_compiler_include_fix(struct strvec *args)
{
	const char *own = ss_compiler_include_dir();
	bool nostdinc = false, given = false;

	if (!own)
		return;
	for (size_t i = 0; i < args->n; i++) {
		const char *a = args->v[i], *dir = NULL;
		bool joined = false;

		if (strcmp(a, "-nostdinc") == 0)
			nostdinc = true;
		else if (strcmp(a, "-isystem") == 0 && i + 1 < args->n)
			dir = args->v[i + 1];
		else if (strncmp(a, "-isystem", 8) == 0 && a[8])
			dir = a + 8, joined = true;
		if (!dir || !compiler_headers(dir))
			continue;
		given = true;
		if (strcmp(dir, own) == 0)
			continue;
		if (joined) {
			free(args->v[i]);
			args->v[i] = xasprintf("-isystem%s", own);
		} else {
			free(args->v[i + 1]);
			args->v[i + 1] = xstrdup(own);
		}
	}
	if (nostdinc && !given) {
		strvec_push(args, "-isystem");
		strvec_push(args, own);
	}
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse_cost: what one libclang parse of a file costs, and which part of it
 * a change of parser set-up would save.
 *
 *   L=/usr/lib/llvm-19	# Debian's libclang-19-dev
 *   cc -O2 -I$L/include bench/parse_cost.c -o parse_cost \
 *      -L$L/lib -lclang -Wl,-rpath,$L/lib
 *   find TREE -name '*.c' | parse_cost MODE INCLUDE_DIR [PCH]
 *
 * MODE is one of
 *   full       parse each file as the checker does
 *   bodies     the same, skipping function bodies
 *   includes   only the file's #include lines
 * and with a third argument, PCH is handed to clang with -include-pch.
 * Prints the CPU time per file.  A precompiled header is made with
 *   clang -x c-header -std=gnu11 -w -nostdinc -I INCLUDE_DIR -D__KERNEL__ \
 *         common.h -o common.pch
 * where common.h includes the headers to precompile.
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* The #include lines of a file, as a buffer of the same name. */
static char *include_lines(const char *path, unsigned long *len)
{
	FILE *f = fopen(path, "r");
	char line[4096], *buf = NULL;
	size_t n = 0;

	*len = 0;
	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		size_t l = strlen(line);

		if (strncmp(line, "#include", 8) != 0)
			continue;
		buf = realloc(buf, n + l + 1);
		if (!buf)
			exit(2);
		memcpy(buf + n, line, l + 1);
		n += l;
	}
	fclose(f);
	*len = n;
	return buf ? buf : calloc(1, 1);
}

int main(int argc, char **argv)
{
	const char *args[16];
	unsigned opts = CXTranslationUnit_KeepGoing |
			CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
	int nargs = 0, files = 0, failed = 0;
	bool includes_only;
	char path[4096];
	CXIndex idx;
	double t0;

	if (argc < 3 || argc > 4 ||
	    (strcmp(argv[1], "full") && strcmp(argv[1], "bodies") &&
	     strcmp(argv[1], "includes"))) {
		fprintf(stderr, "usage: parse_cost full|bodies|includes INCLUDE_DIR [PCH] < FILES\n");
		return 2;
	}
	includes_only = strcmp(argv[1], "includes") == 0;
	if (strcmp(argv[1], "bodies") == 0)
		opts |= CXTranslationUnit_SkipFunctionBodies;
	args[nargs++] = "-x";
	args[nargs++] = "c";
	args[nargs++] = "-std=gnu11";
	args[nargs++] = "-w";
	args[nargs++] = "-nostdinc";
	args[nargs++] = "-I";
	args[nargs++] = argv[2];
	args[nargs++] = "-D__KERNEL__";
	if (argc == 4) {
		args[nargs++] = "-include-pch";
		args[nargs++] = argv[3];
	}

	idx = clang_createIndex(0, 0);
	t0 = cpu_seconds();
	while (fgets(path, sizeof(path), stdin)) {
		struct CXUnsavedFile unsaved;
		CXTranslationUnit tu = NULL;
		char *buf = NULL;

		path[strcspn(path, "\n")] = 0;
		if (!path[0])
			continue;
		if (includes_only) {
			buf = include_lines(path, &unsaved.Length);
			unsaved.Filename = path;
			unsaved.Contents = buf;
		}
		if (clang_parseTranslationUnit2(idx, path, args, nargs,
						buf ? &unsaved : NULL, buf ? 1 : 0,
						opts, &tu) != CXError_Success || !tu)
			failed++;
		else
			clang_disposeTranslationUnit(tu);
		free(buf);
		files++;
	}
	if (files)
		printf("%s%s: %d files, %.2f ms CPU per file%s\n", argv[1],
		       argc == 4 ? " with PCH" : "", files,
		       1000 * (cpu_seconds() - t0) / files,
		       failed ? " (some did not parse)" : "");
	clang_disposeIndex(idx);
	return failed ? 1 : 0;
}

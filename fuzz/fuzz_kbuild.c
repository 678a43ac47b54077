// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Kbuild argv filter: the NUL-separated input is a command line as
 * `make C=1 CHECK=safeseek-check` would pass it.  Whatever is kept must be
 * well formed, and no option that writes a file may reach clang.
 */
#include "flags/kbuild_args.h"
#include "run/options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Options kept with their value in the next argument. */
static int takes_value(const char *a)
{
	static const char *const with[] = {
		"-D", "-U", "-I", "-include", "-imacros", "-isystem", "-iquote",
		"-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
		"-isysroot", "-x", "-target", NULL,
	};

	for (const char *const *w = with; *w; w++)
		if (strcmp(a, *w) == 0)
			return 1;
	return 0;
}

/* Options that make a compiler write files: none may be passed on. */
static int writes_files(const char *a)
{
	static const char *const bad[] = {
		"-MD", "-MMD", "-MF", "-MT", "-MQ", "-o", "--output", NULL,
	};

	for (const char *const *b = bad; *b; b++)
		if (strcmp(a, *b) == 0)
			return 1;
	return strncmp(a, "-Wp,", 4) == 0 || strncmp(a, "-MF", 3) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), **argv;
	struct ss_kbuild_args k;
	char err[256];
	int argc = 1;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (size_t i = 0; i < size; i++)
		argc += buf[i] == '\0';
	argv = calloc((size_t)argc + 2, sizeof(*argv));
	if (!argv) {
		free(buf);
		return 0;
	}
	argv[0] = "safeseek-check";
	argc = 1;
	for (size_t i = 0; i <= size; i += strlen(buf + i) + 1)
		argv[argc++] = buf + i;
	argv[argc] = NULL;

	(void)ss_kbuild_detect(argc, argv);
	err[0] = '\0';
	if (ss_kbuild_translate(argc, argv, ss_options_takes_value, &k, err, sizeof(err)) == 0) {
		if (k.nclang < 0 || k.clang_args[k.nclang] != NULL || k.nown < 0)
			abort();
		for (int i = 0; i < k.nclang; i++) {
			if (!k.clang_args[i] || writes_files(k.clang_args[i]))
				abort();
			/* a value-taking option never ends the list: clang
			   would take the source file for its value */
			if (takes_value(k.clang_args[i]) && ++i >= k.nclang)
				abort();
		}
		for (int i = 0; i < k.nown; i++)
			if (!k.own[i])
				abort();
		ss_kbuild_args_free(&k);
	} else if (!err[0] || strchr(err, '\n')) {
		abort();
	}
	if (size > 0) {
		const char *arch = argv[argc - 1];

		(void)ss_kbuild_target(arch, data[0] & 1 ? 64 : 32, data[0] & 2);
		(void)ss_kbuild_target(arch, 0, 0);
	}
	free(argv);
	free(buf);
	return 0;
}

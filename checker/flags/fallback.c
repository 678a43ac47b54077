// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/fallback.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* fallback_data.c, written at build time from fallback/safeseek-kernel.h */
extern const char ss_fallback_header[];
extern const size_t ss_fallback_header_len;

struct CXUnsavedFile ss_fallback_unsaved(void)
{
	struct CXUnsavedFile f = {
		.Filename = SS_FALLBACK_PATH,
		.Contents = ss_fallback_header,
		.Length = (unsigned long)ss_fallback_header_len,
	};
	return f;
}

static bool is_named(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');

	return strcmp(slash ? slash + 1 : path, name) == 0;
}

/* Where `#include <generated/autoconf.h>` of kconfig.h finds the file
   through the include directories of `own`, or NULL. */
static char *generated_autoconf(const struct strvec *own)
{
	static const char *const dir_opts[] = { "-I", "-isystem", "-iquote", "-idirafter" };

	for (size_t i = 0; i < own->n; i++) {
		for (size_t k = 0; k < sizeof(dir_opts) / sizeof(dir_opts[0]); k++) {
			size_t n = strlen(dir_opts[k]);
			const char *dir = NULL;
			char *p;

			if (strcmp(own->v[i], dir_opts[k]) == 0 && i + 1 < own->n)
				dir = own->v[i + 1];
			else if (strncmp(own->v[i], dir_opts[k], n) == 0 && own->v[i][n])
				dir = own->v[i] + n;
			if (!dir)
				continue;
			p = ss_path_join(dir, "generated/autoconf.h");
			if (access(p, R_OK) == 0)
				return p;
			free(p);
		}
	}
	return NULL;
}

char *ss_config_header(const struct strvec *own)
{
	for (size_t i = 0; i + 1 < own->n; i++) {
		const char *f = own->v[i + 1];

		if (strcmp(own->v[i], "-include") != 0)
			continue;
		if (is_named(f, "autoconf.h"))
			return xstrdup(f);
		if (is_named(f, "kconfig.h"))
			return generated_autoconf(own);
	}
	return NULL;
}

void ss_fallback_args(struct strvec *args, const struct strvec *own, const char *config)
{
	strvec_push(args, "-nostdinc");
	strvec_push(args, "-D__KERNEL__");
	strvec_push(args, "-include");
	strvec_push(args, SS_FALLBACK_PATH);
	if (config) {
		strvec_push(args, "-include");
		strvec_push(args, config);
	}
	/* The file's include directories and other forced includes go, but
	   its macros and target stay: they still pick its #ifdef branches. */
	for (size_t i = 0; own && i < own->n; i++) {
		const char *a = own->v[i];

		if ((strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 ||
		     strcmp(a, "-target") == 0) && i + 1 < own->n) {
			strvec_push(args, a);
			strvec_push(args, own->v[++i]);
		} else if (strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0 ||
			   strncmp(a, "-std=", 5) == 0 ||
			   strncmp(a, "--target=", 9) == 0) {
			strvec_push(args, a);
		}
	}
}

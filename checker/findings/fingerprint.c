// SPDX-License-Identifier: GPL-2.0-only
#include "findings/fingerprint.h"
#include "util/path.h"

#include <stdint.h>
#include <stdlib.h>

#define FNV_OFFSET 1469598103934665603ull
#define FNV_PRIME 1099511628211ull

static uint64_t mix(uint64_t h, unsigned char c)
{
	return (h ^ c) * FNV_PRIME;
}

static uint64_t mix_str(uint64_t h, const char *s, int skip_space)
{
	for (; s && *s; s++) {
		if (skip_space && (*s == ' ' || *s == '\t' || *s == '\r' ||
				   *s == '\n' || *s == '\v' || *s == '\f'))
			continue;
		h = mix(h, (unsigned char)*s);
	}
	return mix(h, 0);	/* field separator: "ab"+"c" differs from "a"+"bc" */
}

void ss_fingerprint(const char *rule, const char *file, const char *function,
		    const char *line_text, char out[SS_FINGERPRINT_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	uint64_t h = FNV_OFFSET;
	char *abs = ss_path_absolute(file), *cwd = ss_path_absolute(".");
	const char *rel = abs && cwd ? ss_path_under(abs, cwd) : NULL;

	h = mix_str(h, rule, 0);
	h = mix_str(h, rel ? rel : abs ? abs : file, 0);
	free(abs);
	free(cwd);
	h = mix_str(h, function, 0);
	h = mix_str(h, line_text, 1);
	for (int i = SS_FINGERPRINT_LEN - 1; i >= 0; i--) {
		out[i] = hex[h & 15];
		h >>= 4;
	}
	out[SS_FINGERPRINT_LEN] = '\0';
}

// SPDX-License-Identifier: GPL-2.0-only
#include "findings/patch_files.h"

#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

void ss_patch_files_add(struct ss_patch_files *pf, const char *patch, const char *file)
{
	strvec_push(&pf->patch, patch);
	strvec_push(&pf->file, file);
}

void ss_patch_files_move(struct ss_patch_files *dst, struct ss_patch_files *src)
{
	strvec_append(&dst->patch, &src->patch);
	strvec_append(&dst->file, &src->file);
	ss_patch_files_free(src);
}

struct pair {
	char *patch, *file;
};

static int by_patch_then_file(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c = strcmp(x->patch, y->patch);

	return c ? c : strcmp(x->file, y->file);
}

void ss_patch_files_sort(struct ss_patch_files *pf)
{
	size_t n = pf->patch.n, kept = 0;
	struct pair *v = xcalloc(n ? n : 1, sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = (struct pair){ pf->patch.v[i], pf->file.v[i] };
	qsort(v, n, sizeof(*v), by_patch_then_file);
	for (size_t i = 0; i < n; i++) {
		if (kept && by_patch_then_file(&v[i], &v[kept - 1]) == 0) {
			free(v[i].patch);
			free(v[i].file);
			continue;
		}
		v[kept++] = v[i];
	}
	for (size_t i = 0; i < kept; i++) {
		pf->patch.v[i] = v[i].patch;
		pf->file.v[i] = v[i].file;
	}
	pf->patch.n = pf->file.n = kept;
	if (pf->patch.v)
		pf->patch.v[kept] = NULL;
	if (pf->file.v)
		pf->file.v[kept] = NULL;
	free(v);
}

void ss_patch_files_free(struct ss_patch_files *pf)
{
	strvec_clear(&pf->patch);
	strvec_clear(&pf->file);
}

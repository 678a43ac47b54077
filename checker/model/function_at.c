// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which definition holds a place in the code, asked once per parse error,
 * per word of the text and per finding: an index of the main file's
 * definitions by where they start, so that the answer costs a binary
 * search and not a walk over every function of the file.
 */
#include "model/internal.h"

#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>

struct fn_extent {
	unsigned start, end;
	size_t fn;
};

static bool extent_of(const struct ss_function *f, CXFile *file, unsigned *start, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(f->cursor);
	CXFile f1, f2;

	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, start);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, end);
	*file = f1;
	return f1 && f2 && clang_File_isEqual(f1, f2);
}

static int by_start(const void *a, const void *b)
{
	const struct fn_extent *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->fn < y->fn ? -1 : x->fn > y->fn;
}

void model_index_functions(struct ss_model *m)
{
	size_t n = 0;

	free(m->by_start);
	free(m->max_end);
	m->by_start = xcalloc(m->nfns ? m->nfns : 1, sizeof(*m->by_start));
	m->max_end = xcalloc(m->nfns ? m->nfns : 1, sizeof(*m->max_end));
	m->elsewhere = false;
	for (size_t i = 0; i < m->nfns; i++) {
		struct fn_extent e = { .fn = i };
		CXFile file;

		if (!extent_of(&m->fns[i], &file, &e.start, &e.end))
			continue;
		if (m->main_file && clang_File_isEqual(file, m->main_file))
			m->by_start[n++] = e;
		else
			m->elsewhere = true;
	}
	qsort(m->by_start, n, sizeof(*m->by_start), by_start);
	for (size_t i = 0; i < n; i++)
		m->max_end[i] = i && m->max_end[i - 1] > m->by_start[i].end ? m->max_end[i - 1]
									 : m->by_start[i].end;
	m->nby_start = n;
}

/* The first function (in the model's order) of another file holding off. */
static const struct ss_function *elsewhere_at(const struct ss_model *m, CXFile file, unsigned off)
{
	for (size_t i = 0; i < m->nfns; i++) {
		unsigned start, end;
		CXFile f;

		if (extent_of(&m->fns[i], &f, &start, &end) && clang_File_isEqual(f, file) &&
		    start <= off && off < end)
			return &m->fns[i];
	}
	return NULL;
}

const struct ss_function *ss_model_function_at(const struct ss_model *m, CXSourceLocation loc)
{
	size_t lo = 0, hi = m->nby_start, best = SIZE_MAX;
	CXFile file;
	unsigned off;

	clang_getFileLocation(loc, &file, NULL, NULL, &off);
	if (!file)
		return NULL;
	if (!m->main_file || !clang_File_isEqual(file, m->main_file))
		return m->elsewhere ? elsewhere_at(m, file, off) : NULL;
	/* lo: the number of definitions starting at or before off */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->by_start[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Definitions may share an extent (several from one macro): the
	   model's first wins, as the definitions are walked in order. */
	for (size_t k = lo; k-- > 0 && m->max_end[k] > off;)
		if (m->by_start[k].end > off && m->by_start[k].fn < best)
			best = m->by_start[k].fn;
	return best == SIZE_MAX ? NULL : &m->fns[best];
}

// SPDX-License-Identifier: GPL-2.0-only
#include "model/extent.h"

#include <stdbool.h>

#include "util/xalloc.h"

struct collect {
	CXFile main_file;
	struct ss_line_range *v;
	size_t n, cap;
};

static void add_cursor(struct collect *c, CXCursor cur)
{
	CXSourceRange r = clang_getCursorExtent(cur);
	unsigned first, last;
	CXFile f1, f2;

	clang_getFileLocation(clang_getRangeStart(r), &f1, &first, NULL, NULL);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, &last, NULL, NULL);
	if (!f1 || !f2 || !clang_File_isEqual(f1, c->main_file) ||
	    !clang_File_isEqual(f2, c->main_file) || first > last)
		return;
	xgrow((void **)&c->v, &c->cap, c->n + 1, sizeof(*c->v));
	c->v[c->n].first = first;
	c->v[c->n].last = last;
	c->n++;
}

static enum CXChildVisitResult named_function(CXCursor cur, CXCursor parent,
					      CXClientData data)
{
	struct collect *c = data;
	CXCursor ref, def;

	(void)parent;
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	def = clang_getCursorDefinition(ref);
	if (!clang_Cursor_isNull(def))
		add_cursor(c, def);
	return CXChildVisit_Continue;
}

void ss_extent_collect(CXTranslationUnit tu, CXFile main_file,
		       CXSourceLocation at, struct ss_line_range **v, size_t *n)
{
	struct collect c = { .main_file = main_file, .v = *v, .n = *n, .cap = *n };
	CXCursor cur;

	if (!tu || !main_file)
		return;
	cur = clang_getCursor(tu, at);
	if (clang_getCursorKind(cur) != CXCursor_VarDecl)
		return;
	add_cursor(&c, cur);
	clang_visitChildren(cur, named_function, &c);
	*v = c.v;
	*n = c.n;
}

// SPDX-License-Identifier: GPL-2.0-only
#include "model/ast_util.h"

#include <string.h>

struct gather {
	CXCursor *out;
	unsigned max;
	unsigned n;
};

static enum CXChildVisitResult gather_child(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct gather *g = data;

	(void)parent;
	if (g->n < g->max)
		g->out[g->n] = c;
	g->n++;
	return CXChildVisit_Continue;
}

unsigned ss_children(CXCursor c, CXCursor *out, unsigned max)
{
	struct gather g = { out, max, 0 };

	clang_visitChildren(c, gather_child, &g);
	return g.n;
}

bool ss_is_transparent(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr;
}

CXCursor ss_strip(CXCursor c)
{
	CXCursor kid;

	while (ss_is_transparent(c) && ss_children(c, &kid, 1) == 1)
		c = kid;
	return c;
}

bool ss_cursor_is_null(CXCursor c)
{
	return clang_Cursor_isNull(c) != 0;
}

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned off = 0;

	clang_getFileLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

/*
 * Tokens of c's extent, comments left out, so that a trailing comment does
 * not hide a bare `return -ESPIPE;`.  Some libclang versions hand back one
 * token past the end of the range; it is dropped here.
 */
static unsigned tokens_of(CXTranslationUnit tu, CXCursor c, CXToken **toks)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned n = 0, i, kept = 0, end = offset_of(clang_getRangeEnd(r));

	*toks = NULL;
	clang_tokenize(tu, r, toks, &n);
	while (n > 0 && offset_of(clang_getTokenLocation(tu, (*toks)[n - 1])) >= end)
		n--;
	for (i = 0; i < n; i++)
		if (clang_getTokenKind((*toks)[i]) != CXToken_Comment)
			(*toks)[kept++] = (*toks)[i];
	return kept;
}

static void copy_string(CXString s, char *buf, size_t n)
{
	const char *p = clang_getCString(s);

	if (n == 0)
		return;
	strncpy(buf, p ? p : "", n - 1);
	buf[n - 1] = '\0';
	clang_disposeString(s);
}

static const char *operator_from_tokens(CXTranslationUnit tu, CXCursor c,
					char *buf, size_t n)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXToken *toks;
	unsigned ntok = tokens_of(tu, c, &toks);
	unsigned i, after = 0;
	int pick = -1;

	buf[0] = '\0';
	if (k == CXCursor_UnaryOperator) {
		if (ntok > 0 && clang_getTokenKind(toks[0]) == CXToken_Punctuation)
			pick = 0;
		else if (ntok > 0 && clang_getTokenKind(toks[ntok - 1]) == CXToken_Punctuation)
			pick = (int)ntok - 1;
	} else {
		CXCursor lhs;

		if (ss_children(c, &lhs, 1) >= 1)
			after = offset_of(clang_getRangeEnd(clang_getCursorExtent(lhs)));
		for (i = 0; i < ntok && pick < 0; i++)
			if (clang_getTokenKind(toks[i]) == CXToken_Punctuation &&
			    offset_of(clang_getTokenLocation(tu, toks[i])) >= after)
				pick = (int)i;
	}
	if (pick >= 0)
		copy_string(clang_getTokenSpelling(tu, toks[pick]), buf, n);
	if (toks)
		clang_disposeTokens(tu, toks, ntok);
	return buf;
}

const char *ss_operator(CXTranslationUnit tu, CXCursor c, char *buf, size_t n)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (n == 0)
		return "";
	buf[0] = '\0';
#if CINDEX_VERSION_MINOR >= 64
	/* libclang 17 and later name the operator; older ones need the tokens. */
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind b = clang_getCursorBinaryOperatorKind(c);

		if (b != CXBinaryOperator_Invalid) {
			copy_string(clang_getBinaryOperatorKindSpelling(b), buf, n);
			return buf;
		}
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);

		if (u != CXUnaryOperator_Invalid) {
			copy_string(clang_getUnaryOperatorKindSpelling(u), buf, n);
			return buf;
		}
	}
#endif
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_UnaryOperator)
		return operator_from_tokens(tu, c, buf, n);
	return buf;
}

static bool wordlike(CXTokenKind k)
{
	return k == CXToken_Identifier || k == CXToken_Keyword || k == CXToken_Literal;
}

const char *ss_source_text(CXTranslationUnit tu, CXCursor c, char *buf, size_t n)
{
	CXToken *toks;
	unsigned ntok = tokens_of(tu, c, &toks);
	size_t len = 0;
	unsigned i;

	if (n == 0)
		return "";
	buf[0] = '\0';
	for (i = 0; i < ntok; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *p = clang_getCString(s);
		size_t plen = p ? strlen(p) : 0;
		bool space = i > 0 && wordlike(clang_getTokenKind(toks[i - 1])) &&
			     wordlike(clang_getTokenKind(toks[i]));

		if (len + plen + (space ? 1 : 0) + 1 > n) {
			clang_disposeString(s);
			break;
		}
		if (space)
			buf[len++] = ' ';
		memcpy(buf + len, p, plen);
		len += plen;
		buf[len] = '\0';
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, ntok);
	return buf;
}

bool ss_tokens_contain(CXTranslationUnit tu, CXCursor c, const char *const *seq)
{
	CXToken *toks;
	unsigned ntok = tokens_of(tu, c, &toks);
	unsigned i, j;
	bool found = false;

	for (i = 0; i < ntok && !found; i++) {
		for (j = 0; seq[j] && i + j < ntok; j++) {
			CXString s = clang_getTokenSpelling(tu, toks[i + j]);
			bool same = strcmp(clang_getCString(s), seq[j]) == 0;

			clang_disposeString(s);
			if (!same)
				break;
		}
		found = seq[j] == NULL;
	}
	if (toks)
		clang_disposeTokens(tu, toks, ntok);
	return found;
}

static bool cursor_spelled(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	bool same = strcmp(clang_getCString(s), name) == 0;

	clang_disposeString(s);
	return same;
}

bool ss_type_is_struct(CXType t, const char *tag)
{
	CXCursor decl;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return false;
	decl = clang_getTypeDeclaration(t);
	if (clang_getCursorKind(decl) != CXCursor_StructDecl)
		return false;
	return cursor_spelled(decl, tag);
}

bool ss_type_is_pointer_to_struct(CXType t, const char *tag)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer && ss_type_is_struct(clang_getPointeeType(t), tag);
}

bool ss_member_of_struct(CXCursor member, const char *tag)
{
	CXCursor field = clang_getCursorReferenced(member);
	CXCursor parent;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return false;
	parent = clang_getCursorSemanticParent(field);
	return clang_getCursorKind(parent) == CXCursor_StructDecl &&
	       cursor_spelled(parent, tag);
}

bool ss_is_file_fpos(CXCursor c)
{
	CXCursor base;
	CXType t;

	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr || !cursor_spelled(c, "f_pos"))
		return false;
	if (ss_member_of_struct(c, "file"))
		return true;
	/* The field did not resolve: judge by the type of the object accessed. */
	if (ss_children(c, &base, 1) < 1)
		return false;
	t = clang_getCanonicalType(clang_getCursorType(base));
	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	return ss_type_is_struct(t, "file");
}

static bool token_is(CXTranslationUnit tu, CXToken t, const char *s)
{
	CXString sp = clang_getTokenSpelling(tu, t);
	bool same = strcmp(clang_getCString(sp), s) == 0;

	clang_disposeString(sp);
	return same;
}

bool ss_only_returns_negative(CXTranslationUnit tu, CXCursor body, const char *name)
{
	CXToken *toks;
	unsigned n = tokens_of(tu, body, &toks);
	unsigned i, minus = 0;
	bool ok = n >= 6 && token_is(tu, toks[0], "{") && token_is(tu, toks[1], "return") &&
		  token_is(tu, toks[n - 2], ";") && token_is(tu, toks[n - 1], "}");

	/* { return [(type)] ( - NAME ) ; } */
	for (i = 2; ok && i < n - 2; i++) {
		if (token_is(tu, toks[i], "-") && i + 1 < n - 2 && token_is(tu, toks[i + 1], name)) {
			minus = i;
			break;
		}
		ok = token_is(tu, toks[i], "(") || token_is(tu, toks[i], ")") ||
		     clang_getTokenKind(toks[i]) == CXToken_Identifier ||
		     clang_getTokenKind(toks[i]) == CXToken_Keyword;
	}
	ok = ok && minus > 0;
	for (i = minus + 2; ok && i < n - 2; i++)
		ok = token_is(tu, toks[i], ")");
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return ok;
}

bool ss_cursor_spelled(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	bool same = strcmp(clang_getCString(s), name) == 0;

	clang_disposeString(s);
	return same;
}

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_AST_UTIL_H
#define SAFESEEK_AST_UTIL_H

/*
 * Small questions about libclang cursors that the model and several rules
 * ask: what operator an expression applies, what a subexpression looks like
 * in the source, whether a member access is `->f_pos` of a struct file.
 */

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

/* Up to `max` direct children of c into out; returns how many c has. */
unsigned ss_children(CXCursor c, CXCursor *out, unsigned max);

/* Parentheses and implicit conversions, which the rules look through. */
bool ss_is_transparent(CXCursor c);

/* c with the parentheses and implicit conversions around it removed. */
CXCursor ss_strip(CXCursor c);

/*
 * The operator of a BinaryOperator or CompoundAssignOperator ("!=", "+=",
 * "=") or of a UnaryOperator ("&", "++", "--", "-"), written into buf; ""
 * when it cannot be told.
 */
const char *ss_operator(CXTranslationUnit tu, CXCursor c, char *buf, size_t n);

/* The source of c as its tokens joined ("file->f_pos", "ppos"), truncated to fit. */
const char *ss_source_text(CXTranslationUnit tu, CXCursor c, char *buf, size_t n);

/*
 * Whether the tokens of c contain `seq` (a NULL-terminated list of token
 * spellings) as a contiguous run, e.g. { "-", "EPIPE", NULL }.
 */
bool ss_tokens_contain(CXTranslationUnit tu, CXCursor c, const char *const *seq);

/*
 * Whether a compound statement does nothing but `return -NAME;`, allowing
 * parentheses and a cast around the value.
 */
bool ss_only_returns_negative(CXTranslationUnit tu, CXCursor body, const char *name);

/* Whether t is `struct tag`, looking through typedefs and qualifiers. */
bool ss_type_is_struct(CXType t, const char *tag);

/* Whether t is a pointer to `struct tag`. */
bool ss_type_is_pointer_to_struct(CXType t, const char *tag);

/* A MemberRefExpr `X->f_pos` or `X.f_pos` where X is a struct file. */
bool ss_is_file_fpos(CXCursor c);

/* Whether the field a MemberRefExpr or MemberRef names belongs to `struct tag`. */
bool ss_member_of_struct(CXCursor member, const char *tag);

/* Whether the cursor's spelling is `name`. */
bool ss_cursor_spelled(CXCursor c, const char *name);

/* Whether the cursor is a null cursor (never set). */
bool ss_cursor_is_null(CXCursor c);

#endif /* SAFESEEK_AST_UTIL_H */

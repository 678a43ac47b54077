/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MODEL_SUMMARY_H
#define SAFESEEK_MODEL_SUMMARY_H

/*
 * The deciders of a function summary's facts (facts/summary.h): each fact
 * is decided here only, from the text and from the AST side by side, and
 * a table test (tests/checker/test_summary.c) fails when the two disagree.
 *
 * The text's runs on every file the run reads, in the same read that
 * screens it, and costs one pass over a file that names `struct file` or
 * a kiocb; the AST's on a function of a parse.
 */

#include <clang-c/Index.h>
#include <stddef.h>

#include "facts/summary.h"

/* A record for each function the text `s` defines that takes a struct
   file, a position or a kiocb, appended to `out`, `path` its file.  The
   text holds no NUL before s[len], which is one (struct ss_source's); a
   text that does not end so is not summarised. */
void ss_summarise_text(const char *path, const char *s, size_t len, struct ss_summaries *out);

/* The same facts of the function definition `fn`, from the AST, into
   `out` (its name and file left to the caller). */
void ss_summarise_cursor(CXTranslationUnit tu, CXCursor fn, struct ss_summary *out);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_DIFF_LINES_H
#define SAFESEEK_DIFF_LINES_H

/*
 * The lines a patch adds or changes, per file of the new tree, read from a
 * unified diff: `git diff -U0` output, `git format-patch` mail, or plain
 * `diff -u` with -p1 paths (a/..., b/...).  A changed line is a `+` line of
 * a hunk; pure deletions are kept as points between two new-file lines so
 * that a range query (a function, a file_operations object) notices them.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_changes;

/*
 * Parse `len` bytes of diff text; `name` is used in messages.  Returns NULL
 * on a malformed diff, with "NAME:LINE: what is wrong" in err.
 */
struct ss_changes *ss_changes_parse(const char *text, size_t len,
				    const char *name, char *err, size_t errlen);

/* Read and parse a file; "-" reads standard input. */
struct ss_changes *ss_changes_read(const char *path, char *err, size_t errlen);

void ss_changes_free(struct ss_changes *c);

/*
 * `file` is a path as the checker prints it (relative, absolute, "./x");
 * it matches a diff path when equal to it or ending in "/" + it.
 */
bool ss_changes_line(const struct ss_changes *c, const char *file,
		     unsigned line);

/* Any added line in [first, last], or a deletion strictly inside it. */
bool ss_changes_range(const struct ss_changes *c, const char *file,
		      unsigned first, unsigned last);

/* For tests and --verbose: the files the diff touches, in diff order. */
size_t ss_changes_file_count(const struct ss_changes *c);
const char *ss_changes_file_path(const struct ss_changes *c, size_t i);
/* Added lines of file i, ascending, no duplicates. */
const unsigned *ss_changes_file_lines(const struct ss_changes *c, size_t i,
				      size_t *count);
/* Deletion points of file i: n means "lines removed just before new line n". */
const unsigned *ss_changes_file_deletions(const struct ss_changes *c, size_t i,
					  size_t *count);

#endif /* SAFESEEK_DIFF_LINES_H */

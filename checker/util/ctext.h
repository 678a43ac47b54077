/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_CTEXT_H
#define SAFESEEK_CTEXT_H

/*
 * The one scanner of C source as plain bytes, without the preprocessor:
 * enough to find brackets, identifiers, directives and the entries of an
 * initializer when a parse is not there (the initializer clang dropped) or
 * not worth it yet (the prefilter's look at file_operations).
 */

#include <stdbool.h>
#include <stddef.h>

#define SS_CTEXT_NONE ((size_t)-1)

/* Offset of the first byte at or after `i` that is not blank, a line
   continuation or a comment. */
size_t ss_ctext_skip_blank(const char *s, size_t len, size_t i);

/* Offset just past the last byte before `i` that is not blank, a line
   continuation or a block comment (0 when there is none). */
size_t ss_ctext_back_blank(const char *s, size_t i);

/* Offset just past the string or character literal starting at `i`. */
size_t ss_ctext_skip_literal(const char *s, size_t len, size_t i);

/* Offset of the first byte at or after `i` not blank, comment or literal. */
size_t ss_ctext_skip_noise(const char *s, size_t len, size_t i);

/* Whether the byte at `at` is code: not inside a comment or a literal,
   read from the start of the text. */
bool ss_ctext_in_code(const char *s, size_t len, size_t at);
/* The same, read on from *from (0 at first, then what the last call left
   there), for places asked about in increasing order: the text is read
   once however many are asked. */
bool ss_ctext_in_code_from(const char *s, size_t len, size_t *from, size_t at);

/*
 * Offset of the bracket closing the `(`, `[` or `{` at `open`, or `len`
 * when there is none; comments and literals are skipped.
 */
size_t ss_ctext_closing(const char *s, size_t len, size_t open);

bool ss_ctext_ident_char(char c);

/* Offset just past the identifier starting at `i` (`i` itself if none does). */
size_t ss_ctext_ident_end(const char *s, size_t len, size_t i);

/* Whether the identifier `word` (of `n` bytes) starts at `i`, whole. */
bool ss_ctext_word_at(const char *s, size_t len, size_t i, const char *word, size_t n);

/* Whether `i` is the first non-blank byte of its line. */
bool ss_ctext_line_start(const char *s, size_t i);

/* When the line starting at `i` is a preprocessor directive, the offset of
   its name (`define`, `if`, ...); SS_CTEXT_NONE otherwise. */
size_t ss_ctext_directive_at(const char *s, size_t len, size_t i);

/* Offset of the end of the line at `i`, continuation lines included (a
   directive's end). */
size_t ss_ctext_line_end(const char *s, size_t len, size_t i);

/* Whether the identifier at `i` names a member: it follows `.` or `->`,
   blanks, comments and line continuations between them allowed. */
bool ss_ctext_member_at(const char *s, size_t i);

/* Offset of the innermost bracket `(`, `[` or `{` still open at `at`,
   scanning from `from`, outside any bracket; SS_CTEXT_NONE if none is. */
size_t ss_ctext_innermost_open(const char *s, size_t from, size_t at);

/* Whether the `(` at `open` opens the arguments of a call: a name that is
   no keyword stands before it. */
bool ss_ctext_call_paren(const char *s, size_t open);

/* Whether the expression [start, end) is a whole argument of the call
   whose `(` is at `open` (the innermost bracket around it): after a `,`
   and before a `,` or `)`, or first of several. */
bool ss_ctext_call_argument(const char *s, size_t len, size_t start, size_t end, size_t open);

/*
 * The braces of the initializer after the identifier at `name`
 * (`name = { ... }`): true with *open and *close set, false when no
 * complete `= {...}` follows it.
 */
bool ss_ctext_initializer(const char *s, size_t len, size_t name, size_t *open, size_t *close);

/* One entry of an initializer: `.member = value`, `member: value` or a
   value alone; spans of the text, a length of 0 meaning none. */
struct ss_ctext_entry {
	size_t member, member_len;	/* none: a positional entry */
	size_t value, value_len;	/* the identifier the value is (`f`, `&f`,
					   `(f)`); none when it is anything else */
	bool directive;			/* a preprocessor line inside the value */
};

/*
 * The entries of the braces [open, close], in order, into *out (newly
 * allocated; free() it).  Preprocessor lines between entries are skipped,
 * so both branches of an #ifdef count.
 */
size_t ss_ctext_entries(const char *s, size_t len, size_t open, size_t close,
			struct ss_ctext_entry **out);

#endif /* SAFESEEK_CTEXT_H */

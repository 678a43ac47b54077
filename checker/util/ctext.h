#ifndef SAFESEEK_CTEXT_H
#define SAFESEEK_CTEXT_H

/*
 * Reading C source as plain bytes, without the preprocessor: enough to find
 * brackets, identifiers and directives when a parse is not there (the
 * initializer clang dropped) or not worth it yet (the prefilter).
 */

#include <stdbool.h>
#include <stddef.h>

/* Offset of the first byte at or after `i` that is not blank or comment. */
size_t ss_ctext_skip_blank(const char *s, size_t len, size_t i);

/* Offset just past the string or character literal starting at `i`. */
size_t ss_ctext_skip_literal(const char *s, size_t len, size_t i);

/* Offset of the first byte at or after `i` not blank, comment or literal. */
size_t ss_ctext_skip_noise(const char *s, size_t len, size_t i);

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

#endif /* SAFESEEK_CTEXT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ESCAPE_H
#define SAFESEEK_ESCAPE_H

/*
 * File names and source text come from trees the user did not write: they
 * may hold terminal escape sequences, control characters and bytes that are
 * not UTF-8.  These helpers make them safe to print or to put in JSON.
 */

#include <stddef.h>

/* For a terminal or a log: control characters (C0, DEL, C1) and bytes that
   are not UTF-8 become \xNN; everything else is kept.  Newly allocated. */
char *ss_text_printable(const char *s);

/* Valid UTF-8: each byte that is not part of a well-formed sequence becomes
   U+FFFD.  JSON writers escape the control characters.  Newly allocated. */
char *ss_text_utf8(const char *s);

/*
 * A file name as valid UTF-8 that gives the name's bytes back: each byte
 * that is not part of a well-formed sequence becomes the four characters
 * \xNN (NN its value in lowercase hex), and a backslash of the name that
 * would read as the start of one (followed by x and two hex digits) becomes
 * \x5c.  Reading every \xNN as the byte NN undoes it; a name that is UTF-8
 * and holds no such backslash is kept as it is.  Newly allocated.
 */
char *ss_text_name(const char *s);

/* The length of the well-formed UTF-8 sequence at s (1..4), or 0. */
size_t ss_utf8_seq(const unsigned char *s);

/* The number of characters in the first `bytes` bytes of s, counting each
   byte that is not UTF-8 as one: a byte column as a character column. */
unsigned ss_utf8_columns(const char *s, size_t bytes);

#endif

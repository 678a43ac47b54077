/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MEMBER_TEXT_H
#define SAFESEEK_MEMBER_TEXT_H

/*
 * Whether a file's bytes reach the struct file's position by name, before
 * deciding to parse it for the rules about f_pos accesses: a parameter, a
 * comment or another struct's field spelled f_pos is no access.
 */

#include <stdbool.h>
#include <stddef.h>

/* Whether some `f_pos` of the text follows `.` or `->` (blanks, comments
   and line continuations between them allowed). */
bool ss_text_reaches_fpos(const char *s, size_t len);

#endif /* SAFESEEK_MEMBER_TEXT_H */

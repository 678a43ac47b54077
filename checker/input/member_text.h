/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MEMBER_TEXT_H
#define SAFESEEK_MEMBER_TEXT_H

/*
 * Whether a file's bytes reach the struct file's position by name where a
 * rule about f_pos accesses could report it, before deciding to parse it:
 * a parameter, a comment or another struct's field spelled f_pos is no
 * access, and an access inside an llseek or readdir method is none of
 * theirs (the method owns the position).
 */

#include <stdbool.h>
#include <stddef.h>

/*
 * Whether some `f_pos` of the text follows `.` or `->` (blanks, comments
 * and line continuations between them allowed) outside the body of an
 * llseek method: a function `NAME(struct file *, loff_t, int)` whose body
 * holds no preprocessor line, named nowhere but as `.llseek = NAME` (or
 * `->llseek =`, `llseek:`), in a text that pastes no names together (GNU's
 * `, ## args` pastes none); nor of a readdir method, the same with
 * `NAME(struct file *, void *, filldir_t)` and `readdir`.
 */
bool ss_text_fpos_member(const char *s, size_t len);

#endif /* SAFESEEK_MEMBER_TEXT_H */

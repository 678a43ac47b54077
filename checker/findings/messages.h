/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MESSAGES_H
#define SAFESEEK_MESSAGES_H

/*
 * Per-file messages for standard error ("safeseek-check: PATH: reason").
 * Workers collect them and they are printed sorted by path after the run,
 * so that standard error, like the report, does not depend on -j.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum ss_msg_level {
	SS_MSG_ERROR,		/* a file or path could not be analysed */
	SS_MSG_NOTE,		/* worth knowing: partial parse, empty directory */
	SS_MSG_VERBOSE,		/* -v only: how each file was analysed */
};

struct ss_msg {
	char *path;
	char *text;
	enum ss_msg_level level;
	size_t seq;
};

struct ss_messages {
	struct ss_msg *v;
	size_t n, cap;
};

void ss_msg_add(struct ss_messages *m, enum ss_msg_level level,
		const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ss_messages_move(struct ss_messages *dst, struct ss_messages *src);
void ss_messages_sort(struct ss_messages *m);
/* Prints those at or above `max_level` in importance. */
void ss_messages_print(const struct ss_messages *m, FILE *f,
		       enum ss_msg_level max_level);
void ss_messages_free(struct ss_messages *m);

/*
 * One line on standard error at once, "safeseek-check: TEXT", with TEXT
 * escaped as ss_text_printable() does: it may carry file names and bytes of
 * a diff or a baseline from anyone.
 */
void ss_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_SUMMARY_H
#define SAFESEEK_SUMMARY_H

/*
 * What one function of a tree does with a file: a small record per
 * function that takes a struct file, a position or a kiocb, made by
 * model/summary.c while the file is screened, gathered by the run into a
 * tree-wide index (run/xfile.h) that answers what a file_operations'
 * methods and open do when they are defined in another file.
 */

#include <stdbool.h>
#include <stddef.h>

/* What it does with its position (`loff_t *`, ->ki_pos, ->f_pos). */
enum ss_position_use {
	SS_POSITION_UNKNOWN,
	SS_POSITION_IGNORES,		/* never names it */
	SS_POSITION_WRITES,		/* only stores or advances it */
	SS_POSITION_REFUSES_NONZERO,	/* `if (*ppos) return -E...;` */
	SS_POSITION_REFUSES_PREAD,	/* `if (ppos != &file->f_pos) return -E...;` */
	SS_POSITION_READS,		/* reads it otherwise: honours it */
};

/* How it ends. */
enum ss_ending {
	SS_ENDING_UNKNOWN,
	SS_ENDING_ERROR,		/* every return is a negative constant */
	SS_ENDING_NO_DATA,		/* never touches its buffer */
	SS_ENDING_DATA,			/* may move data */
};

/* What it calls on the file (bits). */
enum {
	SS_SUMMARY_NONSEEKABLE = 1u << 0,	/* nonseekable_open() or stream_open() */
	SS_SUMMARY_CLEARS_PREAD = 1u << 1,	/* f_mode &= ~FMODE_PREAD */
};

#define SS_SUMMARY_HANDOFFS 6

struct ss_summary {
	char *name;
	char *file;			/* the path it is defined in, as printed */
	bool is_static;
	unsigned char position;		/* enum ss_position_use */
	unsigned char ending;		/* enum ss_ending */
	unsigned char calls;		/* SS_SUMMARY_* */
	char *position_to;		/* the function it hands its position to, or NULL */
	char *handed[SS_SUMMARY_HANDOFFS];	/* functions handed the file, or
						   whose result it returns */
};

struct ss_summaries {
	struct ss_summary *v;
	size_t n, cap;
};

/* A new record at the end of `s`, all zero. */
struct ss_summary *ss_summaries_add(struct ss_summaries *s);
/* Moves every record of src to the end of dst. */
void ss_summaries_move(struct ss_summaries *dst, struct ss_summaries *src);
void ss_summaries_free(struct ss_summaries *s);
/* Adds `name` (of n bytes) to the functions handed the file, once. */
void ss_summary_hand(struct ss_summary *s, const char *name, size_t n);

#endif

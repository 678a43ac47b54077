/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_WIRE_H
#define SAFESEEK_WIRE_H

/*
 * What a worker process (pool.h) and the run say to each other, as bytes
 * on a pipe: frames of a type byte, a length and a payload, the payload
 * built of numbers and strings.  A reader never trusts a length it is
 * given: a frame cut short by a dying worker is simply not complete.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "findings/findings.h"
#include "findings/messages.h"
#include "facts/summary.h"
#include "findings/patch_files.h"
#include "report/output.h"

/* What checking one file gives: its findings, its messages, what it counts for. */
struct ss_file_result {
	struct ss_findings findings;
	struct ss_messages msgs;
	struct ss_stats stats;
	struct ss_patch_files patch_files;	/* --patch-files */
	struct ss_summaries summaries;	/* what its functions do with a file */
};

void ss_file_result_free(struct ss_file_result *r);
/* Moves everything of src into dst. */
void ss_file_result_merge(struct ss_file_result *dst, struct ss_file_result *src);

struct ss_wire {
	char *buf;
	size_t len, cap;
	size_t pos;		/* where reading goes on */
};

void ss_wire_u32(struct ss_wire *w, uint32_t v);
void ss_wire_str(struct ss_wire *w, const char *s);	/* NULL too */
void ss_wire_result(struct ss_wire *w, const struct ss_file_result *r);

/* Each returns false when the payload ends too soon or is malformed. */
bool ss_wire_get_u32(struct ss_wire *w, uint32_t *v);
bool ss_wire_get_str(struct ss_wire *w, char **s);
bool ss_wire_get_result(struct ss_wire *w, struct ss_file_result *r);

/* A frame: `type`, then the payload of `body` (which is emptied). */
void ss_wire_frame(struct ss_wire *out, char type, struct ss_wire *body);
/*
 * The next complete frame of `in` from its reading position: its type and
 * a view of its payload in *body (reading starts at body->pos).  False when
 * no complete frame is there yet.
 */
bool ss_wire_next_frame(struct ss_wire *in, char *type, struct ss_wire *body);
/* Drops the bytes already read. */
void ss_wire_compact(struct ss_wire *w);
void ss_wire_free(struct ss_wire *w);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FINDINGS_H
#define SAFESEEK_FINDINGS_H

/*
 * Findings as the core keeps them.  Each worker appends to its own sink while
 * it analyses one file at a time; at the end the sinks are merged and sorted
 * so that the output does not depend on the number of workers.
 */


#include <stddef.h>

enum ss_severity { SS_NOTE, SS_WARNING, SS_ERROR };

/* "note", "warning", "error" */
const char *ss_severity_name(enum ss_severity s);

/* Lines a finding stands for beyond its own (model/extent.h). */
struct ss_line_range {
	unsigned first, last;
};

struct ss_finding {
	const char *rule;	/* the rule's id: static, from the rule table */
	enum ss_severity severity;
	char *file;		/* path as printed */
	unsigned line, column;	/* 1-based; column counts bytes */
	char *function;		/* NULL when unknown */
	char *object;		/* fops or ctl_table, NULL when none */
	char *message;
	char *line_text;	/* the source line reported at, without its newline */
	struct ss_line_range *extents;	/* lines it stands for beyond its own (a fops
					   and its methods), for --changed-lines */
	size_t nextents;
	char *requires;		/* NULL, or what other files must show for the
				   finding to stand (run/xfile.h), asked once the
				   whole tree is read */
};

struct ss_findings {
	struct ss_finding *v;
	size_t n, cap;

	/* The file being analysed: where ss_report() takes names and lines from. */
	const char *file;
	const char *buf;
	size_t len;
};

void ss_findings_begin_file(struct ss_findings *s, const char *file,
			    const char *buf, size_t len);
void ss_findings_end_file(struct ss_findings *s);

/* Takes ownership of the strings in *f. */
void ss_findings_add(struct ss_findings *s, struct ss_finding *f);

/* Moves every finding of src to the end of dst. */
void ss_findings_move(struct ss_findings *dst, struct ss_findings *src);

/* Drops the findings from index `from` on (a file whose analysis failed). */
void ss_findings_truncate(struct ss_findings *s, size_t from);

/* Orders by file, line, column, rule, message, then the remaining fields. */
void ss_findings_sort(struct ss_findings *s);

void ss_findings_free(struct ss_findings *s);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_RULE_H
#define SAFESEEK_RULE_H

/*
 * The contract between the checker's core and its rules.  Each rule lives in
 * its own file under rules/ and defines one `const struct ss_rule`; list.h
 * names them all, and nothing else needs to know a rule exists.
 */

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "facts/facts.h"
#include "findings/findings.h"
#include "model/unit.h"

enum ss_confidence { SS_CONF_LOW, SS_CONF_MEDIUM, SS_CONF_HIGH };
/* What every finding of a rule names (its `function` or its `object`);
   SS_NAMES_EITHER when some may name neither, such as code outside any
   function. */
enum ss_names { SS_NAMES_EITHER, SS_NAMES_FUNCTION, SS_NAMES_OBJECT };

struct ss_unit;
struct ss_fpos_access;

/* What the rules' findings rest on.  An f_pos access is reported by its
   base's type and its function's role, and a stream-only method (`if (ppos)
   return -ESPIPE;`) owns f_pos; a file_operations by its being read at
   all, its methods' use of the position (an f_pos among them) and its
   open. */
#define SS_RESTS_FPOS (SS_UNDECIDED_FPOS | SS_UNDECIDED_ROLE | SS_UNDECIDED_METHOD)
#define SS_RESTS_FOPS (SS_UNDECIDED_FOPS | SS_UNDECIDED_FPOS | SS_UNDECIDED_METHOD)

struct ss_rule {
	const char *id;			/* "espipe-test" */
	enum ss_severity severity;	/* default; a finding may raise or lower it */
	enum ss_confidence confidence;
	const char *summary;		/* one line: SARIF shortDescription */
	const char *help;		/* a paragraph: SARIF fullDescription and help */
	const char *fix;		/* "nonseekable_open.cocci", or NULL when no patch fixes it */
	enum ss_names names;		/* what each finding is sure to name */
	const char *const *needs;	/* NULL-terminated tokens; a file in which no word
					   starts with any rule's token is skipped
					   without parsing */
	/* NULL, or the rule's condition over the file's facts: no only when
	   the rule surely has nothing to report.  The prefilter asks it of the
	   text's sheet (a file for which every rule says no is not parsed), the
	   core of the model's before running check. */
	enum ss_tri (*applies)(const struct ss_facts *s);
	/* The facts on what the parse read that its findings rest on
	   (SS_UNDECIDED_* of facts/facts.h): one unknown on the model's sheet
	   leaves the file undecided when the condition above is not no
	   (rule_table.c). */
	unsigned rests_on;
	/* NULL, or whether the rule reports this f_pos access.  Each access is
	   reported once at most: by the first rule of list.h that claims it. */
	bool (*claims)(const struct ss_unit *u, const struct ss_fpos_access *a);
	void (*check)(struct ss_unit *u, const struct ss_rule *self);
};

/* rule_table.c: the rules of list.h, in its order */
extern const struct ss_rule *const ss_rules[];
extern const size_t ss_rule_count;
const struct ss_rule *ss_rule_by_id(const char *id);
/* Build the unit's model, let the rules claim its f_pos accesses and run
   them all; the model is freed again.  Returns what the parse may have
   left undecided: the SS_UNDECIDED_* reasons (facts/facts.h) of the
   model's sheet. */
unsigned ss_rules_run(struct ss_unit *u);

/* Whether `self` reports the unit's f_pos access number i (model.h). */
static inline bool ss_rule_owns(const struct ss_unit *u, const struct ss_rule *self, size_t i)
{
	return u->claimant && u->claimant[i] == self;
}

/* The prefilter (input/prefilter.h) of what the rules need. */
struct ss_prefilter;
void ss_rules_prefilter_init(struct ss_prefilter *p);

/* Its place in ss_rules[] (the order of --list-rules and SARIF), or -1. */
int ss_rule_index(const char *id);

const char *ss_confidence_name(enum ss_confidence c);	/* "low", "medium", "high" */
const char *ss_names_name(enum ss_names n);	/* "function", "object", or NULL */

/*
 * Report a finding of rule `r` at the start of cursor `at` in the unit's main
 * file (places outside the main file are dropped, so a header is reported
 * once, when it is itself analysed).  `function` and `object` may be NULL:
 * the enclosing function, and the file_operations or ctl_table involved.
 * The message is printf-style and should name both.
 */
void ss_report(struct ss_unit *u, const struct ss_rule *r, CXCursor at,
	       enum ss_severity severity, const char *function,
	       const char *object, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));


/* A finding at a location, that stands only if `requires` holds of the
   functions other files define (run/xfile.h); NULL or "" for none. */
void ss_report_if(struct ss_unit *u, const struct ss_rule *r, const char *requires,
		  CXSourceLocation at, enum ss_severity severity,
		  const char *function, const char *object,
		  const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));

/* A finding at a location that stands on this file alone. */
#define ss_report_at(u, r, ...) ss_report_if(u, r, NULL, __VA_ARGS__)

#endif /* SAFESEEK_RULE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MODEL_INTERNAL_H
#define SAFESEEK_MODEL_INTERNAL_H

/*
 * What the parts of the model share, and the rules do not see.  The calls
 * go one way, from the top of this list down:
 *
 *   walk.c      builds the model: one walk of the parsed file, then the roles
 *   init.c      the initializers that name methods (file_operations, ...)
 *   fpos.c      the f_pos accesses and the stream-only refusals
 *   recover.c   position reads a parse error hid from the AST (from its text)
 *   follow.c    what the helpers a method hands its position to do with it
 *   gaps.c      what the parse may have missed, as facts of the sheet
 *   query.c     answers the rules (model.h), from the storage only
 *   roles.c     which role a member name or a signature gives
 *   skipped.c   the #if branches every parse given the configuration skips
 *   words.c     the words of the main file's code
 *   store.c     the storage: strings, function names, role grants
 */

#include "facts/summary.h"
#include "model/model.h"
#include "util/container.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#define MAX_PARAMS 16

/* A role a file_operations or ctl_table entry (or an assignment) gives. */
struct role_grant {
	const char *function;
	unsigned role;
	const char *object;
	const char *member;
	bool if_shaped;	/* from another struct's table: holds only if the signature agrees */
};

struct call {
	size_t caller;
	const char *callee;
};

/* A position parameter, or a kiocb as first parameter, handed whole to a
   call: the walk counts it a read, follow.c looks into the callee. */
struct handoff {
	size_t caller;
	bool kiocb;
	const char *callee;		/* NULL: no function named (a pointer, a
					   call clang could not type) */
	unsigned arg;			/* the argument it is */
};

struct passed {
	long fn;
	CXCursor var;
};

/* A function name: its definition here, and how often it is used elsewhere. */
struct name_info {
	const char *name;
	long fn;			/* -1: not defined in this file */
	unsigned refs;
};

struct ss_model {
	CXTranslationUnit tu;
	CXFile main_file;
	/* Offsets in the main file of what decides how a method uses the
	   position, as the AST spells it: references to its position
	   parameter, ->ki_pos, calls that make a file non-seekable.  Text the
	   AST lost to a parse error shows up missing here (gaps.c). */
	struct ss_map position_spelled;

	struct ss_function *fns;
	size_t nfns, capfns;
	/* function_at.c: the main file's definitions by where they start */
	struct fn_extent *by_start;
	unsigned *max_end;		/* the furthest end of by_start[0..i] */
	size_t nby_start;
	bool elsewhere;			/* some definition lies in another file */
	CXCursor (*params)[MAX_PARAMS];	/* per function */
	unsigned *nparams;
	signed char *espipe_only;	/* per function: -1 not yet known */
	unsigned *ki_reads;		/* per function: its ->ki_pos reads and */
	unsigned *ki_examined;		/* examinations (in position_reads, ..._examined) */
	bool *followed;			/* per function: a method's verdict looked into it */

	struct ss_fops *fops;
	size_t nfops, capfops;
	struct ss_sysctl_entry *sysctl;
	size_t nsysctl, capsysctl;
	struct ss_fpos_access *fpos;
	size_t nfpos, capfpos;
	CXCursor *fpos_copy;		/* the local each access copies from or to, or null */
	size_t capfpos_copy;
	struct passed *passed;		/* locals whose address a call gets */
	size_t npassed, cappassed;
	size_t *fpos_fn;		/* index of the enclosing function, SIZE_MAX if none */
	size_t capfpos_fn;

	struct role_grant *grants;
	size_t ngrants, capgrants;
	struct call *calls;
	size_t ncalls, capcalls;
	struct handoff *handoffs;
	size_t nhandoffs, caphandoffs;
	/* Offsets in the main file of the kiocb parameters the AST saw
	   handed to a call (recover.c looks for the rest in the text). */
	struct ss_map kiocb_handed;

	struct name_info *names;
	size_t nnames, capnames;
	struct ss_map name_index;	/* name -> index in names */

	char **strings;
	size_t nstrings, capstrings;

	const char **fops_fields, **ctl_fields;
	size_t nfops_fields, nctl_fields;
	bool fops_fields_known, ctl_fields_known;

	/* moves_data.c: the main file's text summaries, made on first use */
	struct text_summaries *text_summaries;
};

/* What the text summaries say of the main file, once a model. */
struct text_summaries {
	bool made;
	struct ss_summaries s;
};

void ss_model_text_summaries_free(struct ss_model *m);

/* The state of the walk (walk.c), which the readers below it look at. */
struct walker {
	struct ss_model *m;
	CXCursor *stack;		/* ancestors of the cursor being visited */
	size_t depth, cap;
	long fn;			/* the function being walked, -1 outside */
	CXCursor *aliases;		/* its locals set to a kiocb parameter's ki_filp */
	size_t naliases, capaliases;
	struct ss_map seen;		/* where its f_pos accesses are */
	CXCursor var;			/* the innermost variable being initialized */
	bool in_var;
};

/* store.c */
const char *model_keep(struct ss_model *m, const char *s);
const char *model_keep_spelling(struct ss_model *m, CXCursor c);
/* The name's entry; with `add`, a new one (fn -1, refs 0) when missing. */
struct name_info *model_name(struct ss_model *m, const char *name, bool add);
const struct name_info *model_name_find(const struct ss_model *m, const char *name);
void model_grant(struct ss_model *m, const char *function, unsigned role,
		 const char *object, const char *member);
void model_grant_if_shaped(struct ss_model *m, const char *function, unsigned role,
			   const char *object, const char *member);
bool model_shape_allows(CXCursor fn, unsigned role);
bool model_is_position_type(CXType t);

/* function_at.c: index the definitions for ss_model_function_at() */
void model_index_functions(struct ss_model *m);

/* roles.c */
unsigned model_role_of_member(const char *member);
unsigned model_roles_from_shape(CXCursor fn);

/* init.c */
const char *model_named_function(struct ss_model *m, CXCursor value);
void model_add_fops(struct walker *w, CXCursor init, CXType type);
bool model_has_init_list(CXCursor var);
void model_add_fops_from_tokens(struct walker *w, CXCursor var);
void model_add_proc_ops(struct walker *w, CXCursor init);
bool model_ops_like(CXType type);
void model_add_other_ops(struct walker *w, CXCursor init);
void model_add_ctl_entry(struct walker *w, CXCursor init, CXType type);

/* skipped.c: the #if branches the parse skipped that the real headers,
   given the same configuration, skip alike (none unless u->config_known);
   byte offsets of the main file, in order.  free() *out. */
struct model_span {
	size_t start, end;
};
size_t model_skipped_alike(const struct ss_unit *u, const char *s, size_t len,
			   struct model_span **out);

/* words.c: the words of the main file's code, s[from, to), outside
   comments, literals, the branches in `alike` and (unless `directives`)
   directive lines, whose macro bodies count where they are used.  fn is
   called with each word [at, end) until it returns true; returns whether
   one did. */
struct model_text {
	const char *s;
	size_t len;
	const struct model_span *alike;
	size_t nalike;
	bool directives;
};
typedef bool (*model_word_fn)(const char *s, size_t at, size_t end, void *arg);
bool model_each_word(const struct model_text *t, size_t from, size_t to,
		     model_word_fn fn, void *arg);
/* Whether the word s[at, end) is w. */
bool model_is_word(const char *s, size_t at, size_t end, const char *w);
/* Where f's body lies in the main file: [its `{`, just past its `}`);
   false when it has none there. */
bool model_body_span(const struct ss_model *m, const struct ss_function *f,
		     size_t *start, size_t *end);

/* recover.c: reads of a position parameter a parse error cost the AST,
   counted from the text of the statements that hold the errors */
void model_recover_reads(struct ss_model *m, const char *text, size_t len);

/* follow.c: after the walk and recover.c, what each position and kiocb
   handed to a function of this file comes to there */
void model_follow_handoffs(struct ss_model *m);
/* Whether a method's verdict depends on what f does with a parameter. */
bool model_followed(const struct ss_model *m, const struct ss_function *f);

/* gaps.c: the sheet's facts on what the parse may have missed (fpos_typed,
   fops_read, methods_read, fpos_roles: facts/facts.h) */
void model_gap_facts(const struct ss_unit *u, struct ss_facts *out);

/* fpos.c */
void model_maybe_alias(struct walker *w, CXCursor var);
void model_maybe_alias_assign(struct walker *w, CXCursor assign, CXCursor lhs, CXCursor rhs);
void model_maybe_passed(struct walker *w, CXCursor c);
void model_fpos_access(struct walker *w, CXCursor c);
void model_stream_refusal(struct walker *w, CXCursor c);

#endif

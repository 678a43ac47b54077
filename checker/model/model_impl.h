#ifndef SAFESEEK_MODEL_IMPL_H
#define SAFESEEK_MODEL_IMPL_H

/*
 * What the parts of the model share, and the rules do not see: model.c
 * walks a parsed file, model_init.c reads its initializers (file_operations,
 * proc_ops, ctl_table), model_fpos.c its f_pos accesses, and model_query.c
 * answers the rules' questions.
 */

#include "model/model.h"

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
};

struct call {
	size_t caller;
	const char *callee;
};

struct passed {
	long fn;
	CXCursor var;
};

/*
 * Where an access is: reported at `at`, written at `spelled`.  A macro that
 * uses an argument twice yields two accesses at one place; two accesses
 * in one macro body differ in where they are written.
 */
struct place {
	unsigned at, spelled;
	CXFile file;
	bool used;
};

/* Function name -> index of its definition, and how often it is used elsewhere. */
struct name_slot {
	const char *name;
	long fn;			/* -1: not defined in this file */
	unsigned refs;
};

struct ss_model {
	CXTranslationUnit tu;

	struct ss_function *fns;
	size_t nfns, capfns;
	CXCursor (*params)[MAX_PARAMS];	/* per function */
	unsigned *nparams;
	signed char *espipe_only;	/* per function: -1 not yet known */

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

	struct name_slot *names;
	size_t capnames, nnames;

	char **strings;
	size_t nstrings, capstrings;

	const char **fops_fields, **ctl_fields;
	size_t nfops_fields, nctl_fields;
	bool fops_fields_known, ctl_fields_known;
};


struct walker {
	struct ss_model *m;
	CXCursor *stack;		/* ancestors of the cursor being visited */
	size_t depth, cap;
	long fn;			/* the function being walked, -1 outside */
	CXCursor *aliases;		/* its locals set to a kiocb parameter's ki_filp */
	size_t naliases, capaliases;
	struct place *seen;		/* where its f_pos accesses are, as a hash set */
	size_t nseen, capseen;
	CXCursor var;			/* the innermost variable being initialized */
	bool in_var;
};

/* model.c */
void *model_grow(void *p, size_t n, size_t *cap, size_t size);
const char *model_keep(struct ss_model *m, const char *s);
const char *model_keep_spelling(struct ss_model *m, CXCursor c);
bool model_spelled(CXCursor c, const char *name);
struct name_slot *model_name_slot(struct ss_model *m, const char *name, bool add);
unsigned model_role_of_member(const char *member);
void model_grant(struct ss_model *m, const char *function, unsigned role,
		  const char *object, const char *member);
bool model_makes_nonseekable(const char *function);

/* model_init.c */
const char *model_named_function(struct ss_model *m, CXCursor value);
void model_add_fops(struct walker *w, CXCursor init, CXType type);
bool model_has_init_list(CXCursor var);
void model_add_fops_from_tokens(struct walker *w, CXCursor var);
void model_add_proc_ops(struct walker *w, CXCursor init);
void model_add_ctl_entry(struct walker *w, CXCursor init, CXType type);

/* model_fpos.c */
void model_maybe_alias(struct walker *w, CXCursor var);
void model_maybe_passed(struct walker *w, CXCursor c);
void model_fpos_access(struct walker *w, CXCursor c);
void model_stream_refusal(struct walker *w, CXCursor c);

#endif

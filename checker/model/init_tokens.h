#ifndef SAFESEEK_INIT_TOKENS_H
#define SAFESEEK_INIT_TOKENS_H

/*
 * A variable's `= { ... }` read from the source text, for when clang has
 * dropped it.  Without the kernel's headers, an initializer that names one
 * undeclared identifier (compat_ptr_ioctl, a helper from a header the
 * fallback lacks) is thrown away whole: the variable stays in the AST, its
 * initializer does not.
 */

#include <clang-c/Index.h>
#include <stddef.h>

struct ss_init_entry {
	char *member;		/* `.read = f` or `read: f`: "read"; positional: NULL */
	char *value;		/* the identifier the value is (`f`, `&f`, `(f)`), or NULL */
};

/*
 * The entries of the initializer after the variable whose name is at
 * `name`, in order; *out is allocated (free with ss_init_entries_free).
 * Returns 0, with *out NULL, when no `= {` follows the name.  Preprocessor
 * lines inside the braces are skipped, so both branches of an #ifdef count.
 */
size_t ss_init_entries(CXTranslationUnit tu, CXSourceLocation name,
		       struct ss_init_entry **out);
void ss_init_entries_free(struct ss_init_entry *e, size_t n);

#endif /* SAFESEEK_INIT_TOKENS_H */

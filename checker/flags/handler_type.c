// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/handler_type.h"

#include "input/source.h"
#include "util/ctext.h"
#include "util/path.h"

#include <stdlib.h>
#include <string.h>

#define WORD(w) w, sizeof(w) - 1

/* Whether s[from, to) holds the word `w` in code. */
static bool has_word(const char *s, size_t from, size_t to, const char *w, size_t n)
{
	for (size_t i = from; (i = ss_ctext_skip_noise(s, to, i)) < to;) {
		size_t end = ss_ctext_ident_end(s, to, i);

		if (end == i) {
			i++;
			continue;
		}
		if (end - i == n && memcmp(s + i, w, n) == 0)
			return true;
		i = end;
	}
	return false;
}

/*
 * The statement `typedef int proc_handler (...);` in s: true, with
 * [*from, *to) its extent.  2.4 to 6.x spell it so, with or without a
 * blank before the parameters and with `const struct ctl_table *` or
 * `ctl_table *` first.
 */
static bool find_typedef(const char *s, size_t len, size_t *from, size_t *to)
{
	size_t i = 0;

	while ((i = ss_ctext_skip_noise(s, len, i)) < len) {
		size_t end = ss_ctext_ident_end(s, len, i), semi;

		if (end == i) {
			i++;
			continue;
		}
		if (!ss_ctext_word_at(s, len, i, WORD("typedef"))) {
			i = end;
			continue;
		}
		for (semi = end; semi < len && s[semi] != ';'; semi++)
			;
		if (semi < len && has_word(s, end, semi, WORD("proc_handler"))) {
			*from = i;
			*to = semi;
			return true;
		}
		i = semi;
	}
	return false;
}

void ss_handler_type_of_tree(const char *root, struct ss_handler_type *t)
{
	struct ss_source src;
	char *reason = NULL, *path;
	size_t from, to;

	memset(t, 0, sizeof(*t));
	if (!root)
		return;
	path = ss_path_join(root, "include/linux/sysctl.h");
	if (ss_source_read(path, &src, &reason) < 0) {
		free(reason);
		free(path);
		return;
	}
	if (find_typedef(src.buf, src.len, &from, &to)) {
		t->file = path;
		path = NULL;
		t->ppos = has_word(src.buf, from, to, WORD("loff_t"));
	}
	ss_source_free(&src);
	free(path);
}

void ss_handler_type_free(struct ss_handler_type *t)
{
	free(t->file);
	t->file = NULL;
}

// SPDX-License-Identifier: GPL-2.0-only
#include "input/vfs_entry_text.h"

#include <string.h>

#include "util/ctext.h"

/* The same names as rw_ppos.cocci's and nonseekable_open.cocci's vfs_role
   rules: what every era's fs/read_write.c defines. */
static const char *const entries[] = {
	"sys_read", "sys_write", "sys_lseek", "ksys_read", "ksys_write",
	"vfs_read", "vfs_write", "vfs_llseek", "default_llseek", "generic_file_llseek",
};

/* The syscalls SYSCALL_DEFINEn() names without their sys_ prefix. */
static const char *const syscalls[] = { "read", "write", "lseek" };

static bool one_of(const char *s, size_t len, size_t i, size_t end,
		   const char *const *names, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		size_t w = strlen(names[k]);

		if (end - i == w && ss_ctext_word_at(s, len, i, names[k], w))
			return true;
	}
	return false;
}

/* Whether the `(` at `open` is followed, past its `)`, by a body: `{`
   straight away or after old-style parameter declarations, each ended by
   `;` (a prototype's `;` followed by more code is no such thing: the `{`
   that opens a struct there does not follow a `;`). */
static bool body_follows(const char *s, size_t len, size_t open)
{
	size_t i = ss_ctext_closing(s, len, open);
	char prev = ')';

	if (i >= len)
		return false;
	for (i = ss_ctext_skip_blank(s, len, i + 1); i < len; i = ss_ctext_skip_blank(s, len, i + 1)) {
		if (s[i] == '{')
			return prev == ')' || prev == ';';
		if (s[i] == '(' || s[i] == '=' || s[i] == ',' || s[i] == '}' || s[i] == ')')
			return false;
		prev = s[i];
	}
	return false;
}

static bool defines_at(const char *s, size_t len, size_t i, size_t end)
{
	size_t open = ss_ctext_skip_blank(s, len, end);

	if (open >= len || s[open] != '(')
		return false;
	if (one_of(s, len, i, end, entries, sizeof(entries) / sizeof(entries[0])))
		return !ss_ctext_member_at(s, i) && body_follows(s, len, open);
	if (end - i == strlen("SYSCALL_DEFINE") + 1 &&
	    ss_ctext_word_at(s, len, i, s + i, end - i) &&
	    strncmp(s + i, "SYSCALL_DEFINE", strlen("SYSCALL_DEFINE")) == 0) {
		size_t a = ss_ctext_skip_blank(s, len, open + 1);
		size_t b = ss_ctext_ident_end(s, len, a);

		return one_of(s, len, a, b, syscalls, sizeof(syscalls) / sizeof(syscalls[0])) &&
		       body_follows(s, len, open);
	}
	return false;
}

bool ss_text_defines_vfs_entry(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t end;

		i = ss_ctext_skip_noise(s, len, i);
		if (i >= len)
			break;
		if (!ss_ctext_ident_char(s[i]) || (i > 0 && ss_ctext_ident_char(s[i - 1]))) {
			i++;
			continue;
		}
		end = ss_ctext_ident_end(s, len, i);
		if (end == i) {		/* a number */
			i++;
			continue;
		}
		/* only a name at the outermost level can be a definition */
		if (defines_at(s, len, i, end) && ss_ctext_innermost_open(s, 0, i) == SS_CTEXT_NONE)
			return true;
		i = end;
	}
	return false;
}

// SPDX-License-Identifier: GPL-2.0-only
#include "input/vfs_entry_text.h"

#include <string.h>

#include "util/cdefs.h"
#include "util/ctext.h"

/* The same names as rw_ppos.cocci's and nonseekable_open.cocci's vfs_role
   rules (a test holds them equal): what every era's fs/read_write.c
   defines. */
const char *const ss_vfs_entries[] = {
	"sys_read", "sys_write", "sys_lseek", "ksys_read", "ksys_write",
	"vfs_read", "vfs_write", "vfs_llseek", "default_llseek", "generic_file_llseek", NULL
};

/* The syscalls SYSCALL_DEFINEn() names without their sys_ prefix. */
static const char *const syscalls[] = { "read", "write", "lseek", NULL };

static bool one_of(const char *s, size_t at, size_t n, const char *const *names)
{
	for (size_t k = 0; names[k]; k++)
		if (strlen(names[k]) == n && memcmp(s + at, names[k], n) == 0)
			return true;
	return false;
}

/* Whether the definition is one of the entries: stops the walk when so. */
static bool not_entry(const char *s, size_t len, const struct ss_cdef *d, void *arg)
{
	static const char define[] = "SYSCALL_DEFINE";
	const size_t n = sizeof(define) - 1;

	(void)arg;
	if (!d->name_len)
		return true;
	if (one_of(s, d->name, d->name_len, ss_vfs_entries))
		return ss_ctext_member_at(s, d->name);
	if (d->name_len == n + 1 && memcmp(s + d->name, define, n) == 0) {
		size_t a = ss_ctext_skip_blank(s, len, d->params + 1);

		return !one_of(s, a, ss_ctext_ident_end(s, len, a) - a, syscalls);
	}
	return true;
}

bool ss_text_defines_vfs_entry(const char *s, size_t len)
{
	return !ss_cdefs_each(s, len, not_entry, NULL);
}

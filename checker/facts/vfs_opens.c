// SPDX-License-Identifier: GPL-2.0-only
#include "facts/vfs_opens.h"

#include "util/ctext.h"

#include <string.h>

static bool listed(const char *const *list, const char *name, size_t n)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && memcmp(list[i], name, n) == 0)
			return true;
	return false;
}

bool ss_vfs_open_nonseekable(const char *name, size_t n)
{
	static const char *const opens[] = {
		"nonseekable_open", "stream_open", NULL
	};

	return listed(opens, name, n);
}

bool ss_vfs_open_seekable(const char *name, size_t n)
{
	static const char *const opens[] = { "generic_file_open", "simple_open", NULL };

	return listed(opens, name, n);
}

bool ss_vfs_open_nonseekable_call(const char *s, size_t len, size_t at, size_t end)
{
	size_t p;

	if ((at > 0 && ss_ctext_ident_char(s[at - 1])) || !ss_vfs_open_nonseekable(s + at, end - at))
		return false;
	p = ss_ctext_skip_blank(s, len, end);
	return p < len && s[p] == '(';
}

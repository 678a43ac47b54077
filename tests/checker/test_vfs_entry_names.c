// SPDX-License-Identifier: GPL-2.0-only
/*
 * The VFS core by its role is named in three places: the checker's screen
 * (input/vfs_entry_text.c) and the vfs_role rules of rw_ppos.cocci and
 * nonseekable_open.cocci.  Each semantic patch's
 * `identifier core =~ "^(a|b|...)$";` must name the checker's functions,
 * no more and no fewer.  argv[1]: the semantic-patches folder.
 */
#define _GNU_SOURCE
#include "check.h"
#include "input/vfs_entry_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &n, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static bool in_checker(const char *name, size_t n)
{
	for (size_t k = 0; ss_vfs_entries[k]; k++)
		if (strlen(ss_vfs_entries[k]) == n && memcmp(ss_vfs_entries[k], name, n) == 0)
			return true;
	return false;
}

static void agrees(const char *dir, const char *patch)
{
	static const char rule[] = "identifier core =~ \"^(";
	char path[4096];
	char *text, *at, *end;
	size_t named = 0, entries = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, patch);
	text = slurp(path);
	CHECK(text != NULL, "%s: cannot be read", path);
	if (!text)
		return;
	at = strstr(text, "@vfs_role");
	at = at ? strstr(at, rule) : NULL;
	end = at ? strstr(at, ")$\"") : NULL;
	CHECK(at && end, "%s: no vfs_role rule naming the core", patch);
	if (at && end) {
		for (char *name = at + sizeof(rule) - 1; name < end;) {
			size_t n = strcspn(name, "|)");

			CHECK(in_checker(name, n), "%s names %.*s, the checker does not", patch,
			      (int)n, name);
			named++;
			name += n + 1;
		}
		for (size_t k = 0; ss_vfs_entries[k]; k++)
			entries++;
		CHECK(named == entries, "%s names %zu functions, the checker %zu", patch, named,
		      entries);
	}
	free(text);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s SEMANTIC_PATCHES_DIR\n", argv[0]);
		return 2;
	}
	agrees(argv[1], "rw_ppos.cocci");
	agrees(argv[1], "nonseekable_open.cocci");
	return check_status("vfs_entry_names");
}

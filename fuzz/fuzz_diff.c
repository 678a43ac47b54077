// SPDX-License-Identifier: GPL-2.0-only
/*
 * The unified-diff reader of --changed-lines: any bytes, as a patch from a
 * stranger would be.  Whatever it accepts must answer queries consistently.
 */
#include "gate/diff_lines.h"
#include "util/escape.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_file(const struct ss_changes *c, size_t i)
{
	const char *path = ss_changes_file_path(c, i);
	size_t nlines, ndel;
	const unsigned *lines = ss_changes_file_lines(c, i, &nlines);
	const unsigned *dels = ss_changes_file_deletions(c, i, &ndel);

	if (!path)
		abort();
	for (size_t k = 0; k < nlines; k++) {
		/* ascending, no duplicates, and each one is found again */
		if (k && lines[k - 1] >= lines[k])
			abort();
		if (!ss_changes_line(c, path, lines[k]) ||
		    !ss_changes_range(c, path, lines[k], lines[k]))
			abort();
	}
	for (size_t k = 0; k < ndel; k++)
		(void)ss_changes_range(c, path, dels[k] ? dels[k] - 1 : 0, dels[k] + 1);
	(void)ss_changes_range(c, path, 0, ~0u);
	(void)ss_changes_range(c, path, 5, 1);
	(void)ss_changes_line(c, path, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	struct ss_changes *c;

	err[0] = '\0';
	c = ss_changes_parse((const char *)data, size, "fuzz.diff", err, sizeof(err));
	if (!c) {
		/* refused: a message naming the input, which shows as one
		   line once escaped for the terminal */
		char *shown = ss_text_printable(err);

		if (!err[0] || strncmp(err, "fuzz.diff", 9) != 0 ||
		    strchr(shown, '\n') || strchr(shown, '\x1b'))
			abort();
		free(shown);
		return 0;
	}
	for (size_t i = 0; i < ss_changes_file_count(c); i++)
		check_file(c, i);
	(void)ss_changes_line(c, "", 1);
	(void)ss_changes_line(c, "/", 1);
	(void)ss_changes_range(c, "drivers/char/mem.c", 1, 100);
	ss_changes_free(c);
	return 0;
}

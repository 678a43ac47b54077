// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "rules/patch_choice.h"

#include "flags/vfs_era.h"
#include "model/model.h"

#include <string.h>

/*
 * stream_open.cocci parses every file with a file_operations that has a
 * read, write or llseek method, most of a tree's drivers, and changes few:
 * those whose read and write methods never use the position.
 */
#define STREAM_PATCH "stream_open.cocci"

const char *const ss_patch_choice_patches[] = { STREAM_PATCH, NULL };

static const char *const stream_needs[] = { "file_operations", NULL };

/* A file_operations naming a read, write or llseek method: the patch's
   to judge, whatever its open method does. */
static enum ss_tri names_method(const struct ss_facts *s, const struct ss_fops_facts *f)
{
	(void)s;
	return f->names_method;
}

static enum ss_tri stream_applies(const struct ss_facts *s)
{
	return ss_facts_some_fops(s, names_method);
}

/*
 * Code the preprocessor skipped (an #if branch not taken) that may hold a
 * file_operations or a read or write method: spatch, which reads every
 * branch, may convert there.
 */
static bool skipped_code_matters(const struct ss_unit *u)
{
	static const char *const words[] = { "file_operations", "loff_t", "kiocb", NULL };
	CXSourceRangeList *skipped = clang_getSkippedRanges(u->tu, u->main_file);
	size_t len = 0;
	const char *s = clang_getFileContents(u->tu, u->main_file, &len);
	bool found = false;

	for (unsigned i = 0; skipped && s && i < skipped->count && !found; i++) {
		unsigned start, end;

		clang_getFileLocation(clang_getRangeStart(skipped->ranges[i]), NULL, NULL, NULL,
				      &start);
		clang_getFileLocation(clang_getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL,
				      &end);
		for (size_t w = 0; words[w] && !found && start < end && end <= len; w++)
			found = memmem(s + start, end - start, words[w], strlen(words[w])) != NULL;
	}
	clang_disposeSourceRangeList(skipped);
	return found;
}

/*
 * A file_operations whose data methods are all here and ignore the
 * position (the patch opens it as a stream), or one with .llseek =
 * no_llseek on a kernel that may be 6.12 or later (the patch drops it).
 * Its open method and its other members are the patch's to judge.  What
 * the parse did not see (a file_operations or a method in an #if branch
 * not taken) spatch sees, so it counts as a may.
 */
static bool stream_candidate(const struct ss_unit *u)
{
	size_t n = ss_model_fops_count(u->model);

	if (u->facts->fops_read != SS_YES || skipped_code_matters(u))
		return true;
	for (size_t i = 0; i < n; i++) {
		const struct ss_fops_facts *f = &u->facts->fops[i];

		if (ss_fops_stream(f) == SS_YES)
			return true;
		if (f->no_llseek == SS_YES && u->facts->vfs[SS_VFS_NO_LLSEEK] != SS_YES)
			return true;
	}
	return false;
}

void ss_patch_choice(const struct ss_unit *u, struct strvec *patches)
{
	if (stream_candidate(u))
		strvec_push(patches, STREAM_PATCH);
}

void ss_patch_choice_all(struct strvec *patches)
{
	for (size_t i = 0; ss_patch_choice_patches[i]; i++)
		strvec_push(patches, ss_patch_choice_patches[i]);
}

void ss_patch_choice_prefilter_init(struct ss_prefilter *p)
{
	const struct ss_want want = { .needs = stream_needs, .applies = stream_applies };

	ss_prefilter_init(p, &want, 1);
}

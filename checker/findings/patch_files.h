/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PATCH_FILES_H
#define SAFESEEK_PATCH_FILES_H

/*
 * Which files each semantic patch may change, as the analysis sees them
 * (--patch-files): run-check.sh --fix runs a patch only on the files the
 * checker names for it, instead of every file spatch's token query would
 * parse.  Pairs of (patch, file), in no order until sorted.
 */

#include <stddef.h>

#include "util/container.h"

struct ss_patch_files {
	struct strvec patch;	/* "stream_open.cocci" */
	struct strvec file;	/* as findings name it */
};

void ss_patch_files_add(struct ss_patch_files *pf, const char *patch, const char *file);
/* Moves every pair of src to dst. */
void ss_patch_files_move(struct ss_patch_files *dst, struct ss_patch_files *src);
/* By patch, then file; pairs named twice are kept once. */
void ss_patch_files_sort(struct ss_patch_files *pf);
void ss_patch_files_free(struct ss_patch_files *pf);

#endif

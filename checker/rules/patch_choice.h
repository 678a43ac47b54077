/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_PATCH_CHOICE_H
#define SAFESEEK_PATCH_CHOICE_H

/*
 * Which semantic patches may change a file, for the patches whose files the
 * checker chooses (--patch-files; findings/patch_files.h).  Each answer errs
 * toward "may": a file left out is a conversion lost, a file let in costs
 * one spatch parse and the patch decides.
 */

#include "input/prefilter.h"
#include "model/unit.h"
#include "util/container.h"

/* The patches whose files the checker chooses, NULL-terminated. */
extern const char *const ss_patch_choice_patches[];

/* The patches that may change the unit, pushed onto `patches`, while the
   rules run (u->facts is its sheet). */
void ss_patch_choice(const struct ss_unit *u, struct strvec *patches);

/* Every patch chosen for: a file the checker could not analyse gets them all. */
void ss_patch_choice_all(struct strvec *patches);

/* The prefilter of what a file must hold for any of these patches to
   change it. */
void ss_patch_choice_prefilter_init(struct ss_prefilter *p);

#endif

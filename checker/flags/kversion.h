/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_KVERSION_H
#define SAFESEEK_KVERSION_H

/*
 * The kernel version a file is written for, which decides what its
 * findings may advise: no_llseek exists only before Linux 6.12,
 * stream_open() only from 5.2.  It is one fact per file, found here
 * (or given with --kernel=X.Y) and handed to the rules with the unit;
 * no rule derives it again.
 */

#include <stdbool.h>
#include <stddef.h>

struct ss_kversion {
	unsigned major, minor, sub;	/* 0.0.0: unknown */
};

bool ss_kversion_known(struct ss_kversion v);

/* "X.Y" or "X.Y.Z" (digits only, as make prints them); false otherwise. */
bool ss_kversion_parse(const char *text, struct ss_kversion *v);

/* Known and older than major.minor.sub. */
bool ss_kversion_before(struct ss_kversion v, unsigned major, unsigned minor, unsigned sub);
/* Known and major.minor.sub or later. */
bool ss_kversion_from(struct ss_kversion v, unsigned major, unsigned minor, unsigned sub);

/* "6.1", "2.6.37" (the sublevel counts before 3.0), or "unknown". */
const char *ss_kversion_name(struct ss_kversion v, char *buf, size_t n);

/*
 * The version of the kernel tree holding the file at absolute path `file`:
 * VERSION, PATCHLEVEL and SUBLEVEL of the nearest Makefile above it that
 * sets the first two, as the kernel's own make reads them (the semantic
 * patches look for the same Makefile).  Unknown when there is none.  The
 * last directory's answer is kept for the next file of the same one.
 */
struct ss_kversion ss_kversion_of_file(const char *file);

#endif

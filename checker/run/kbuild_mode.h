/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_KBUILD_MODE_H
#define SAFESEEK_KBUILD_MODE_H

/*
 * safeseek-check as Kbuild's $(CHECK): `make C=1 CHECK=safeseek-check`.
 * Each source file of the command line (Kbuild gives one) parsed with the
 * build's own flags (kbuild_args.h); one that cannot be read, or a
 * directory, is named and makes the exit status 2, the others still checked;
 * findings go to stderr in gcc's form and, like sparse, do not fail the
 * build unless --fatal is given.  Clang's trouble with the build's flags is
 * never reported with the word "error" unless --parse-errors asks for it:
 * Kbuild probes its checker and quietly turns C= off when that word shows.
 */

int ss_kbuild_main(int argc, char **argv);

#endif /* SAFESEEK_KBUILD_MODE_H */

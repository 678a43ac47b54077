/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_DIAGNOSE_H
#define SAFESEEK_DIAGNOSE_H

/*
 * --print-diagnostics=LIST: what a compiler says of files, for the check
 * run-check.sh --fix makes of every file it changes, before and after.
 * LIST holds NUL-terminated pairs: the path a file is parsed as (its tree,
 * flags and kernel) and the path its contents are read from, so that a
 * converted copy kept elsewhere is parsed as the file it will replace.
 */

#include <stdio.h>

#include "flags/compdb.h"

/* 0 when every pair was answered, 2 otherwise (each problem named on
   standard error, its file answered as not parsed). */
int ss_print_diagnostics(FILE *f, const char *list, const struct ss_compdb *db);

#endif

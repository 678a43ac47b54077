/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_TEXT_FACTS_H
#define SAFESEEK_TEXT_FACTS_H

/*
 * The fact sheet (facts/facts.h) as a file's bytes show it, before any
 * parse: what the scans of member_text, espipe_text and fops_text can
 * tell for sure, every other fact unknown.  The era is not known here.
 */

#include "facts/facts.h"

#include <stddef.h>

/* Fills `out`, which the caller frees with ss_facts_free(). */
void ss_text_facts(const char *s, size_t len, struct ss_facts *out);

#endif

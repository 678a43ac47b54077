/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_XFILE_H
#define SAFESEEK_XFILE_H

/*
 * The questions a file cannot answer alone, answered once the whole tree
 * is read: a finding may require what functions defined in other files do
 * (struct ss_finding's `requires`), and the function summaries every
 * worker sent (facts/summary.h) say it.  A name is looked up in the
 * finding's own file first, then among the functions of every other file
 * that are not static (a static inline of a header counts too), and
 * followed through the functions it hands the file or position to, or
 * whose result it returns, three calls deep.
 *
 * `requires` is a list of terms separated by `;`, each a sign, a kind and
 * names separated by `,`:
 *   O open       the open method leaves pread on (calls nothing that
 *                refuses it, and does not always fail)
 *   R f,...      none of these functions refuses pread on the file it
 *                is handed
 *   I m,...      every method ignores its position (stores at most)
 *   H m,...      some method does not honour its position (read it)
 *   D m,...      some method moves data (not always an error, not a stub)
 *   P m,...      some method moving data does not refuse pread itself
 * `+` the term must hold surely (the file could not tell at all); `?` it
 * must not be surely false (the file's own verdict stands unless the tree
 * shows otherwise).
 */

#include "facts/summary.h"
#include "findings/findings.h"

/* Drops the findings whose requirements the summaries deny, and clears
   the requirements of the rest. */
void ss_xfile_resolve(struct ss_findings *findings, const struct ss_summaries *summaries);

#endif

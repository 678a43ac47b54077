// SPDX-License-Identifier: GPL-2.0-only
#include "gate/gate.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"
#include "gate/diff_lines.h"
#include "findings/fingerprint.h"
#include "findings/messages.h"
#include "util/path.h"
#include "util/xalloc.h"

bool ss_gate_active(const struct ss_gate *g)
{
	return g->baseline || g->write_baseline || g->changed_lines;
}

int ss_gate_prepare(struct ss_gate *g)
{
	char err[512];

	if (g->changed_lines && !g->changes) {
		g->changes = ss_changes_read(g->changed_lines, err, sizeof(err));
		if (!g->changes) {
			ss_error("%s", err);
			return -1;
		}
	}
	if (g->baseline && !g->recorded) {
		g->recorded = ss_baseline_load(g->baseline, err, sizeof(err));
		if (!g->recorded) {
			ss_error("%s", err);
			return -1;
		}
	}
	return 0;
}

/*
 * Is the finding about something the diff adds or changes?  The diff names
 * files from the top of the repository; the absolute path ends with that
 * name whichever directory the scan ran from.
 */
static bool changed(const struct ss_changes *c, const struct ss_finding *f)
{
	char *abs = ss_path_absolute(f->file);
	const char *file = abs ? abs : f->file;
	bool hit = ss_changes_line(c, file, f->line);

	for (size_t k = 0; !hit && k < f->nextents; k++)
		hit = ss_changes_range(c, file, f->extents[k].first,
				       f->extents[k].last);
	free(abs);
	return hit;
}

typedef char fingerprint_t[SS_FINGERPRINT_LEN + 1];

static int write_baseline(const struct ss_gate *g, const struct ss_findings *all,
			  const fingerprint_t *fps)
{
	struct ss_baseline_entry *e = xcalloc(all->n, sizeof(*e));
	char err[512];
	int rc;

	for (size_t i = 0; i < all->n; i++) {
		e[i].fingerprint = fps[i];
		e[i].rule = all->v[i].rule;
		e[i].file = all->v[i].file;
		e[i].function = all->v[i].function;
	}
	rc = ss_baseline_save(g->write_baseline, e, all->n, err, sizeof(err));
	if (rc < 0)
		ss_error("%s", err);
	free(e);
	return rc;
}

int ss_gate_apply(struct ss_gate *g, struct ss_findings *all)
{
	bool *keep = xcalloc(all->n ? all->n : 1, sizeof(*keep));
	bool *in_diff = xcalloc(all->n ? all->n : 1, sizeof(*in_diff));
	fingerprint_t *fps = xcalloc(all->n ? all->n : 1, sizeof(*fps));
	size_t i, out;
	int rc = 0;

	for (i = 0; i < all->n; i++) {
		const struct ss_finding *f = &all->v[i];

		ss_fingerprint(f->rule, f->file, f->function, f->line_text, fps[i]);
		in_diff[i] = !g->changes || changed(g->changes, f);
		keep[i] = in_diff[i];
	}
	if (g->write_baseline) {
		/* a recording run reports nothing: every finding is accepted */
		rc = write_baseline(g, all, fps);
		if (rc == 0)
			ss_error("recorded %zu finding%s in %s",
				 all->n, all->n == 1 ? "" : "s", g->write_baseline);
		ss_findings_truncate(all, 0);
		goto out;
	}
	/*
	 * Identical findings are told apart only by their number: a baseline
	 * that recorded one of two identical findings suppresses one.  The
	 * ones the patch does not touch use up the record first, so that the
	 * one it adds is the one reported.
	 */
	if (g->recorded) {
		for (int pass = 0; pass < 2; pass++)
			for (i = 0; i < all->n; i++)
				if (in_diff[i] == (pass == 1) &&
				    ss_baseline_consume(g->recorded, fps[i]) && keep[i]) {
					keep[i] = false;
					g->dropped_baseline++;
				}
	}
	/* kept findings first, in order; the dropped ones go after and are freed */
	{
		struct ss_finding *sorted = xcalloc(all->n ? all->n : 1, sizeof(*sorted));
		size_t back = all->n;

		for (i = 0, out = 0; i < all->n; i++) {
			if (!in_diff[i])
				g->dropped_unchanged++;
			if (keep[i])
				sorted[out++] = all->v[i];
			else
				sorted[--back] = all->v[i];
		}
		if (all->n)
			memcpy(all->v, sorted, all->n * sizeof(*sorted));
		free(sorted);
		ss_findings_truncate(all, out);
	}
out:
	free(fps);
	free(keep);
	free(in_diff);
	return rc;
}

void ss_gate_free(struct ss_gate *g)
{
	ss_changes_free(g->changes);
	ss_baseline_free(g->recorded);
	g->changes = NULL;
	g->recorded = NULL;
}

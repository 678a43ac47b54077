// SPDX-License-Identifier: GPL-2.0-only
#include "findings/fingerprint.h"
#include "report/jsonutil.h"
#include "report/output.h"
#include "facts/facts.h"
#include "rules/rule.h"

#include <stdlib.h>
#include <string.h>

/* Sorted pairs (ss_patch_files_sort) as {patch: [file, ...]}, every patch
   named, even one given no file. */
static json_object *patch_files_json(const struct ss_patch_files *pf,
				     const struct strvec *patches)
{
	json_object *top = json_object_new_object();

	for (size_t k = 0; k < patches->n; k++) {
		json_object *files = json_object_new_array();

		for (size_t i = 0; i < pf->patch.n; i++)
			if (strcmp(pf->patch.v[i], patches->v[k]) == 0)
				json_object_array_add(files, ss_json_name(pf->file.v[i]));
		json_object_object_add(top, patches->v[k], files);
	}
	return top;
}

/* {reason: files} of the SS_UNDECIDED_* counts that are not 0. */
static json_object *by_reason(const size_t *counts)
{
	json_object *why = json_object_new_object();

	for (unsigned i = 0; i < SS_UNDECIDED_REASONS; i++)
		if (counts[i])
			json_object_object_add(why, ss_undecided_name(1u << i),
					       json_object_new_int64((int64_t)counts[i]));
	return why;
}

int ss_write_json(FILE *f, const struct ss_findings *fs, const struct ss_stats *st,
		  const struct ss_patch_files *pf, const struct strvec *patches)
{
	json_object *top = json_object_new_object();
	json_object *list = json_object_new_array();
	int rc;

	json_object_object_add(top, "version", json_object_new_string(SAFESEEK_VERSION));
	json_object_object_add(top, "tool", json_object_new_string("safeseek-check"));
	for (size_t i = 0; i < fs->n; i++) {
		const struct ss_finding *x = &fs->v[i];
		json_object *o = json_object_new_object();
		const struct ss_rule *r = ss_rule_by_id(x->rule);
		char fp[SS_FINGERPRINT_LEN + 1];

		ss_fingerprint(x->rule, x->file, x->function, x->line_text, fp);
		json_object_object_add(o, "rule", json_object_new_string(x->rule));
		json_object_object_add(o, "severity",
				       json_object_new_string(ss_severity_name(x->severity)));
		json_object_object_add(o, "confidence",
				       json_object_new_string(ss_confidence_name(r->confidence)));
		json_object_object_add(o, "file", ss_json_name(x->file));
		json_object_object_add(o, "line", json_object_new_int64(x->line));
		json_object_object_add(o, "column", json_object_new_int64(x->column));
		json_object_object_add(o, "function", ss_json_string(x->function));
		json_object_object_add(o, "object", ss_json_string(x->object));
		json_object_object_add(o, "message", ss_json_string(x->message));
		json_object_object_add(o, "fix", ss_json_string(r->fix));
		json_object_object_add(o, "fingerprint", json_object_new_string(fp));
		json_object_array_add(list, o);
	}
	json_object_object_add(top, "findings", list);
	json_object_object_add(top, "files_analysed", json_object_new_int64((int64_t)st->analysed));
	json_object_object_add(top, "files_skipped", json_object_new_int64((int64_t)st->skipped));
	json_object_object_add(top, "files_failed", json_object_new_int64((int64_t)st->failed));
	json_object_object_add(top, "files_escalated", json_object_new_int64((int64_t)st->escalated));
	json_object_object_add(top, "files_from_cache", json_object_new_int64((int64_t)st->cached));
	json_object_object_add(top, "escalations", by_reason(st->escalated_by));
	json_object_object_add(top, "files_undecided", json_object_new_int64((int64_t)st->undecided));
	json_object_object_add(top, "undecided", by_reason(st->undecided_by));
	if (pf)
		json_object_object_add(top, "patch_files", patch_files_json(pf, patches));
	rc = ss_json_write(f, top);
	json_object_put(top);
	return rc;
}

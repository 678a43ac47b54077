// SPDX-License-Identifier: GPL-2.0-only
/* SARIF 2.1.0, as code-scanning services read it. */
#include "findings/fingerprint.h"
#include "report/jsonutil.h"
#include "report/output.h"
#include "rules/rule.h"
#include "util/path.h"
#include "util/escape.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* RFC 3986: every byte but the unreserved ones and '/' is percent-encoded,
   which also carries names that are not UTF-8. */
static char *uri_encode(const char *prefix, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = xmalloc(strlen(prefix) + strlen(path) * 3 + 1);
	char *o = out + strlen(prefix);

	strcpy(out, prefix);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			*o++ = (char)*p;
		} else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	return out;
}

static json_object *text_obj(const char *s)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "text", ss_json_string(s ? s : ""));
	return o;
}

static const char *level(enum ss_severity s)
{
	return s == SS_ERROR ? "error" : s == SS_WARNING ? "warning" : "note";
}

static json_object *rule_obj(const struct ss_rule *r)
{
	json_object *o = json_object_new_object();
	json_object *cfg = json_object_new_object();
	json_object *props = json_object_new_object();
	json_object *tags = json_object_new_array();
	char *help = r->fix
		? xasprintf("%s\n\nFix: the semantic patch semantic-patches/%s "
			    "converts this code.", r->help ? r->help : "", r->fix)
		: xasprintf("%s\n\nNo semantic patch converts this; fix it by hand.",
			    r->help ? r->help : "");

	json_object_object_add(o, "id", json_object_new_string(r->id));
	json_object_object_add(o, "shortDescription", text_obj(r->summary));
	json_object_object_add(o, "fullDescription", text_obj(r->help));
	json_object_object_add(o, "help", text_obj(help));
	json_object_object_add(cfg, "level", json_object_new_string(level(r->severity)));
	json_object_object_add(o, "defaultConfiguration", cfg);
	json_object_object_add(props, "confidence",
			       json_object_new_string(ss_confidence_name(r->confidence)));
	json_object_object_add(props, "precision",
			       json_object_new_string(r->confidence == SS_CONF_HIGH ? "high"
						      : r->confidence == SS_CONF_MEDIUM ? "medium"
						      : "low"));
	if (r->fix)
		json_object_object_add(props, "fix", json_object_new_string(r->fix));
	json_object_array_add(tags, json_object_new_string("safeseek"));
	json_object_object_add(props, "tags", tags);
	json_object_object_add(o, "properties", props);
	free(help);
	return o;
}

static json_object *result_obj(const struct ss_finding *x, const struct ss_srcroot *root)
{
	json_object *o = json_object_new_object();
	json_object *loc = json_object_new_object();
	json_object *phys = json_object_new_object();
	json_object *art = json_object_new_object();
	json_object *region = json_object_new_object();
	json_object *locs = json_object_new_array();
	json_object *fps = json_object_new_object();
	json_object *props = json_object_new_object();
	char fp[SS_FINGERPRINT_LEN + 1];
	int inside;
	char *rel = ss_srcroot_relative(root, x->file, &inside);
	char *uri = uri_encode(inside ? "" : "file://", rel);
	unsigned col = ss_utf8_columns(x->line_text, x->column ? x->column - 1 : 0) + 1;

	json_object_object_add(o, "ruleId", json_object_new_string(x->rule));
	json_object_object_add(o, "ruleIndex", json_object_new_int(ss_rule_index(x->rule)));
	json_object_object_add(o, "level", json_object_new_string(level(x->severity)));
	json_object_object_add(o, "message", text_obj(x->message));

	json_object_object_add(art, "uri", json_object_new_string(uri));
	if (inside)
		json_object_object_add(art, "uriBaseId", json_object_new_string("SRCROOT"));
	json_object_object_add(phys, "artifactLocation", art);
	json_object_object_add(region, "startLine", json_object_new_int64(x->line));
	json_object_object_add(region, "startColumn", json_object_new_int64(col));
	json_object_object_add(phys, "region", region);
	json_object_object_add(loc, "physicalLocation", phys);
	if (x->function) {
		json_object *logical = json_object_new_array();
		json_object *fn = json_object_new_object();

		json_object_object_add(fn, "name", ss_json_string(x->function));
		json_object_object_add(fn, "kind", json_object_new_string("function"));
		json_object_array_add(logical, fn);
		json_object_object_add(loc, "logicalLocations", logical);
	}
	json_object_array_add(locs, loc);
	json_object_object_add(o, "locations", locs);

	ss_fingerprint(x->rule, x->file, x->function, x->line_text, fp);
	json_object_object_add(fps, SS_FINGERPRINT_KEY, json_object_new_string(fp));
	json_object_object_add(o, "partialFingerprints", fps);

	json_object_object_add(props, "confidence",
			       json_object_new_string(ss_confidence_name(ss_rule_by_id(x->rule)->confidence)));
	if (x->object)
		json_object_object_add(props, "object", ss_json_string(x->object));
	json_object_object_add(o, "properties", props);
	free(uri);
	free(rel);
	return o;
}

int ss_write_sarif(FILE *f, const struct ss_findings *fs,
		   const struct ss_stats *st, const char *srcroot)
{
	json_object *log = json_object_new_object();
	json_object *runs = json_object_new_array();
	json_object *run = json_object_new_object();
	json_object *tool = json_object_new_object();
	json_object *driver = json_object_new_object();
	json_object *rules = json_object_new_array();
	json_object *results = json_object_new_array();
	json_object *bases = json_object_new_object();
	json_object *inv = json_object_new_array();
	json_object *inv0 = json_object_new_object();
	struct ss_srcroot root;
	int rc;

	ss_srcroot_init(&root, srcroot);
	json_object_object_add(log, "$schema", json_object_new_string(SARIF_SCHEMA));
	json_object_object_add(log, "version", json_object_new_string("2.1.0"));

	json_object_object_add(driver, "name", json_object_new_string("safeseek-check"));
	json_object_object_add(driver, "version", json_object_new_string(SAFESEEK_VERSION));
	json_object_object_add(driver, "semanticVersion", json_object_new_string(SAFESEEK_VERSION));
	for (size_t i = 0; i < ss_rule_count; i++)
		json_object_array_add(rules, rule_obj(ss_rules[i]));
	json_object_object_add(driver, "rules", rules);
	json_object_object_add(tool, "driver", driver);
	json_object_object_add(run, "tool", tool);

	if (root.abs) {
		json_object *base = json_object_new_object();
		char *uri = uri_encode("file://", root.abs);
		size_t n = strlen(uri);

		if (uri[n - 1] != '/') {
			uri = xrealloc(uri, n + 2);
			strcpy(uri + n, "/");
		}
		json_object_object_add(base, "uri", json_object_new_string(uri));
		json_object_object_add(bases, "SRCROOT", base);
		free(uri);
	}
	json_object_object_add(run, "originalUriBaseIds", bases);

	json_object_object_add(inv0, "executionSuccessful", json_object_new_boolean(1));
	{
		json_object *props = json_object_new_object();

		json_object_object_add(props, "filesAnalysed", json_object_new_int64((int64_t)st->analysed));
		json_object_object_add(props, "filesSkipped", json_object_new_int64((int64_t)st->skipped));
		json_object_object_add(props, "filesFailed", json_object_new_int64((int64_t)st->failed));
		json_object_object_add(inv0, "properties", props);
	}
	json_object_array_add(inv, inv0);
	json_object_object_add(run, "invocations", inv);

	for (size_t i = 0; i < fs->n; i++)
		json_object_array_add(results, result_obj(&fs->v[i], &root));
	json_object_object_add(run, "results", results);
	json_object_object_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
	json_object_array_add(runs, run);
	json_object_object_add(log, "runs", runs);

	rc = ss_json_write(f, log);
	json_object_put(log);
	ss_srcroot_free(&root);
	return rc;
}

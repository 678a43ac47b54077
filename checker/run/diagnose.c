// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/diagnose.h"

#include "report/jsonutil.h"
#include "parse/parse.h"
#include "run/bigstack.h"
#include "input/source.h"
#include "findings/messages.h"
#include "util/path.h"

#include <clang-c/Index.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

static const char *severity_name(enum CXDiagnosticSeverity s)
{
	return s >= CXDiagnostic_Error ? "error" : "warning";
}

/* The errors and warnings of the main file, in clang's order. */
static json_object *diagnostics(CXTranslationUnit tu, const char *clang_path)
{
	json_object *list = json_object_new_array();
	CXFile main_file = clang_getFile(tu, clang_path);
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile file;
		unsigned line, col;
		CXString text, option;
		json_object *o;

		clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
		if (sev < CXDiagnostic_Warning || !file || !main_file ||
		    !clang_File_isEqual(file, main_file)) {
			clang_disposeDiagnostic(d);
			continue;
		}
		text = clang_getDiagnosticSpelling(d);
		option = clang_getDiagnosticOption(d, NULL);
		o = json_object_new_object();
		json_object_object_add(o, "line", json_object_new_int((int)line));
		json_object_object_add(o, "column", json_object_new_int((int)col));
		json_object_object_add(o, "severity", json_object_new_string(severity_name(sev)));
		json_object_object_add(o, "message", ss_json_string(clang_getCString(text)));
		json_object_object_add(o, "option", ss_json_string(clang_getCString(option)));
		json_object_array_add(list, o);
		clang_disposeString(text);
		clang_disposeString(option);
		clang_disposeDiagnostic(d);
	}
	return list;
}

struct parse_job {
	CXIndex idx;
	const char *clang_path;
	const struct ss_source *src;
	const struct ss_plan *plan;
	CXTranslationUnit tu;
};

static void parse_job_run(void *arg)
{
	struct parse_job *j = arg;

	j->tu = ss_parse_to_diagnose(j->idx, j->clang_path, j->src, j->plan);
}

/* The answer for one pair: parsed as `shown`, from the bytes of `from`. */
static json_object *diagnose(CXIndex idx, const char *shown, const char *from,
			     const struct ss_compdb *db, int *status)
{
	json_object *o = json_object_new_object();
	char *abs = ss_path_absolute(shown), *reason = NULL;
	struct ss_source src;
	struct ss_plan plan;
	CXTranslationUnit tu = NULL;

	json_object_object_add(o, "file", ss_json_name(shown));
	if (ss_source_read(from, &src, &reason) < 0) {
		ss_error("%s: %s", from, reason);
		free(reason);
		free(abs);
		*status = 2;
		json_object_object_add(o, "parsed", json_object_new_boolean(0));
		json_object_object_add(o, "diagnostics", json_object_new_array());
		return o;
	}
	ss_plan_file(abs ? abs : shown, db, &plan);
	ss_plan_headers(&plan, SS_HEADERS_REAL);
	{
		struct parse_job job = { idx, abs ? abs : shown, &src, &plan, NULL };

		/* deeply nested code recurses past a thread's usual stack */
		ss_bigstack_run(parse_job_run, &job);
		tu = job.tu;
	}
	json_object_object_add(o, "how", json_object_new_string(ss_how_name(plan.how)));
	json_object_object_add(o, "parsed", json_object_new_boolean(tu != NULL));
	json_object_object_add(o, "diagnostics", tu ? diagnostics(tu, abs ? abs : shown)
						     : json_object_new_array());
	if (!tu) {
		ss_error("%s: libclang could not parse it", shown);
		*status = 2;
	} else {
		clang_disposeTranslationUnit(tu);
	}
	ss_plan_free(&plan);
	ss_source_free(&src);
	free(abs);
	return o;
}

int ss_print_diagnostics(FILE *f, const char *list, const struct ss_compdb *db)
{
	struct ss_source pairs;
	json_object *top, *files;
	CXIndex idx;
	char *reason = NULL;
	int status = 0;
	size_t at = 0;

	if (ss_source_read(list, &pairs, &reason) < 0) {
		ss_error("%s: %s", list, reason);
		free(reason);
		return 2;
	}
	top = json_object_new_object();
	files = json_object_new_array();
	idx = clang_createIndex(0, 0);
	while (at < pairs.len) {
		const char *shown = pairs.buf + at;
		size_t n = strnlen(shown, pairs.len - at);
		const char *from;

		if (at + n >= pairs.len) {
			ss_error("%s: a path with no contents path after it", list);
			status = 2;
			break;
		}
		from = shown + n + 1;
		at += n + 1;
		n = strnlen(from, pairs.len - at);
		if (at + n >= pairs.len || !*shown || !*from) {
			ss_error("%s: not NUL-terminated pairs of paths", list);
			status = 2;
			break;
		}
		at += n + 1;
		json_object_array_add(files, diagnose(idx, shown, from, db, &status));
	}
	clang_disposeIndex(idx);
	ss_source_free(&pairs);
	json_object_object_add(top, "files", files);
	if (ss_json_write(f, top) < 0)
		status = 2;
	json_object_put(top);
	return status;
}

// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "parse/parse.h"
#include "flags/compiler.h"
#include "flags/fallback.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const unsigned parse_options =
	CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;

/*
 * Kernel code of every age must parse with a current clang: errors that
 * newer compilers raise by default for old-style code are turned off.
 * clang stops at its 20th error and at brackets nested 256 deep; either
 * left the rest of the file unparsed, and its findings silently unreported
 * (the errors are expected under the fallback header).  No error limit,
 * then, and nesting deep enough for anything a person writes (the
 * workers' stacks are sized for it; bigstack.h and pool.h cover worse).
 */
static const char *const base_args[] = {
	"-x", "c", "-std=gnu11", "-w",
	"-Wno-implicit-function-declaration", "-Wno-implicit-int",
	"-Wno-int-conversion", "-Wno-incompatible-pointer-types",
	"-Wno-incompatible-function-pointer-types", "-Wno-return-type",
	"-ferror-limit=0", "-fbracket-depth=16384", "-fno-spell-checking",
};

static const char *error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed:
		return "libclang crashed while parsing";
	case CXError_InvalidArguments:
		return "libclang rejected the parser arguments";
	case CXError_ASTReadError:
		return "libclang could not read the parse result";
	default:
		return "libclang could not parse it";
	}
}

/*
 * Parse with the plan's arguments, or with `fallback` the bundled header
 * and what it keeps of them.  With `pch` (and not `fallback`), the common
 * headers come from a precompiled header when the cache has one for these
 * arguments; *used is its path when it did, NULL when not.
 */
static enum CXErrorCode parse(CXIndex idx, const char *clang_path,
			      const struct ss_source *src,
			      const struct ss_plan *plan, bool fallback,
			      struct ss_pch_cache *pch, const char **used,
			      bool want_skipped, const char *const *base, size_t nbase,
			      CXTranslationUnit *tu)
{
	struct strvec args = { 0 };
	struct CXUnsavedFile unsaved[2] = {
		{ .Filename = clang_path, .Contents = src->buf,
		  .Length = (unsigned long)src->len },
	};
	unsigned n_unsaved = 1;
	enum CXErrorCode e;

	for (size_t i = 0; i < nbase; i++)
		strvec_push(&args, base[i]);
	if (fallback) {
		ss_fallback_args(&args, &plan->args, plan->config);
		unsaved[n_unsaved++] = ss_fallback_unsaved();
	} else {
		strvec_append(&args, &plan->args);
		ss_compiler_include_fix(&args);
	}
	*used = NULL;
	if (pch && !fallback) {
		const char *p = ss_pch_for(pch, idx, &args);

		if (p) {
			struct strvec with = { 0 };

			ss_pch_args(&args, p, &with);
			strvec_clear(&args);
			args = with;
			*used = p;
		}
	}
	*tu = NULL;
	e = clang_parseTranslationUnit2(idx, clang_path,
					(const char *const *)args.v, (int)args.n,
					unsaved, n_unsaved, parse_options |
					/* the #if branches not taken: for --patch-files,
					   and under the bundled header given the
					   configuration, for what it leaves undecided
					   (model/skipped.c) */
					(want_skipped ? CXTranslationUnit_DetailedPreprocessingRecord : 0),
					tu);
	strvec_clear(&args);
	if (e == CXError_Success && !*tu)
		e = CXError_Failure;
	return e;
}

struct diag_summary {
	unsigned header_trouble;	/* fatal errors, errors in other files */
	unsigned main_errors;
	char *first_header;		/* "file:line: message" */
	char *first_main;		/* "line:col: message" */
};

static void examine(CXTranslationUnit tu, CXFile main_file,
		    struct diag_summary *d)
{
	unsigned n = clang_getNumDiagnostics(tu);

	memset(d, 0, sizeof(*d));
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic diag = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(diag);
		CXFile f;
		CXString text;
		const char *msg;
		unsigned line, col;
		bool in_main, missing;

		if (sev < CXDiagnostic_Error) {
			clang_disposeDiagnostic(diag);
			continue;
		}
		clang_getFileLocation(clang_getDiagnosticLocation(diag), &f,
				      &line, &col, NULL);
		text = clang_getDiagnosticSpelling(diag);
		msg = clang_getCString(text);
		in_main = f && main_file && clang_File_isEqual(f, main_file);
		/* KeepGoing turns a missing header into a plain error */
		missing = ss_path_has_suffix(msg, "file not found");
		if (sev == CXDiagnostic_Fatal || !in_main || missing) {
			if (!d->first_header) {
				CXString name = clang_getFileName(f);
				const char *fn = clang_getCString(name);

				d->first_header = in_main || !fn
					? xasprintf("line %u: %s", line, msg)
					: xasprintf("%s:%u: %s", fn, line, msg);
				clang_disposeString(name);
			}
			d->header_trouble++;
		} else {
			if (!d->first_main)
				d->first_main = xasprintf("%u:%u: %s", line, col, msg);
			d->main_errors++;
		}
		clang_disposeString(text);
		clang_disposeDiagnostic(diag);
	}
}

static void diag_free(struct diag_summary *d)
{
	free(d->first_header);
	free(d->first_main);
	memset(d, 0, sizeof(*d));
}

/* parse(), then the main file and the summary of its diagnostics. */
static enum CXErrorCode parse_examined(CXIndex idx, const char *clang_path,
				       const struct ss_source *src, const struct ss_plan *plan,
				       bool want_skipped, bool fallback,
				       struct ss_pch_cache *pch, const char **used,
				       CXTranslationUnit *tu, CXFile *main_file,
				       struct diag_summary *d)
{
	enum CXErrorCode e = parse(idx, clang_path, src, plan, fallback, pch, used,
				   want_skipped || (fallback && plan->config),
				   base_args, sizeof(base_args) / sizeof(base_args[0]), tu);

	if (e == CXError_Success) {
		*main_file = clang_getFile(*tu, clang_path);
		examine(*tu, *main_file, d);
	}
	return e;
}

struct decl_count {
	CXFile main_file;
	unsigned valid;
};

static enum CXChildVisitResult count_decl(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct decl_count *dc = data;
	CXFile f;

	if (!clang_isDeclaration(clang_getCursorKind(c)) ||
	    clang_isInvalidDeclaration(c))
		return CXChildVisit_Continue;
	clang_getFileLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (f && clang_File_isEqual(f, dc->main_file)) {
		dc->valid++;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* A file with errors and not one valid declaration of its own did not
   parse in any useful sense. */
static bool parsed_something(CXTranslationUnit tu, CXFile main_file)
{
	struct decl_count dc = { .main_file = main_file };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), count_decl, &dc);
	return dc.valid > 0;
}

void ss_parse(CXIndex idx, const char *clang_path, const struct ss_source *src,
	      const struct ss_plan *plan, const struct ss_parse_policy *policy, bool fallback,
	      struct ss_parsed *out)
{
	struct diag_summary d = { 0 };
	CXTranslationUnit tu;
	CXFile main_file = NULL;
	enum CXErrorCode e;
	char *retry_reason = NULL;
	const char *pch;

	memset(out, 0, sizeof(*out));
	e = parse_examined(idx, clang_path, src, plan, policy->patch_files, fallback,
			   policy->pch, &pch, &tu, &main_file, &d);
	/* An error seen with the common headers first may be theirs: parse
	   the file again as it stands. */
	if (pch && (e != CXError_Success || d.header_trouble || d.main_errors)) {
		diag_free(&d);
		if (e == CXError_Success)
			clang_disposeTranslationUnit(tu);
		e = parse_examined(idx, clang_path, src, plan, policy->patch_files, fallback,
				   NULL, &pch, &tu, &main_file, &d);
	}
	if (e == CXError_Success && !fallback && d.header_trouble && plan->may_fall_back) {
		retry_reason = d.first_header;
		d.first_header = NULL;
		diag_free(&d);
		clang_disposeTranslationUnit(tu);
		fallback = true;
		e = parse_examined(idx, clang_path, src, plan, policy->patch_files, true,
				   NULL, &pch, &tu, &main_file, &d);
	}
	out->how = fallback ? SS_HOW_FALLBACK : plan->how;
	if (retry_reason)
		out->detail = xasprintf("fallback header (with %s: %s)",
					ss_how_name(plan->how), retry_reason);
	else
		out->detail = xasprintf("%s (%s)", ss_how_name(out->how),
					plan->why ? plan->why : "-");
	out->pch = pch;
	free(retry_reason);

	if (e != CXError_Success) {
		out->problem = xstrdup(error_name(e));
		diag_free(&d);
		return;
	}
	out->main_errors = d.main_errors;
	if (d.main_errors && !parsed_something(tu, main_file)) {
		out->problem = xasprintf("%s: does not parse (%u errors), not analysed",
					 d.first_main, d.main_errors);
		diag_free(&d);
		clang_disposeTranslationUnit(tu);
		return;
	}
	if (d.main_errors) {
		out->problem = xasprintf("%s: %u parse error%s; analysed what parses",
					 d.first_main, d.main_errors,
					 d.main_errors == 1 ? "" : "s");
		out->problem_expected = fallback;
	}
	diag_free(&d);
	out->tu = tu;
	out->main_file = main_file;
}

void ss_parsed_headers(const struct ss_parsed *p, struct strvec *out)
{
	ss_inclusions(p->tu, out);
	/* those the precompiled header holds are not among them */
	if (p->pch)
		ss_pch_headers(p->pch, out);
}

void ss_parsed_free(struct ss_parsed *p)
{
	if (p->tu)
		clang_disposeTranslationUnit(p->tu);
	free(p->detail);
	free(p->problem);
	memset(p, 0, sizeof(*p));
}

/*
 * What a compiler says of the file, as a conversion's check wants it: the
 * errors, and the warnings that mean a broken contract (a function or
 * table that no longer matches the type it is called through), with every
 * other warning off.  The rest as for an analysis, but with no precompiled
 * header and no fallback when the real headers fail: a check needs one
 * parse the same before and after.
 */
static const char *const diagnose_args[] = {
	"-x", "c", "-std=gnu11", "-Wno-everything",
	"-Wincompatible-pointer-types", "-Wincompatible-function-pointer-types",
	"-Wint-conversion", "-Wno-implicit-function-declaration", "-Wno-implicit-int",
	"-Wno-return-type", "-ferror-limit=0", "-fbracket-depth=16384",
	"-fno-spell-checking",
};

CXTranslationUnit ss_parse_to_diagnose(CXIndex idx, const char *clang_path,
				       const struct ss_source *src, const struct ss_plan *plan)
{
	CXTranslationUnit tu;
	const char *used;

	if (parse(idx, clang_path, src, plan, plan->how == SS_HOW_FALLBACK, NULL, &used, false,
		  diagnose_args, sizeof(diagnose_args) / sizeof(diagnose_args[0]),
		  &tu) != CXError_Success)
		return NULL;
	return tu;
}

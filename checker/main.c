// SPDX-License-Identifier: GPL-2.0-only
/* safeseek-check: find code that still touches file->f_pos itself. */
#include "flags/compdb.h"
#include "gate/diff_lines.h"
#include "findings/findings.h"
#include "gate/gate.h"
#include "flags/kbuild_args.h"
#include "run/kbuild_mode.h"
#include "findings/messages.h"
#include "run/options.h"
#include "util/outfile.h"
#include "report/output.h"
#include "rules/patch_choice.h"
#include "run/run.h"
#include "run/diagnose.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

static int usage_error(const char *msg)
{
	fprintf(stderr, "safeseek-check: %s\n"
			"Try 'safeseek-check --help' for more information.\n", msg);
	return EXIT_TROUBLE;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* Which libclang parses: the release the build asked for, and the library
 * loaded, in one line. */
static void print_libclang(FILE *f, const char *prefix)
{
	CXString v = clang_getClangVersion();

	fprintf(f, "%slibclang %s (%s)\n", prefix, STR(SAFESEEK_LIBCLANG_VERSION),
		clang_getCString(v));
	clang_disposeString(v);
}

static void print_version(void)
{
	print_libclang(stdout, "safeseek-check " SAFESEEK_VERSION ", built against ");
}

static int write_report(FILE *f, const struct ss_options *o,
			const struct ss_findings *fs, const struct ss_stats *st,
			const struct ss_patch_files *pf)
{
	struct strvec patches = { 0 };
	int rc;

	switch (o->format) {
	case SS_FORMAT_JSON:
		/* the patches the checker chooses for, then those chosen by words */
		ss_patch_choice_all(&patches);
		for (size_t i = 0; i < o->npatch_words; i++)
			strvec_push(&patches, o->patch_words[i].patch);
		rc = ss_write_json(f, fs, st, o->patch_files ? pf : NULL, &patches);
		strvec_clear(&patches);
		return rc;
	case SS_FORMAT_SARIF:
		return ss_write_sarif(f, fs, st, o->srcroot);
	case SS_FORMAT_TEXT:
		break;
	}
	return ss_write_text(f, fs);
}

static int emit(const struct ss_options *o, const struct ss_findings *fs,
		const struct ss_stats *st, const struct ss_patch_files *pf)
{
	struct ss_outfile out;

	if (!o->output) {
		if (write_report(stdout, o, fs, st, pf) < 0 || fflush(stdout) != 0 ||
		    ferror(stdout)) {
			fprintf(stderr, "safeseek-check: cannot write the report: %s\n",
				strerror(errno ? errno : EIO));
			return -1;
		}
		return 0;
	}
	if (ss_outfile_open(&out, o->output) < 0) {
		fprintf(stderr, "safeseek-check: %s: %s\n", o->output, strerror(errno));
		return -1;
	}
	errno = 0;
	if (write_report(out.f, o, fs, st, pf) < 0) {
		/* a write that failed (a full disk) says why; else building failed */
		int why = ferror(out.f) ? (errno ? errno : EIO) : 0;

		ss_outfile_abort(&out);
		if (why)
			fprintf(stderr, "safeseek-check: %s: %s\n", o->output, strerror(why));
		else
			fprintf(stderr, "safeseek-check: %s: cannot build the report\n", o->output);
		return -1;
	}
	if (ss_outfile_commit(&out) < 0) {
		fprintf(stderr, "safeseek-check: %s: %s\n", o->output, strerror(errno));
		return -1;
	}
	return 0;
}

/* The run proper: inputs, report, summary; returns the exit status. */
static int check(const struct ss_options *o)
{
	struct ss_gate gate = { .baseline = o->baseline, .write_baseline = o->write_baseline,
				.changed_lines = o->changed_lines };
	struct ss_compdb *db = NULL;
	struct ss_findings findings = { 0 };
	struct ss_messages msgs = { 0 };
	struct ss_stats st;
	struct ss_patch_files pf = { 0 };
	char err[512];
	bool trouble = false;
	int status;

	if (ss_gate_active(&gate) && ss_gate_prepare(&gate) < 0) {
		ss_gate_free(&gate);
		return EXIT_TROUBLE;
	}
	if (o->build_dir) {
		db = ss_compdb_load(o->build_dir, err, sizeof(err));
		if (!db) {
			ss_error("%s", err);
			ss_gate_free(&gate);
			return EXIT_TROUBLE;
		}
	}

	if (o->verbose)
		print_libclang(stderr, "safeseek-check: parsing with ");
	ss_run(o, db, &findings, &msgs, &st, &pf);
	if (ss_gate_active(&gate) && ss_gate_apply(&gate, &findings) < 0)
		trouble = true;
	ss_messages_print(&msgs, stderr, o->verbose ? SS_MSG_VERBOSE : SS_MSG_NOTE);

	status = findings.n ? EXIT_FINDINGS : EXIT_CLEAN;
	if (st.path_error || (st.failed && !st.analysed && !st.skipped) ||
	    (o->strict && st.failed) || trouble)
		status = EXIT_TROUBLE;
	if (emit(o, &findings, &st, &pf) < 0)
		status = EXIT_TROUBLE;
	if (!o->quiet)
		ss_write_summary(stderr, &findings, &st);

	ss_messages_free(&msgs);
	ss_findings_free(&findings);
	ss_patch_files_free(&pf);
	ss_compdb_free(db);
	ss_gate_free(&gate);
	return status;
}

/* Writes a JSON answer to standard output: 0, or 2 when it cannot. */
static int answered(int rc)
{
	if (rc < 0 || fflush(stdout) != 0 || ferror(stdout)) {
		ss_error("cannot write the answer: %s", strerror(errno ? errno : EIO));
		return EXIT_TROUBLE;
	}
	return EXIT_CLEAN;
}

static int print_flags(const struct ss_options *o)
{
	struct ss_compdb *db = NULL;
	char err[512];
	int status, rc;

	if (o->npaths == 0)
		return usage_error("--print-flags needs the FILEs to print the flags of");
	if (o->build_dir && !(db = ss_compdb_load(o->build_dir, err, sizeof(err)))) {
		ss_error("%s", err);
		return EXIT_TROUBLE;
	}
	rc = ss_write_flags_json(stdout, o->paths, o->npaths, db, o->kernel);
	status = answered(rc < 0 ? rc : 0);
	ss_compdb_free(db);
	return rc > 0 ? EXIT_TROUBLE : status;
}

static int print_changed_lines(const struct ss_options *o)
{
	char err[512];
	struct ss_changes *c = ss_changes_read(o->diff, err, sizeof(err));
	int status;

	if (!c) {
		ss_error("%s", err);
		return EXIT_TROUBLE;
	}
	status = answered(ss_write_changes_json(stdout, c));
	ss_changes_free(c);
	return status;
}

static int print_diagnostics(const struct ss_options *o)
{
	struct ss_compdb *db = NULL;
	char err[512];
	int status;

	if (o->build_dir && !(db = ss_compdb_load(o->build_dir, err, sizeof(err)))) {
		ss_error("%s", err);
		return EXIT_TROUBLE;
	}
	status = ss_print_diagnostics(stdout, o->diagnose, db);
	if (answered(0) != EXIT_CLEAN)
		status = EXIT_TROUBLE;
	ss_compdb_free(db);
	return status ? EXIT_TROUBLE : EXIT_CLEAN;
}

int main(int argc, char **argv)
{
	struct ss_options o;
	char err[512];
	int status;

	/* Kbuild's $(CHECK) gets compiler flags: see kbuild_mode.h */
	if (ss_kbuild_detect(argc, argv))
		return ss_kbuild_main(argc, argv);
	if (ss_options_parse(argc, argv, SS_OPTIONS_SCAN, &o, err, sizeof(err)) < 0) {
		status = usage_error(err);
		ss_options_free(&o);
		return status;
	}
	switch (o.action) {
	case SS_ACTION_HELP:
		ss_options_usage(stdout);
		status = EXIT_CLEAN;
		break;
	case SS_ACTION_VERSION:
		print_version();
		status = EXIT_CLEAN;
		break;
	case SS_ACTION_LIST_RULES:
		if (o.format == SS_FORMAT_JSON)
			status = answered(ss_write_rules_json(stdout));
		else
			status = (ss_list_rules(stdout), EXIT_CLEAN);
		break;
	case SS_ACTION_PRINT_FLAGS:
		status = print_flags(&o);
		break;
	case SS_ACTION_PRINT_CHANGED_LINES:
		status = print_changed_lines(&o);
		break;
	case SS_ACTION_PRINT_DIAGNOSTICS:
		status = print_diagnostics(&o);
		break;
	case SS_ACTION_SCAN:
	default:
		if (o.npaths == 0 && !o.build_dir)
			status = usage_error("no PATH to check (and no -p BUILD_DIR)");
		else
			status = check(&o);
		break;
	}
	ss_options_free(&o);
	return status;
}

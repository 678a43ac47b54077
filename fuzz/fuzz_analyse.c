// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analysis of one source buffer, as a file in a stranger's tree would be
 * analysed: the bytes go to libclang as an unsaved file (they exist nowhere on
 * disk), the model is built, every rule runs, and the findings are written in
 * all three report formats, which must stay safe: no terminal escape in the
 * text, JSON that parses.
 *
 * How the buffer is parsed depends on its length: under the bundled fallback
 * header, with the corpus headers as a tree would give them (falling back
 * when they fail), or as VFS-core code.
 */
#define _GNU_SOURCE
#include "run/analyse.h"
#include "run/bigstack.h"
#include "report/output.h"
#include "input/prefilter.h"
#include "rules/rule.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SAFESEEK_CORPUS_INCLUDE
#error "SAFESEEK_CORPUS_INCLUDE must name corpus/include"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A name a stranger's tree could hold: an escape sequence, a byte that is
   not UTF-8, a quote. */
static const char display[] = "drivers/char/fu\"zz\x1b[31m\xff.c";
static const char clang_path[] = "/nonexistent/safeseek-fuzz/drivers/char/fuzz.c";

static struct ss_prefilter prefilter;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* as the checker's workers do: parse on this thread */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	ss_rules_prefilter_init(&prefilter);
	return 0;
}

static void write_all(const struct ss_findings *fs)
{
	struct ss_stats st = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	st.analysed = 1;
	f = open_memstream(&buf, &len);
	if (!f)
		abort();
	if (ss_write_text(f, fs) < 0)
		abort();
	fclose(f);
	if (memchr(buf, 0x1b, len) || memchr(buf, '\0', len))
		abort();
	free(buf);

	for (int sarif = 0; sarif < 2; sarif++) {
		json_object *doc;

		buf = NULL;
		len = 0;
		f = open_memstream(&buf, &len);
		if (!f)
			abort();
		if ((sarif ? ss_write_sarif(f, fs, &st, "/nonexistent")
			   : ss_write_json(f, fs, &st, NULL, NULL)) < 0)
			abort();
		fclose(f);
		doc = json_tokener_parse(buf);
		if (!doc || memchr(buf, 0x1b, len))
			abort();
		json_object_put(doc);
		free(buf);
	}
}

struct job {
	struct ss_source src;
};

static void analyse_one(void *arg)
{
	struct job *j = arg;
	struct ss_source src = j->src;
	struct ss_parse_policy policy = { 0 };
	struct ss_plan plan = { 0 };
	struct ss_findings sink = { 0 };
	struct ss_outcome out;
	size_t size = src.len;
	CXIndex idx;

	(void)ss_prefilter_match(&prefilter, src.buf, src.len);

	switch (size % 3) {
	case 0:
		plan.how = SS_HOW_FALLBACK;
		break;
	case 1:
		plan.how = SS_HOW_TREE;
		strvec_push(&plan.args, "-nostdinc");
		strvec_push(&plan.args, "-I");
		strvec_push(&plan.args, SAFESEEK_CORPUS_INCLUDE);
		strvec_push(&plan.args, "-D__KERNEL__");
		plan.may_fall_back = true;
		break;
	default:
		plan.how = SS_HOW_FALLBACK;
		plan.vfs_core = true;
		break;
	}

	idx = clang_createIndex(0, 0);
	ss_analyse(idx, display, clang_path, &src, &plan, &policy, &sink, &out);
	if (!out.analysed && !out.problem)
		abort();	/* a failure always says why */
	if (out.problem && strchr(out.problem, '\n'))
		abort();
	ss_findings_sort(&sink);
	write_all(&sink);
	ss_outcome_free(&out);
	ss_findings_free(&sink);
	ss_plan_free(&plan);
	clang_disposeIndex(idx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct job j;

	/* the checker never parses a file holding a NUL byte */
	if (memchr(data, '\0', size))
		return 0;
	j.src.buf = malloc(size + 1);
	if (!j.src.buf)
		return 0;
	memcpy(j.src.buf, data, size);
	j.src.buf[size] = '\0';
	j.src.len = size;
	/* on a stack like the checker's workers' (bigstack.h) */
	ss_bigstack_run(analyse_one, &j);
	free(j.src.buf);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of checker/baseline.c: writing, reading, counting, bad files. */
#define _POSIX_C_SOURCE 200809L

#include "check.h"
#include "gate/baseline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

static const char *path_of(const char *name)
{
	static char buf[512];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void write_file(const char *name, const char *text)
{
	FILE *f = fopen(path_of(name), "w");

	if (!f) {
		perror(name);
		exit(2);
	}
	fputs(text, f);
	fclose(f);
}

static void test_round_trip_and_counts(void)
{
	static const struct ss_baseline_entry e[] = {
		{ "fp-b", "rw-fpos", "drivers/b.c", "b_read" },
		{ "fp-a", "espipe-test", "drivers/a.c", "a_read" },
		{ "fp-a", "espipe-test", "drivers/a.c", "a_read" },
		{ "fp-c", "pread-hole", "drivers/a.c", NULL },
	};
	struct ss_baseline *b;
	char err[256];

	CHECK(ss_baseline_save(path_of("round.json"), e, 4, err, sizeof(err)) == 0);
	b = ss_baseline_load(path_of("round.json"), err, sizeof(err));
	CHECK(b != NULL);
	if (!b) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	CHECK(ss_baseline_size(b) == 4);
	/* recorded twice: two findings suppressed, the third is new */
	CHECK(ss_baseline_consume(b, "fp-a"));
	CHECK(ss_baseline_consume(b, "fp-a"));
	CHECK(!ss_baseline_consume(b, "fp-a"));
	CHECK(ss_baseline_consume(b, "fp-b"));
	CHECK(!ss_baseline_consume(b, "fp-b"));
	CHECK(!ss_baseline_consume(b, "fp-zzz"));
	CHECK(ss_baseline_unused(b) == 1);
	ss_baseline_free(b);
}

static void test_empty_baseline(void)
{
	struct ss_baseline *b;
	char err[256];

	CHECK(ss_baseline_save(path_of("empty.json"), NULL, 0, err, sizeof(err)) == 0);
	b = ss_baseline_load(path_of("empty.json"), err, sizeof(err));
	CHECK(b != NULL);
	if (b) {
		CHECK(ss_baseline_size(b) == 0);
		CHECK(!ss_baseline_consume(b, "x"));
		ss_baseline_free(b);
	}
}

static void expect_load_error(const char *name, const char *text, const char *want)
{
	char err[256];
	struct ss_baseline *b;

	if (text)
		write_file(name, text);
	b = ss_baseline_load(path_of(name), err, sizeof(err));
	if (b) {
		fprintf(stderr, "%s: loaded, expected error '%s'\n", name, want);
		check_failures++;
		ss_baseline_free(b);
		return;
	}
	if (!strstr(err, want) || !strstr(err, name)) {
		fprintf(stderr, "%s: expected error naming it and containing '%s', got '%s'\n",
			name, want, err);
		check_failures++;
	}
}

static void test_bad_files(void)
{
	expect_load_error("missing.json", NULL, "cannot open baseline");
	expect_load_error("truncated.json",
			  "{\"safeseek-baseline\": 1, \"findings\": [\n"
			  "  {\"fingerprint\": \"fp-a\", \"rule\": \"rw-fpos\"},\n"
			  "  {\"fingerprint\": \"fp-",
			  "truncated");
	expect_load_error("truncated2.json", "", "truncated");
	expect_load_error("garbage.json", "{\"safeseek-baseline\": 1,\n  \"findings\": [}\n",
			  "garbage.json:2:");
	expect_load_error("trailing.json",
			  "{\"safeseek-baseline\": 1, \"findings\": []}\nextra\n",
			  "text after the JSON");
	expect_load_error("other.json", "{\"version\": 1}", "not a safeseek baseline");
	expect_load_error("version.json", "{\"safeseek-baseline\": 7, \"findings\": []}",
			  "unsupported baseline version 7");
	expect_load_error("nolist.json", "{\"safeseek-baseline\": 1}", "no \"findings\" array");
	expect_load_error("nofp.json",
			  "{\"safeseek-baseline\": 1, \"findings\": [{\"fingerprint\": \"ok\"},"
			  " {\"rule\": \"rw-fpos\"}]}",
			  "finding 2 has no valid \"fingerprint\"");
	expect_load_error("badfp.json",
			  "{\"safeseek-baseline\": 1, \"findings\": [{\"fingerprint\": \"a b\"}]}",
			  "finding 1 has no valid");
}

static void test_write_failure(void)
{
	static const struct ss_baseline_entry e[] = { { "fp", "r", "f", "g" } };
	char err[256];

	CHECK(ss_baseline_save(path_of("no/such/dir/b.json"), e, 1, err, sizeof(err)) < 0);
	CHECK(strstr(err, "cannot write baseline") != NULL);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char cmd[600];

	snprintf(dir, sizeof(dir), "%s/safeseek-baseline-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 2;
	}
	test_round_trip_and_counts();
	test_empty_baseline();
	test_bad_files();
	test_write_failure();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return check_status("baseline");
}

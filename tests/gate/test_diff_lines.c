// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of checker/diff_lines.c: every diff shape the gate accepts. */
#include "check.h"
#include "gate/diff_lines.h"

#include <stdio.h>
#include <string.h>

static struct ss_changes *parse(const char *text, char *err, size_t errlen)
{
	return ss_changes_parse(text, strlen(text), "test.diff", err, errlen);
}

/* "path:1,2,3 del:4" for file i, to compare whole results at once. */
static const char *describe(const struct ss_changes *c, size_t i)
{
	static char buf[512];
	const unsigned *v;
	size_t n, k, len;

	len = (size_t)snprintf(buf, sizeof(buf), "%s:", ss_changes_file_path(c, i));
	v = ss_changes_file_lines(c, i, &n);
	for (k = 0; k < n && len < sizeof(buf); k++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%u",
					k ? "," : "", v[k]);
	v = ss_changes_file_deletions(c, i, &n);
	for (k = 0; k < n && len < sizeof(buf); k++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%u",
					k ? "," : " del:", v[k]);
	return buf;
}

static void expect_files(const char *text, const char *const *want)
{
	char err[256];
	struct ss_changes *c = parse(text, err, sizeof(err));
	size_t i, n = 0;

	if (!c) {
		fprintf(stderr, "unexpected parse error: %s\n", err);
		check_failures++;
		return;
	}
	while (want[n])
		n++;
	if (ss_changes_file_count(c) != n) {
		fprintf(stderr, "expected %zu files, got %zu\n", n,
			ss_changes_file_count(c));
		check_failures++;
	}
	for (i = 0; i < n && i < ss_changes_file_count(c); i++) {
		const char *got = describe(c, i);

		if (strcmp(got, want[i]) != 0) {
			fprintf(stderr, "file %zu: expected '%s', got '%s'\n", i,
				want[i], got);
			check_failures++;
		}
	}
	ss_changes_free(c);
}

static void expect_error(const char *text, const char *want)
{
	char err[256];
	struct ss_changes *c = parse(text, err, sizeof(err));

	if (c) {
		fprintf(stderr, "expected error '%s', parse succeeded\n", want);
		check_failures++;
		ss_changes_free(c);
		return;
	}
	if (!strstr(err, want)) {
		fprintf(stderr, "expected error containing '%s', got '%s'\n", want, err);
		check_failures++;
	}
}

static void test_git_u0_several_files_and_hunks(void)
{
	static const char *const want[] = {
		"drivers/char/a.c:3,10,11 del:3,21",
		"drivers/char/b.c:1 del:1",
		NULL,
	};
	expect_files(
		"diff --git a/drivers/char/a.c b/drivers/char/a.c\n"
		"index 1111111..2222222 100644\n"
		"--- a/drivers/char/a.c\n"
		"+++ b/drivers/char/a.c\n"
		"@@ -3 +3 @@ static int x;\n"
		"-old\n"
		"+new\n"
		"@@ -9,0 +10,2 @@ int f(void)\n"
		"+added one\n"
		"+added two\n"
		"@@ -20,2 +20,0 @@\n"
		"-gone\n"
		"-gone too\n"
		"diff --git a/drivers/char/b.c b/drivers/char/b.c\n"
		"--- a/drivers/char/b.c\n"
		"+++ b/drivers/char/b.c\n"
		"@@ -1 +1 @@\n"
		"-x\n"
		"+y\n", want);
}

static void test_context_hunks(void)
{
	static const char *const want[] = { "fs/pipe.c:12 del:13,20", NULL };

	expect_files(
		"--- a/fs/pipe.c\n"
		"+++ b/fs/pipe.c\n"
		"@@ -10,5 +10,5 @@\n"
		" ctx 10\n"
		" ctx 11\n"
		"+new 12\n"
		"-old 12\n"
		" ctx 13\n"
		" ctx 14\n"
		"@@ -18,4 +18,3 @@\n"
		" ctx 18\n"
		" ctx 19\n"
		"-removed\n"
		" ctx 20\n", want);
}

static void test_rename(void)
{
	static const char *const want[] = {
		"drivers/new_name.c:5 del:5",
		"drivers/moved.c:",
		NULL,
	};
	expect_files(
		"diff --git a/drivers/old_name.c b/drivers/new_name.c\n"
		"similarity index 90%\n"
		"rename from drivers/old_name.c\n"
		"rename to drivers/new_name.c\n"
		"index 1111111..2222222 100644\n"
		"--- a/drivers/old_name.c\n"
		"+++ b/drivers/new_name.c\n"
		"@@ -5 +5 @@\n"
		"-a\n"
		"+b\n"
		"diff --git a/drivers/stay.c b/drivers/moved.c\n"
		"similarity index 100%\n"
		"rename from drivers/stay.c\n"
		"rename to drivers/moved.c\n", want);
}

static void test_new_and_deleted_files(void)
{
	static const char *const want[] = { "drivers/fresh.c:1,2,3", NULL };

	expect_files(
		"diff --git a/drivers/fresh.c b/drivers/fresh.c\n"
		"new file mode 100644\n"
		"index 0000000..3333333\n"
		"--- /dev/null\n"
		"+++ b/drivers/fresh.c\n"
		"@@ -0,0 +1,3 @@\n"
		"+one\n"
		"+two\n"
		"+three\n"
		"diff --git a/drivers/old.c b/drivers/old.c\n"
		"deleted file mode 100644\n"
		"index 4444444..0000000\n"
		"--- a/drivers/old.c\n"
		"+++ /dev/null\n"
		"@@ -1,2 +0,0 @@\n"
		"-one\n"
		"-two\n", want);
}

static void test_crlf(void)
{
	static const char *const want[] = { "sound/core/x.c:2,3 del:2", NULL };

	expect_files(
		"diff --git a/sound/core/x.c b/sound/core/x.c\r\n"
		"--- a/sound/core/x.c\r\n"
		"+++ b/sound/core/x.c\r\n"
		"@@ -1,2 +1,3 @@\r\n"
		" keep\r\n"
		"-was\r\n"
		"+is\r\n"
		"+more\r\n", want);
}

static void test_no_newline_at_eof(void)
{
	static const char *const want[] = { "kernel/s.c:7,8 del:7", NULL };

	expect_files(
		"--- a/kernel/s.c\n"
		"+++ b/kernel/s.c\n"
		"@@ -6,2 +6,3 @@\n"
		" ctx\n"
		"-last\n"
		"\\ No newline at end of file\n"
		"+last\n"
		"+really last\n"
		"\\ No newline at end of file\n", want);
}

static void test_mail(void)
{
	static const char *const want[] = {
		"drivers/char/mem.c:101 del:101",
		"include/linux/fs.h:1436",
		NULL,
	};
	expect_files(
		"From 0123456789abcdef Mon Sep 17 00:00:00 2001\n"
		"From: A Developer <dev@example.org>\n"
		"Date: Sun, 8 Aug 2004 01:54:18 +0000\n"
		"Subject: [PATCH] char: use nonseekable_open\n"
		"\n"
		"The old check compared ppos with &file->f_pos:\n"
		"--- this line is prose, not a header\n"
		"and this one follows it.\n"
		"\n"
		"Signed-off-by: A Developer <dev@example.org>\n"
		"---\n"
		" drivers/char/mem.c | 2 +-\n"
		" 1 file changed, 1 insertion(+), 1 deletion(-)\n"
		"\n"
		"diff -Nru a/drivers/char/mem.c b/drivers/char/mem.c\n"
		"--- a/drivers/char/mem.c\t2004-08-07 20:05:39 -07:00\n"
		"+++ b/drivers/char/mem.c\t2004-08-07 20:05:39 -07:00\n"
		"@@ -100,3 +100,3 @@\n"
		" {\n"
		"-\tif (ppos != &file->f_pos)\n"
		"+\treturn nonseekable_open(inode, file);\n"
		" }\n"
		"diff -Nru a/include/linux/fs.h b/include/linux/fs.h\n"
		"--- a/include/linux/fs.h\t2004-08-07 20:05:39 -07:00\n"
		"+++ b/include/linux/fs.h\t2004-08-07 20:05:39 -07:00\n"
		"@@ -1435,2 +1435,3 @@\n"
		" extern int generic_file_open(struct inode *, struct file *);\n"
		"+extern int nonseekable_open(struct inode *, struct file *);\n"
		"\n"
		"-- \n"
		"2.39.2\n", want);
}

static void test_quoted_path(void)
{
	static const char *const want[] = { "drivers/odd\tname.c:1 del:1", NULL };

	expect_files(
		"diff --git \"a/drivers/odd\\tname.c\" \"b/drivers/odd\\tname.c\"\n"
		"--- \"a/drivers/odd\\tname.c\"\n"
		"+++ \"b/drivers/odd\\tname.c\"\n"
		"@@ -1 +1 @@\n"
		"-a\n"
		"+b\n", want);
}

static void test_stripped_trailing_context(void)
{
	static const char *const want[] = { "mm/x.c:2 del:2", NULL };

	expect_files(
		"--- a/mm/x.c\n"
		"+++ b/mm/x.c\n"
		"@@ -1,4 +1,4 @@\n"
		" a\n"
		"-b\n"
		"+c\n"
		" d", want);
}

/* "b/./mm//x.c" names mm/x.c, as a file name the checker prints would. */
static void test_dot_components(void)
{
	static const char text[] =
		"--- a/./mm//x.c\n+++ b/./mm//x.c\n@@ -1 +1 @@\n-a\n+b\n"
		"--- ./y.c\n+++ ./y.c\n@@ -1 +1 @@\n-a\n+b\n";
	static const char *const want[] = { "mm/x.c:1 del:1", "y.c:1 del:1", NULL };
	char err[256];
	struct ss_changes *c = parse(text, err, sizeof(err));

	expect_files(text, want);
	CHECK(c && ss_changes_line(c, "/src/linux/mm/x.c", 1));
	CHECK(c && ss_changes_line(c, "./mm/x.c", 1));
	CHECK(c && ss_changes_line(c, "/src/linux/y.c", 1));
	ss_changes_free(c);
}

static void test_empty(void)
{
	static const char *const none[] = { NULL };

	expect_files("", none);
	expect_files("\n\n", none);
}

static void test_malformed(void)
{
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n ctx\n-a\n",
		     "test.diff:5: diff ends inside the hunk of x.c");
	/* cut after a hunk's leading context: the change is missing, not
	   some stripped trailing context */
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1,4 +1,4 @@\n ctx\n",
		     "test.diff:4: diff ends inside the hunk of x.c at line 3: 3 old and 3 new");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n"
		     "@@ -9,3 +9,3 @@\n e\n",
		     "test.diff:9: diff ends inside the hunk of x.c at line 8");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1,2 +0,0 @@\n-a\n",
		     "test.diff:4: diff ends inside the hunk of x.c at line 3: 1 old and 0 new");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n ctx\nwhat\n",
		     "test.diff:5: hunk of x.c (line 3) ends early");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n+c\n",
		     "test.diff:6: hunk of x.c (line 3) is longer than its header says");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -a +1 @@\n",
		     "test.diff:3: malformed hunk header");
	expect_error("--- a/x.c\n+++ b/x.c\n@@ -1 +1\n",
		     "test.diff:3: malformed hunk header");
	expect_error("some words\n@@ -1 +1 @@\n-a\n+b\n",
		     "test.diff:2: hunk header before any ---/+++ file header");
	expect_error("diff --git a/x.c b/x.c\n--- a/x.c\nnot plus\n",
		     "test.diff:2: '---' file header not followed by '+++'");
	expect_error("just some text\nthat is no diff\n",
		     "test.diff:1: no unified diff found");
	expect_error("--- a/x.c\n+++ b/x.c\n@@@ -1 -1 +1 @@@\n",
		     "test.diff:3: combined diff");
	{
		static const char bin[] = "--- a/x.c\n+++ b/x.c\n\0@@";
		char err[256];

		CHECK(ss_changes_parse(bin, sizeof(bin) - 1, "bin.diff", err,
				       sizeof(err)) == NULL);
		CHECK(strstr(err, "bin.diff:3: binary data") != NULL);
	}
}

static void test_queries(void)
{
	char err[256];
	struct ss_changes *c = parse(
		"--- a/drivers/char/a.c\n"
		"+++ b/drivers/char/a.c\n"
		"@@ -3 +3 @@\n-x\n+y\n"
		"@@ -20,2 +19,0 @@\n-p\n-q\n"
		"--- a/a.c\n"
		"+++ b/a.c\n"
		"@@ -1 +1 @@\n-x\n+y\n", err, sizeof(err));

	CHECK(c != NULL);
	if (!c)
		return;
	CHECK(ss_changes_line(c, "drivers/char/a.c", 3));
	CHECK(ss_changes_line(c, "./drivers/char/a.c", 3));
	CHECK(ss_changes_line(c, "/src/linux/drivers/char/a.c", 3));
	CHECK(!ss_changes_line(c, "drivers/char/a.c", 4));
	CHECK(!ss_changes_line(c, "xdrivers/char/a.c", 3));
	CHECK(!ss_changes_line(c, "drivers/char/b.c", 3));
	/* the longer diff path wins, so a.c's line 1 is not char/a.c's */
	CHECK(!ss_changes_line(c, "drivers/char/a.c", 1));
	CHECK(ss_changes_line(c, "a.c", 1));
	/* ranges: an added line, or a deletion inside */
	CHECK(ss_changes_range(c, "drivers/char/a.c", 1, 5));
	CHECK(ss_changes_range(c, "drivers/char/a.c", 15, 25));
	CHECK(ss_changes_range(c, "drivers/char/a.c", 19, 20));
	CHECK(!ss_changes_range(c, "drivers/char/a.c", 20, 30));
	CHECK(!ss_changes_range(c, "drivers/char/a.c", 10, 19));
	CHECK(!ss_changes_range(c, "drivers/char/a.c", 4, 18));
	ss_changes_free(c);
}

int main(void)
{
	test_git_u0_several_files_and_hunks();
	test_context_hunks();
	test_rename();
	test_new_and_deleted_files();
	test_crlf();
	test_no_newline_at_eof();
	test_mail();
	test_quoted_path();
	test_stripped_trailing_context();
	test_dot_components();
	test_empty();
	test_malformed();
	test_queries();
	return check_status("diff_lines");
}

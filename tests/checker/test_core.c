// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the checker core's small pure parts. */
#define _GNU_SOURCE
#include "check.h"
#include "run/analyse.h"
#include "findings/fingerprint.h"
#include "util/path.h"
#include "util/escape.h"
#include "flags/tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void normalize_case(const char *in, const char *want)
{
	char *p = strdup(in);

	ss_path_normalize(p);
	CHECK(strcmp(p, want) == 0, "normalize(%s) = %s, want %s", in, p, want);
	free(p);
}

static void test_paths(void)
{
	const char *rel;
	char *s;

	normalize_case("/a/b/../c", "/a/c");
	normalize_case("/a/./b//c/", "/a/b/c");
	normalize_case("/../a", "/a");
	normalize_case("/a/..", "/");
	normalize_case("/", "/");
	normalize_case("a/../../b", "../b");
	normalize_case("./x.c", "x.c");

	rel = ss_path_under("/src/linux/fs/read_write.c", "/src/linux");
	CHECK(rel && strcmp(rel, "fs/read_write.c") == 0, "under: %s", rel ? rel : "(null)");
	CHECK(ss_path_under("/src/linuxx/a.c", "/src/linux") == NULL, "under: prefix is not a parent");
	CHECK(ss_path_under("/src/linux", "/src/linux") == NULL, "under: a dir is not below itself");
	rel = ss_path_under("/a.c", "/");
	CHECK(rel && strcmp(rel, "a.c") == 0, "under /");

	s = ss_path_join("dir/", "x.c");
	CHECK(strcmp(s, "dir/x.c") == 0, "join: %s", s);
	free(s);
	s = ss_path_dirname("x.c");
	CHECK(strcmp(s, ".") == 0, "dirname: %s", s);
	free(s);
	s = ss_path_dirname("/x.c");
	CHECK(strcmp(s, "/") == 0, "dirname: %s", s);
	free(s);
}

static void test_vfs_core(void)
{
	struct ss_tree t = { .root = "/k" };

	CHECK(ss_tree_is_vfs_core(&t, "/k/fs/read_write.c"), "fs/read_write.c is VFS core");
	CHECK(ss_tree_is_vfs_core(&t, "/k/fs/internal.h"), "fs/internal.h is VFS core");
	CHECK(!ss_tree_is_vfs_core(&t, "/k/fs/ext2/file.c"), "fs/ext2/file.c is not");
	CHECK(!ss_tree_is_vfs_core(&t, "/k/drivers/fs/x.c"), "drivers/fs/x.c is not");
	CHECK(ss_tree_is_vfs_core(&t, "/k/io_uring/rw.c"), "io_uring/rw.c (fs/io_uring.c before 6.0) is");
	CHECK(!ss_tree_is_vfs_core(&t, "/k/io_uring/sub/x.c"), "a subdirectory of io_uring/ is not");
	CHECK(!ss_tree_is_vfs_core(&t, "/k/drivers/io_uring/x.c"), "drivers/io_uring/x.c is not");
	CHECK(!ss_tree_is_vfs_core(&t, "/k/io_uring.c"), "io_uring.c at the root is not");
	CHECK(!ss_tree_is_vfs_core(&t, "/other/fs/x.c"), "outside the tree is not");
}

static void test_text(void)
{
	char *s;

	s = ss_text_printable("a\x1b[31mb\tc\x7f\xc2\x9b\xff\xc3\xa9");
	CHECK(strcmp(s, "a\\x1b[31mb\tc\\x7f\\xc2\\x9b\\xff\xc3\xa9") == 0, "printable: %s", s);
	free(s);
	s = ss_text_utf8("ok\xff\xed\xa0\x80\xf0\x9f\x98\x80");
	CHECK(strcmp(s, "ok\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xf0\x9f\x98\x80") == 0,
	      "utf8: surrogates and stray bytes replaced: %s", s);
	free(s);
	CHECK(ss_utf8_columns("\xc3\xa9x", 2) == 1, "columns: one character in two bytes");
	CHECK(ss_utf8_columns("ab\xff", 3) == 3, "columns: a bad byte counts as one");
}

static void test_fingerprint(void)
{
	char a[SS_FINGERPRINT_LEN + 1], b[SS_FINGERPRINT_LEN + 1];

	ss_fingerprint("rw-fpos", "drivers/x.c", "f", "\tfile->f_pos += n;", a);
	ss_fingerprint("rw-fpos", "drivers/x.c", "f", "file->f_pos+=n;  ", b);
	CHECK(strlen(a) == SS_FINGERPRINT_LEN && strcmp(a, b) == 0,
	      "whitespace does not count: %s %s", a, b);
	ss_fingerprint("rw-fpos", "./drivers/x.c", "f", "file->f_pos += n;", b);
	CHECK(strcmp(a, b) == 0, "./drivers/x.c is drivers/x.c");
	ss_fingerprint("rw-fpos", "drivers/x.c", "g", "file->f_pos += n;", b);
	CHECK(strcmp(a, b) != 0, "the function counts");
	ss_fingerprint("rw-fpos", "drivers/x.c", "f", "file->f_pos -= n;", b);
	CHECK(strcmp(a, b) != 0, "the line's text counts");
	ss_fingerprint("rw-fpos", "drivers/x.c", NULL, "file->f_pos += n;", a);
	ss_fingerprint("rw-fpos", "drivers/x.c", "", "file->f_pos += n;", b);
	CHECK(strcmp(a, b) == 0, "no function is the empty name");
}

/* The path fuzz targets take: bytes that exist nowhere on disk, parsed
   under the fallback header, checked by the rules. */
static void test_analyse_buffer(void)
{
	static const char text[] =
		"static ssize_t r(struct file *file, char __user *b, size_t n,\n"
		"		 loff_t *ppos)\n"
		"{\n"
		"	file->f_pos += n;\n"
		"	return n;\n"
		"}\n"
		"static struct file_operations fops = { .read = r };\n";
	struct ss_source src = { .buf = (char *)text, .len = sizeof(text) - 1 };
	struct ss_parse_policy policy = { 0 };
	struct ss_plan plan = { .how = SS_HOW_FALLBACK };
	struct ss_findings sink = { 0 };
	struct ss_outcome out;
	CXIndex idx = clang_createIndex(0, 0);
	size_t i;

	ss_analyse(idx, "buffer.c", "/nonexistent/safeseek/buffer.c", &src,
		   &plan, &policy, &sink, &out);
	CHECK(out.analysed, "a buffer is analysed: %s", out.problem ? out.problem : "");
	CHECK(out.how == SS_HOW_FALLBACK && out.main_errors == 0,
	      "under the fallback header, cleanly (%u errors: %s)", out.main_errors,
	      out.problem ? out.problem : "");
	for (i = 0; i < sink.n; i++)
		if (sink.v[i].line == 4)
			break;
	CHECK(i < sink.n, "the rules ran: a finding at line 4 (%zu findings)", sink.n);
	CHECK(i == sink.n || (strcmp(sink.v[i].file, "buffer.c") == 0 &&
			      strcmp(sink.v[i].line_text, "\tfile->f_pos += n;") == 0),
	      "the finding names the display path and its line");
	ss_outcome_free(&out);
	ss_findings_free(&sink);
	clang_disposeIndex(idx);
}

int main(void)
{
	test_paths();
	test_vfs_core();
	test_text();
	test_fingerprint();
	test_analyse_buffer();
	return check_status("core");
}

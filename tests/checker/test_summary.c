// SPDX-License-Identifier: GPL-2.0-only
/*
 * Function summaries (model/summary.h): each snippet's function is
 * summarised from its text and from its AST, and the two must say the
 * same, and what the table says.
 */
#include "check.h"
#include "model/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char prelude[] =
	"typedef long long loff_t; typedef unsigned long size_t; typedef long ssize_t;\n"
	"struct inode; struct iov_iter;\n"
	"struct file { loff_t f_pos; unsigned f_mode; void *private_data; };\n"
	"struct kiocb { struct file *ki_filp; loff_t ki_pos; };\n"
	"int nonseekable_open(struct inode *, struct file *);\n"
	"int helper_open(struct inode *, struct file *);\n"
	"ssize_t helper_read(struct file *, char *, size_t, loff_t *);\n"
	"unsigned long copy_to_user(void *, const void *, unsigned long);\n"
	"#define EINVAL 22\n#define ESPIPE 29\n#define EFAULT 14\n#define FMODE_PREAD 8\n";

static const struct row {
	const char *code;
	enum ss_position_use position;
	enum ss_ending ending;
	unsigned calls;
	const char *handed, *position_to;
} table[] = {
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\tif (copy_to_user(buf, \"x\", 1))\n\t\treturn -EFAULT;\n\treturn 1;\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_DATA, 0, NULL, NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\tif (copy_to_user(buf, \"x\", 1))\n\t\treturn -EFAULT;\n\t*ppos += 1;\n\treturn 1;\n}\n",
	  SS_POSITION_WRITES, SS_ENDING_DATA, 0, NULL, NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\tif (*ppos > 4)\n\t\treturn 0;\n\treturn copy_to_user(buf, \"x\", 1);\n}\n",
	  SS_POSITION_READS, SS_ENDING_DATA, 0, "copy_to_user", NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\tif (*ppos)\n\t\treturn -ESPIPE;\n\treturn copy_to_user(buf, \"x\", 1);\n}\n",
	  SS_POSITION_REFUSES_NONZERO, SS_ENDING_DATA, 0, "copy_to_user", NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\tssize_t r = -ESPIPE;\n\tif (ppos != &file->f_pos)\n\t\tgoto out;\n"
	  "\tr = copy_to_user(buf, \"x\", 1);\nout:\n\treturn r;\n}\n",
	  SS_POSITION_REFUSES_PREAD, SS_ENDING_DATA, 0, NULL, NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\treturn -EINVAL;\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_ERROR, 0, NULL, NULL },
	{ "ssize_t f(struct file *file, const char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\treturn n;\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_NO_DATA, 0, NULL, NULL },
	{ "ssize_t f(struct file *file, char *buf, size_t n, loff_t *ppos)\n"
	  "{\n\treturn helper_read(file, buf, n, ppos);\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_DATA, 0, "helper_read", "helper_read" },
	{ "ssize_t f(struct kiocb *iocb, struct iov_iter *to)\n"
	  "{\n\tiocb->ki_pos += 1;\n\treturn to ? 1 : 0;\n}\n",
	  SS_POSITION_WRITES, SS_ENDING_DATA, 0, NULL, NULL },
	{ "int f(struct inode *inode, struct file *file)\n"
	  "{\n\tfile->private_data = 0;\n\treturn nonseekable_open(inode, file);\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_DATA, SS_SUMMARY_NONSEEKABLE, "nonseekable_open", NULL },
	{ "int f(struct inode *inode, struct file *file)\n"
	  "{\n\tfile->f_mode &= ~FMODE_PREAD;\n\treturn 0;\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_DATA, SS_SUMMARY_CLEARS_PREAD, NULL, NULL },
	{ "int f(struct inode *inode, struct file *file)\n"
	  "{\n\tint r = helper_open(inode, file);\n\treturn r;\n}\n",
	  SS_POSITION_IGNORES, SS_ENDING_DATA, 0, "helper_open", NULL },
};

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static enum CXChildVisitResult last_definition(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* The case's function (the last one the text defines), from the AST. */
static void by_ast(const char *text, struct ss_summary *out)
{
	CXIndex idx = clang_createIndex(0, 0);
	struct CXUnsavedFile f = { "case.c", text, (unsigned long)strlen(text) };
	const char *args[] = { "-std=gnu11" };
	CXTranslationUnit tu = clang_parseTranslationUnit(idx, "case.c", args, 1, &f, 1,
							  CXTranslationUnit_KeepGoing);
	CXCursor fn = clang_getNullCursor();

	memset(out, 0, sizeof(*out));
	if (tu) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu), last_definition, &fn);
		if (!clang_Cursor_isNull(fn))
			ss_summarise_cursor(tu, fn, out);
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(idx);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		const struct row *r = &table[i];
		static char text[8192];
		struct ss_summaries t = { 0 };
		struct ss_summary a;
		const struct ss_summary *x;

		snprintf(text, sizeof(text), "%s%s", prelude, r->code);
		ss_summarise_text("case.c", text, strlen(text), &t);
		by_ast(text, &a);
		CHECK(t.n == 1, "one function summarised from the text");
		if (t.n != 1)
			continue;
		x = &t.v[0];
		CHECK(x->position == r->position, "position, by the text");
		CHECK(x->ending == r->ending, "ending, by the text");
		CHECK(x->calls == r->calls, "calls, by the text");
		CHECK(same(x->handed[0], r->handed), "handed to, by the text");
		CHECK(same(x->position_to, r->position_to), "position handed to, by the text");
		CHECK(a.position == x->position, "position: the AST agrees");
		CHECK(a.ending == x->ending, "ending: the AST agrees");
		CHECK(a.calls == x->calls, "calls: the AST agrees");
		CHECK(same(a.handed[0], x->handed[0]), "handed to: the AST agrees");
		CHECK(same(a.position_to, x->position_to), "position handed to: the AST agrees");
		if (x->position != a.position || x->ending != a.ending || x->calls != a.calls ||
		    !same(a.handed[0], x->handed[0]))
			fprintf(stderr, "case %zu: text %d/%d/%u/%s, AST %d/%d/%u/%s\n", i,
				x->position, x->ending, x->calls, x->handed[0] ? x->handed[0] : "-",
				a.position, a.ending, a.calls, a.handed[0] ? a.handed[0] : "-");
		ss_summaries_free(&t);
		free(a.position_to);
		for (size_t k = 0; k < SS_SUMMARY_HANDOFFS; k++)
			free(a.handed[k]);
	}
	return check_status("summary");
}

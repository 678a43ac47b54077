// SPDX-License-Identifier: GPL-2.0-only
/*
 * The prefilter's look for an f_pos access: each case is a source text and
 * whether it may reach the struct file's position.  "no" must only ever be
 * said of text that holds no such access.
 */
#include "check.h"
#include "input/member_text.h"

#include <string.h>

#define REACHES(text) ss_text_fpos_member(text, strlen(text))

#define LLSEEK(body) \
	"static loff_t foo_llseek(struct file *file, loff_t off, int whence)\n" \
	"{\n" body "}\n"
#define READDIR(body) \
	"static int foo_readdir(struct file *filp, void *dirent, filldir_t filldir)\n" \
	"{\n" body "}\n"
#define TABLE "static const struct file_operations foo_fops = {\n" \
	"\t.llseek = foo_llseek,\n};\n"

int main(void)
{
	CHECK(REACHES("\tfile->f_pos = 0;\n"), "through a pointer");
	CHECK(REACHES("\treturn f.f_pos;\n"), "through a struct");
	CHECK(REACHES("\tif (ppos != &filp->f_pos)\n"), "its address");
	CHECK(REACHES("\tx = file ->\n\t\tf_pos;\n"), "across a line");
	CHECK(REACHES("#define POS(f) ((f)-> \\\n\tf_pos)\n"), "across a continuation line");
	CHECK(REACHES("\tx = file->/* the position */f_pos;\n"), "with a comment between");
	CHECK(REACHES("f_pos->f_pos"), "the second of two");
	CHECK(!REACHES("static ssize_t r(struct file *f, char *b, size_t n, loff_t *f_pos)\n"),
	      "a parameter of that name");
	CHECK(!REACHES("/* Someone has messed with f_pos; reset the world */\n"), "a comment");
	CHECK(!REACHES("\tmutex_init(&f->f_pos_lock);\n"), "another member it starts");
	CHECK(!REACHES("\tx = buf->if_pos;\n"), "another member it ends");
	CHECK(!REACHES("struct state {\n\tloff_t f_pos;\n};\n"), "a field declared");
	CHECK(!REACHES(""), "nothing");
	CHECK(!REACHES(LLSEEK("\tfile->f_pos = off;\n\treturn off;\n") TABLE),
	      "inside an llseek method, which owns the position");
	CHECK(!REACHES(LLSEEK("\treturn file->f_pos;\n")
		       "static struct file_operations foo_fops = {\n\tllseek:\tfoo_llseek,\n};\n"),
	      "inside one named in a GNU-style table");
	CHECK(!REACHES(LLSEEK("\treturn file->f_pos;\n")), "inside one nothing names");
	CHECK(REACHES(LLSEEK("\treturn off;\n") TABLE
		      "static int foo_open(struct inode *i, struct file *f)\n"
		      "{\n\tf->f_pos = 0;\n\treturn 0;\n}\n"),
	      "in another function beside an llseek method");
	CHECK(REACHES(LLSEEK("\treturn file->f_pos;\n")
		      "static struct my_ops ops = { .seek = foo_llseek };\n"),
	      "inside one a table names as something else");
	CHECK(REACHES(LLSEEK("\treturn file->f_pos;\n") TABLE
		      "\tloff_t (*fn)(struct file *, loff_t, int) = foo_llseek;\n"),
	      "inside one handed elsewhere too");
	CHECK(REACHES(LLSEEK("#ifdef CONFIG_FOO\n\t}\n#endif\n\treturn file->f_pos;\n") TABLE),
	      "inside a body with a preprocessor line, whose braces may mislead");
	CHECK(REACHES(LLSEEK("\treturn file->f_pos;\n") TABLE "#define SEEK(x) x##_llseek\n"),
	      "in a text that pastes names together");
	CHECK(REACHES("static loff_t foo_llseek(struct file *file, loff_t off)\n"
		      "{\n\treturn file->f_pos;\n}\n" TABLE),
	      "inside a function of another signature");
	CHECK(!REACHES(LLSEEK("\treturn file->f_pos;\n") TABLE
		       "#define dbg(fmt, args...) printk(fmt , ## args)\n"),
	      "in a text whose only ## swallows a comma");
	CHECK(!REACHES(READDIR("\tfilp->f_pos++;\n")
		       "static struct file_operations foo_dir = {\n\treaddir:\tfoo_readdir,\n};\n"),
	      "inside a readdir method, which owns the position");
	CHECK(!REACHES(READDIR("\tfilp->f_pos++;\n")), "inside a readdir nothing names");
	CHECK(!REACHES("static int foo_readdir(struct file *, void *, filldir_t);\n"
		       READDIR("\tfilp->f_pos++;\n")
		       "static struct file_operations foo_dir = {\n\treaddir:\tfoo_readdir,\n};\n"),
	      "inside a readdir declared before");
	CHECK(!REACHES(READDIR("\tprintk(\"foo_readdir() at %lld\\n\", filp->f_pos++);\n"
			       "\t/* foo_readdir: done */\n")),
	      "inside a readdir whose name a string and a comment hold");
	CHECK(REACHES(READDIR("\tfilp->f_pos++;\n")
		      "static int other(struct file *f, void *d, filldir_t fill)\n"
		      "{\n\treturn foo_readdir(f, d, fill);\n}\n"),
	      "inside a readdir another function calls");
	CHECK(REACHES(READDIR("\tfilp->f_pos++;\n")
		      "static int other(struct file *f, void *d, filldir_t fill)\n"
		      "{\n\tif (f)\n\t\tfoo_readdir(f, d, fill);\n\telse\n"
		      "\t\tfoo_readdir(f, d, fill);\n\treturn 0;\n}\n"),
	      "inside a readdir called as a statement");
	CHECK(REACHES(READDIR("\tfilp->f_pos++;\n")
		      "static struct file_operations foo_dir = {\n\t.read = foo_readdir,\n};\n"),
	      "inside one a table names as a read method");
	CHECK(REACHES("static int foo_readdir(struct file *filp, char *buf, filldir_t filldir)\n"
		      "{\n\treturn filp->f_pos;\n}\n"),
	      "inside a function of another signature with a filldir_t");
	CHECK(REACHES(READDIR("\tfilp->f_pos++;\n")
		      "static int other(struct file *filp)\n{\n\treturn filp->f_pos;\n}\n"),
	      "in a helper beside a readdir method");
	return check_status("member_text");
}

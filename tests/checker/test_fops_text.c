// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text's facts of file_operations initializers: each case is a source
 * text and whether a fops-level rule's condition is still open on the
 * sheet the text gives (input/text_facts.h).  "No" must only ever be said
 * of text the rules would surely pass.
 */
#include "check.h"
#include "input/text_facts.h"
#include "rules/rule.h"

#include <stdio.h>
#include <string.h>

/* Whether the rule's condition is anything but no on the text's sheet. */
static bool maybe_as_is(const char *text, const char *rule)
{
	struct ss_facts sheet;
	enum ss_tri a;

	ss_text_facts(text, strlen(text), &sheet);
	a = ss_rule_by_id(rule)->applies(&sheet);
	ss_facts_free(&sheet);
	return a != SS_NO;
}

/* The same, with the case's foo_fops registered as a device: a fops
   with no open that nothing registers has its files made elsewhere,
   which makes its case doubtful (seek-debatable's) on its own. */
static bool maybe(const char *text, const char *rule)
{
	static char registered[8192];

	snprintf(registered, sizeof(registered), "%s"
		 "void foo_register(struct cdev *c)\n{\n\tcdev_init(c, &foo_fops);\n}\n", text);
	return maybe_as_is(registered, rule);
}

#define MAYBE(text, rule) maybe(text, rule)
/* A fops without .llseek, one with no_llseek, either, one with its own. */
#define NONE "seekable-default"
#define REFUSED "pread-hole"
#define BOTH "pread-hole"
#define OWN "nonseekable-stream"

static const char seq_file[] =
	"static int foo_open(struct inode *i, struct file *f)\n"
	"{\n\treturn single_open(f, foo_show, NULL);\n}\n"
	"static const struct file_operations foo_fops = {\n"
	"\t.owner = THIS_MODULE,\n\t.open = foo_open,\n\t.read = seq_read,\n"
	"\t.llseek = seq_lseek,\n\t.release = single_release,\n};\n";

static const char nonseekable[] =
	"static int foo_open(struct inode *inode, struct file *file)\n"
	"{\n\tif (busy)\n\t\treturn -EBUSY;\n\treturn nonseekable_open(inode, file);\n}\n"
	"static struct file_operations foo_fops = {\n"
	"\t.owner\t\t= THIS_MODULE,\n\t.llseek\t\t= no_llseek,\n"
	"\t.read\t\t= foo_read,\n\t.open\t\t= foo_open,\n};\n";

#define POSITIONAL_READ(body) \
	"static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n" \
	"\t\t\tloff_t *ppos)\n{\n" body "}\n" \
	"static const struct file_operations foo_fops = {\n" \
	"\t.read = foo_read,\n};\n"

/* A read method defined here that ignores its position. */
#define STREAM_READ \
	"static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n" \
	"\t\t\tloff_t *ppos)\n{\n\treturn 0;\n}\n"

static void test_ruled_out(void)
{
	CHECK(!MAYBE(POSITIONAL_READ("\treturn simple_read_from_buffer(buf, n, ppos, d, 4);\n"),
		     NONE),
	      "no .llseek, but the read method uses its position: not stream-like");
	CHECK(!MAYBE(seq_file, BOTH), "seq_file fops has its own llseek");
	CHECK(!MAYBE(nonseekable, BOTH), "open calls nonseekable_open()");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.llseek = no_llseek,\n\t.read = foo_read,\n"
		     "\t.open = stream_open,\n};\n", BOTH),
	      "open is stream_open itself");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.unlocked_ioctl = foo_ioctl,\n\t.open = foo_open,\n};\n", BOTH),
	      "no read or write method");
	CHECK(!MAYBE("int misc_register(const struct file_operations *fops);\n"
		     "extern const struct file_operations foo_fops;\n"
		     "size_t n = sizeof(struct file_operations);\n"
		     "struct file_operations {\n\tint (*open)(void);\n};\n", BOTH),
	      "pointers, declarations, the struct itself");
	CHECK(!MAYBE("static struct file_operations foo_fops = {\n"
		     "\tllseek: no_llseek,\n\tread: foo_read,\n\topen: stream_open,\n};\n", BOTH),
	      "GNU-style entries are read too");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.read = foo_read,\n\t.llseek = no_llseek,\n};\n", NONE),
	      "no_llseek is not the shape asked for");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", REFUSED),
	      "no .llseek and a read method of another file, which the tree may show ignoring "
	      "its position");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = no_llseek,\n\t.open = foo_open,\n};\n",
		    REFUSED),
	      "an open method defined elsewhere: the tree may show it seekable");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.read = seq_read,\n\t.release = single_release,\n};\n", NONE),
	      "a read method defined elsewhere may use its position: no stream");
	CHECK(!MAYBE("static struct file_operations foo_dir = {\n"
		     "\tread: generic_read_dir,\n\treaddir: foo_readdir,\n};\n", NONE),
	      "a GNU-style read method defined elsewhere: no stream either");
	CHECK(MAYBE("static struct file_operations foo_fops = {\n"
		    "\tread: foo_read,\n};\n"
		    "static ssize_t foo_read(struct file *f, char *b, size_t n, loff_t *p)\n"
		    "{\n\treturn 0;\n}\n", NONE),
	      "a GNU-style read method defined here after the table");
	CHECK(!MAYBE(STREAM_READ "static const struct file_operations foo_fops = {\n"
		     "\t.read = foo_read,\n\t.llseek = no_llseek,\n};\n"
		     "int foo_fd(void)\n{\n\treturn anon_inode_getfd(\"[foo]\", &foo_fops, NULL, 0);\n}\n",
		     BOTH),
	      "handed to an anonymous file maker: never opened");
	CHECK(!MAYBE("/*\n * static const struct file_operations foo_fops = {\n"
		     " *\t.read = foo_read,\n * };\n */\n"
		     "const char *s = \"struct file_operations x = { .read = y };\";\n", BOTH),
	      "an initializer in a comment or a string");
	CHECK(!MAYBE("static const struct file_operations foo_fops __maybe_unused = {\n"
		     "\t.read = foo_read,\n\t.llseek = seq_lseek,\n};\n"
		     "static struct file_operations bar_fops __ro_after_init;\n", BOTH),
	      "attribute words after the name");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.read = NULL,\n\t.write = NULL,\n\t.llseek = no_llseek,\n};\n", BOTH),
	      "methods set to NULL are none");
	CHECK(!MAYBE("static const struct file_operations foo_fops[] = {\n"
		     "\t{ .read = a_read, .llseek = seq_lseek },\n"
		     "\t{ .read = b_read, .llseek = default_llseek },\n};\n", BOTH),
	      "an array of them, each read");
	CHECK(!MAYBE("#define DEFINE_FOO(n) \\\n"
		     "static const struct file_operations n##_fops = {\t\\\n"
		     "\t.open = n##_open,\t\\\n\t.read = seq_read,\t\\\n"
		     "\t.llseek = seq_lseek,\t\\\n}\n", BOTH),
	      "an initializer made by a macro, with its own llseek");
}

static void test_maybe(void)
{
	CHECK(MAYBE(STREAM_READ "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", NONE),
	      "no llseek and no open");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = no_llseek,\n\t.open = simple_open,\n};\n",
		    REFUSED),
	      "an open method of the VFS that leaves pread on");
	CHECK(MAYBE("static int foo_open(struct inode *i, struct file *f);\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = no_llseek,\n\t.open = foo_open,\n};\n",
		    REFUSED),
	      "an open method declared here may be defined here, by a macro");
	CHECK(MAYBE(STREAM_READ "DEFINE_OPEN(foo_open);\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.open = foo_open,\n};\n", NONE),
	      "an open method handed to a macro");
	CHECK(MAYBE("#define READER(x) x##_read\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", NONE),
	      "a read method a macro may paste together");
	CHECK(MAYBE("#define DEFINE_FOO(n, seek) \\\n"
		    "static const struct file_operations n##_fops = {\t\\\n"
		    "\t.read = n##_read,\t\\\n\t.llseek = seek,\t\\\n}\n", REFUSED),
	      "a macro's llseek its caller passes");
	CHECK(MAYBE("#define DEFINE_FOO(n, op) \\\n"
		    "static const struct file_operations n##_fops = {\t\\\n"
		    "\t.read = n##_read,\t\\\n\t.open = op,\t\\\n"
		    "\t.llseek = no_llseek,\t\\\n}\n", REFUSED),
	      "a macro's open method its caller passes");
	CHECK(MAYBE(STREAM_READ "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n"
		    "static const struct file_operations *p = &foo_fops;\n", NONE),
	      "a mention of the variable that hands it nowhere known");
	CHECK(MAYBE(STREAM_READ "static int foo_open(struct inode *i, struct file *f)\n"
		    "{\n\t/* no nonseekable_open() here */\n\treturn 0;\n}\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.open = foo_open,\n};\n", NONE),
	      "the call named in a comment is no call");
	CHECK(MAYBE(STREAM_READ "static int foo_open(struct inode *i, struct file *f)\n"
		    "{\n#if 0\n\treturn nonseekable_open(i, f);\n#endif\n\treturn 0;\n}\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.open = foo_open,\n};\n", NONE),
	      "a call the preprocessor may drop");
	CHECK(MAYBE(STREAM_READ "static int foo_open(struct inode *i, struct file *f)\n"
		    "{\n\treturn nonseekable_open(i, f);\n}\n"
		    "#ifdef CONFIG_FOO_LEGACY\nstatic int foo_open(struct inode *i, struct file *f)\n"
		    "{\n\treturn 0;\n}\n#endif\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.open = foo_open,\n};\n", NONE),
	      "one of two definitions of the open method is seekable");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\tNULL, foo_read, NULL,\n};\n", BOTH),
	      "positional entries");
	CHECK(MAYBE("#define FOO_FOPS(n) static const struct file_operations n##_fops = { \\\n"
		    "\t.read = n##_read, \\\n}\n", BOTH),
	      "an initializer made by a macro");
	CHECK(MAYBE("static const struct file_operations foo_fops[] = {\n"
		    "\t{ .read = a_read, .llseek = seq_lseek },\n"
		    "\t{ .read = b_read, .llseek = no_llseek },\n};\n", BOTH),
	      "an array of them, one refusing lseek");
	CHECK(MAYBE("static const struct file_operations foo_fops[] = {\n"
		    "\t[0] = { .read = a_read, .llseek = seq_lseek },\n};\n", BOTH),
	      "an array with designators");
	CHECK(MAYBE("register_it(&(struct file_operations){ .read = foo_read });\n", NONE),
	      "a compound literal");
	CHECK(MAYBE("typedef struct file_operations fops_t;\n"
		    "static fops_t foo_fops = { .read = foo_read };\n", NONE),
	      "a typedef hides the later initializers");
	CHECK(MAYBE("static const struct file_operations a_fops = {\n"
		    "\t.read = seq_read,\n\t.llseek = seq_lseek,\n}, b_fops = {\n"
		    "\t.read = b_read,\n};\n", NONE),
	      "a second variable in the same declaration");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "#ifdef CONFIG_FOO\n\t.llseek = seq_lseek,\n#else\n\t.llseek = no_llseek,\n#endif\n"
		    "\t.read = foo_read,\n};\n", REFUSED),
	      "two .llseek entries under #ifdef");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = cond ? no_llseek : seq_lseek,\n};\n", BOTH),
	      "an llseek that is not a plain name");
	CHECK(MAYBE("static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = no_llseek\n", REFUSED),
	      "an initializer cut short");
	CHECK(MAYBE("static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n"
		    "\t\t\tloff_t *ppos)\n{\n\treturn simple_read_from_buffer(buf, n, ppos, d, 4);\n}\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n\t.llseek = no_llseek,\n};\n", REFUSED),
	      "the read method's position says nothing of a no_llseek shape");
	CHECK(MAYBE(POSITIONAL_READ("\treturn dev->ppos + f->ppos;\n"), NONE),
	      "members of the same name are no use of the position");
	CHECK(MAYBE(POSITIONAL_READ("\treturn dev -> ppos;\n"), NONE),
	      "nor is one reached across blanks");
	CHECK(MAYBE(POSITIONAL_READ("\t/* ppos is ignored */\n\treturn 0;\n"), NONE),
	      "a mention in a comment is no use");
	CHECK(MAYBE(POSITIONAL_READ("#ifdef CONFIG_FOO\n\t*ppos += n;\n#endif\n\treturn n;\n"),
		    NONE),
	      "a use the preprocessor may drop");
	CHECK(MAYBE(POSITIONAL_READ("\tif (ppos != &file->f_pos)\n\t\t;\n\treturn n;\n"),
		    NONE),
	      "a test against f_pos that may refuse nothing");
	CHECK(MAYBE("static ssize_t foo_read(struct file *file, char __user *buf, size_t n)\n"
		    "{\n\treturn ppos;\n}\n"
		    "static const struct file_operations foo_fops = {\n\t.read = foo_read,\n};\n",
		    NONE),
	      "a read method of another shape");
	CHECK(MAYBE(STREAM_READ "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", NONE),
	      "a read method defined here that ignores its position");
	CHECK(!maybe_as_is(STREAM_READ "static const struct file_operations foo_fops = {\n"
			   "\t.read = foo_read,\n};\n", NONE),
	      "... but with no open, registered nowhere: its files are made elsewhere");
	CHECK(maybe_as_is(STREAM_READ "static const struct file_operations foo_fops = {\n"
			  "\t.read = foo_read,\n};\n", "seek-debatable"),
	      "... which is seek-debatable's case");
	CHECK(!MAYBE(nonseekable, OWN),
	      "an llseek of its own: no_llseek is none");
	CHECK(MAYBE(STREAM_READ "static const struct file_operations foo_fops = {\n"
		    "\t.llseek = foo_llseek,\n\t.read = foo_read,\n"
		    "\t.open = nonseekable_open,\n};\n", OWN),
	      "an llseek of its own, opened non-seekable");
	CHECK(!MAYBE("static const struct file_operations foo_fops = {\n"
		     "\t.llseek = foo_llseek,\n\t.read = foo_read,\n"
		     "\t.open = foo_open,\n};\n", OWN),
	      "an llseek of its own, but an open defined elsewhere");
	CHECK(MAYBE(POSITIONAL_READ("\t*ppos += n;\n\treturn n;\n"), NONE),
	      "advancing the position reads none of it (a pread hole from 2.6.37)");
	CHECK(MAYBE(POSITIONAL_READ("\t* ppos = 0;\n\treturn n;\n"), NONE),
	      "nor does storing one");
	CHECK(!MAYBE(POSITIONAL_READ("\tif (*ppos == 0)\n\t\t*ppos = n;\n\treturn n;\n"), NONE),
	      "a test of the position reads it");
	CHECK(!MAYBE(POSITIONAL_READ("\t*ppos = *ppos + n;\n\treturn n;\n"), NONE),
	      "so does a sum on the right of a store");
	CHECK(!MAYBE(POSITIONAL_READ("\tn = x * ppos[0];\n\treturn n;\n"), NONE),
	      "a '*' after a value is no dereference");
	CHECK(MAYBE(POSITIONAL_READ("\tif (n)\n\t\t*ppos += n;\n\telse *ppos = 0;\n"
				    "\treturn n;\n"), NONE),
	      "a store after an if's condition or else");
}

/* A read method handing its position to foo_copy(), after `helper`. */
#define HANDED(helper) \
	helper \
	"static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n" \
	"\t\t\tloff_t *ppos)\n{\n\treturn foo_copy(file->private_data, buf, n, ppos);\n}\n" \
	"static const struct file_operations foo_fops = {\n" \
	"\t.read = foo_read,\n};\n"

#define HELPER_FILL(body) \
	"static ssize_t foo_fill(struct foo *f, char __user *buf, size_t n, loff_t *pos)\n" \
	"{\n" body "}\n"

#define HELPER(body) \
	"static ssize_t foo_copy(struct foo *f, char __user *buf, size_t n, loff_t *pos)\n" \
	"{\n" body "}\n"

static void test_helpers(void)
{
	CHECK(!MAYBE(HANDED(HELPER("\treturn simple_read_from_buffer(buf, n, pos, f->d, 4);\n")),
		     NONE),
	      "a helper of the file that reads the position");
	CHECK(!MAYBE(HANDED(HELPER("\treturn foo_fill(f, buf, n, pos);\n")
			    HELPER_FILL("\treturn *pos ? 0 : n;\n")), NONE),
	      "one that hands it to another that reads it");
	CHECK(MAYBE(HANDED(HELPER("\t*pos += n;\n\treturn n;\n")), NONE),
	      "a helper that only advances it");
	CHECK(MAYBE(HANDED(HELPER("\treturn n;\n")), NONE),
	      "a helper that ignores it");
	CHECK(!MAYBE(HANDED(""), NONE),
	      "a helper of another file, which may read it");
	CHECK(MAYBE(HANDED("ssize_t foo_copy(struct foo *f, char __user *buf, size_t n, loff_t *pos);\n"),
		    NONE),
	      "a helper declared here but defined nowhere the text shows (a macro may)");
	CHECK(MAYBE(HELPER("\treturn n;\n")
		    "static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n"
		    "\t\t\tloff_t *ppos)\n{\n\treturn foo_copy(f, buf, n, (loff_t *)ppos);\n}\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", NONE),
	      "a position cast on its way to a call");
	CHECK(MAYBE(HELPER("\treturn n;\n")
		    "static ssize_t foo_read(struct file *file, char __user *buf, size_t n,\n"
		    "\t\t\tloff_t *ppos)\n{\n\treturn call_with(foo_copy, ppos);\n}\n"
		    "static const struct file_operations foo_fops = {\n"
		    "\t.read = foo_read,\n};\n", NONE),
	      "a call handing a function of the file along (a macro may call it)");
	CHECK(MAYBE(HANDED(HELPER("\treturn foo_copy(f, buf, n, pos);\n")), NONE),
	      "a helper that calls itself, followed only so deep");
}

/* The sheet itself: what the text is sure of, and what it leaves open. */
static void test_facts(void)
{
	static const char positional[] = "static const struct file_operations foo_fops = {\n"
					 "\tNULL, foo_read, NULL,\n};\n";
	static const char espipe[] = "static loff_t foo_llseek(struct file *f, loff_t o, int w)\n"
				     "{\n\treturn -ESPIPE;\n}\n";
	struct ss_facts s;

	ss_text_facts(nonseekable, strlen(nonseekable), &s);
	CHECK(s.nfops == 1 && s.fops[0].data == SS_YES && s.fops[0].no_llseek == SS_YES &&
	      s.fops[0].refuses_lseek == SS_YES && s.fops[0].open_nonseekable == SS_YES &&
	      s.fops[0].open_seekable == SS_NO && s.fops[0].pseudo == SS_NO &&
	      s.fops[0].nmethods == 1 && s.fops[0].methods[0].here == SS_NO,
	      "the facts of a nonseekable_open() driver");
	ss_facts_free(&s);
	ss_text_facts(seq_file, strlen(seq_file), &s);
	CHECK(s.nfops == 1 && s.fops[0].own_llseek == SS_YES && s.fops[0].refuses_lseek == SS_NO &&
	      s.fops[0].methods[0].here == SS_NO && s.fops[0].open_nonseekable == SS_UNKNOWN &&
	      s.fpos_member == SS_NO && s.espipe_llseek == SS_NO,
	      "seq_read is defined elsewhere; the open method is not read to the end");
	ss_facts_free(&s);
	ss_text_facts(positional, strlen(positional), &s);
	CHECK(s.nfops == 1 && s.fops[0].data == SS_UNKNOWN && s.fops[0].pseudo == SS_UNKNOWN,
	      "positional entries: nothing known");
	ss_facts_free(&s);
	ss_text_facts(espipe, strlen(espipe), &s);
	CHECK(s.espipe_llseek == SS_UNKNOWN && s.nfops == 1 && s.fops[0].data == SS_UNKNOWN,
	      "an llseek refusing with -ESPIPE: some file_operations out of sight may name it");
	ss_facts_free(&s);
}

int main(void)
{
	test_ruled_out();
	test_maybe();
	test_facts();
	test_helpers();
	return check_status("fops_text");
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the rules' model: roles from initializers and signatures,
 * f_pos accesses and how they are used, and the queries the rules make.
 * Each case is a small self-contained source parsed from memory.
 */
#include "check.h"
#include "input/text_facts.h"
#include "model/model.h"
#include "model/unit.h"

#include <stdio.h>
#include <string.h>

/* Just what the cases need, spelled as the kernel spells it. */
static const char prelude[] =
	"typedef long long loff_t; typedef unsigned long size_t; typedef long ssize_t;\n"
	"struct inode; struct kiocb; struct iov_iter; struct dentry;\n"
	"struct file { loff_t f_pos; unsigned f_mode; void *private_data; };\n"
	"struct kiocb { struct file *ki_filp; loff_t ki_pos; };\n"
	"typedef int (*filldir_t)(void *, const char *, int, loff_t, unsigned long, unsigned);\n"
	"struct file_operations { void *owner;\n"
	"  loff_t (*llseek)(struct file *, loff_t, int);\n"
	"  ssize_t (*read)(struct file *, char *, size_t, loff_t *);\n"
	"  ssize_t (*aio_read)(struct kiocb *, char *, size_t, loff_t);\n"
	"  ssize_t (*write)(struct file *, const char *, size_t, loff_t *);\n"
	"  ssize_t (*aio_write)(struct kiocb *, const char *, size_t, loff_t);\n"
	"  int (*readdir)(struct file *, void *, filldir_t);\n"
	"  unsigned (*poll)(struct file *, void *);\n"
	"  int (*ioctl)(struct inode *, struct file *, unsigned, unsigned long);\n"
	"  int (*mmap)(struct file *, void *);\n"
	"  int (*open)(struct inode *, struct file *);\n"
	"  ssize_t (*read_iter)(struct kiocb *, struct iov_iter *); };\n"
	"typedef struct ctl_table ctl_table;\n"
	"typedef int proc_handler(ctl_table *, int, struct file *, void *, size_t *);\n"
	"struct ctl_table { int ctl_name; const char *procname; proc_handler *proc_handler; };\n"
	"int nonseekable_open(struct inode *, struct file *);\n"
	"loff_t no_llseek(struct file *, loff_t, int);\n"
	"ssize_t vfs_read(struct file *, char *, size_t, loff_t *);\n"
	"#define ESPIPE 29\n"
	"#define FMODE_PREAD 8\n";

struct parsed {
	CXIndex idx;
	struct ss_unit u;
};

static char text[16384];

/* The case's text follows the prelude; `header`, when not NULL, is the
   text of "case.h", which the case may include. */
static int parse_with(struct parsed *p, const char *header, const char *body)
{
	struct CXUnsavedFile f[2];
	const char *args[] = { "-std=gnu11" };

	snprintf(text, sizeof(text), "%s%s", prelude, body);
	f[0].Filename = "case.c";
	f[0].Contents = text;
	f[0].Length = (unsigned long)strlen(text);
	f[1].Filename = "case.h";
	f[1].Contents = header ? header : "";
	f[1].Length = header ? (unsigned long)strlen(header) : 0;
	memset(p, 0, sizeof(*p));
	p->idx = clang_createIndex(0, 0);
	p->u.tu = clang_parseTranslationUnit(p->idx, "case.c", args, 1, f, 2,
					     CXTranslationUnit_KeepGoing);
	if (!p->u.tu) {
		CHECK(0, "case does not parse");
		clang_disposeIndex(p->idx);
		return -1;
	}
	p->u.main_file = clang_getFile(p->u.tu, "case.c");
	p->u.path = "case.c";
	p->u.model = ss_model_build(&p->u);
	return 0;
}

static int parse(struct parsed *p, const char *body)
{
	return parse_with(p, NULL, body);
}

static void done(struct parsed *p)
{
	ss_model_free(p->u.model);
	clang_disposeTranslationUnit(p->u.tu);
	clang_disposeIndex(p->idx);
}

static unsigned roles(struct parsed *p, const char *fn)
{
	const struct ss_function *f = ss_model_function_named(p->u.model, fn);

	return f ? f->roles : 0;
}

static void test_initializer_roles(void)
{
	struct parsed p;
	const struct ss_fops *f;

	if (parse(&p,
		  "static loff_t a_seek(struct file *f, loff_t o, int w) { return o; }\n"
		  "static ssize_t a_read(struct file *f, char *b, size_t n, loff_t *pp) { return 0; }\n"
		  "static ssize_t a_write(struct file *f, const char *b, size_t n, loff_t *pp) { return 0; }\n"
		  "static int a_open(struct inode *i, struct file *f) { return 0; }\n"
		  "static int a_ioctl(struct inode *i, struct file *f, unsigned c, unsigned long a) { return 0; }\n"
		  "static struct file_operations pos_fops = { 0, a_seek, a_read, 0, a_write };\n"
		  "static struct file_operations gnu_fops = { open: a_open };\n"
		  "static struct file_operations mixed_fops = { .poll = 0, a_ioctl, .open = &a_open };\n"))
		return;
	CHECK(roles(&p, "a_seek") == SS_ROLE_LLSEEK, "positional llseek: %x", roles(&p, "a_seek"));
	CHECK(roles(&p, "a_read") == SS_ROLE_READ, "positional read: %x", roles(&p, "a_read"));
	CHECK(roles(&p, "a_write") == SS_ROLE_WRITE, "positional write");
	CHECK(roles(&p, "a_open") == SS_ROLE_OPEN, "GNU and &f open: %x", roles(&p, "a_open"));
	/* A positional entry after a designated one is the next member. */
	CHECK(roles(&p, "a_ioctl") == SS_ROLE_IOCTL, "ioctl after .poll: %x", roles(&p, "a_ioctl"));
	CHECK(ss_model_fops_count(p.u.model) == 3, "three fops: %zu", ss_model_fops_count(p.u.model));
	f = ss_model_fops(p.u.model, 0);
	CHECK(strcmp(f->name, "pos_fops") == 0, "first fops is %s", f->name);
	CHECK(ss_fops_method(f, "write") && strcmp(ss_fops_method(f, "write"), "a_write") == 0,
	      "pos_fops.write");
	CHECK(ss_fops_method(f, "open") == NULL, "pos_fops has no open");
	CHECK(strcmp(ss_model_function_named(p.u.model, "a_read")->object, "pos_fops") == 0,
	      "a_read's object");
	done(&p);
}

static void test_shape_roles(void)
{
	struct parsed p;

	if (parse(&p,
		  "ssize_t lone_read(struct file *f, char *b, size_t n, loff_t *pp);\n"
		  "ssize_t lone_read(struct file *f, char *b, size_t n, loff_t *pp) { return 0; }\n"
		  "static ssize_t util_read(struct file *f, char *b, size_t n, loff_t *pp) { return 0; }\n"
		  "int caller(struct file *f) { return util_read(f, 0, 0, 0); }\n"
		  "int lone_dir(struct file *f, void *d, filldir_t fill) { return 0; }\n"
		  "ssize_t lone_iter(struct kiocb *k, struct iov_iter *to) { return 0; }\n"
		  "int handler(ctl_table *t, int w, struct file *f, void *b, size_t *l) { return 0; }\n"
		  "int engine(ctl_table *t, int w, struct file *f, void *b, size_t *l, int x) { return 0; }\n"
		  "int outer(ctl_table *t, int w, struct file *f, void *b, size_t *l)\n"
		  "{ return engine(t, w, f, b, l, 1) + handler(t, w, f, b, l); }\n"))
		return;
	CHECK(roles(&p, "lone_read") == SS_ROLE_READ, "prototype is no reference: %x",
	      roles(&p, "lone_read"));
	CHECK(ss_model_function_named(p.u.model, "lone_read")->role_from_shape, "from shape");
	CHECK(roles(&p, "util_read") == 0, "a called routine has no role");
	CHECK(roles(&p, "lone_dir") == SS_ROLE_READDIR, "readdir shape");
	CHECK(roles(&p, "lone_iter") == SS_ROLES_ITER, "iter shape");
	CHECK(roles(&p, "handler") == SS_ROLE_SYSCTL, "a called handler is still a handler");
	CHECK(roles(&p, "engine") == SS_ROLE_SYSCTL, "extra arguments after lenp");
	done(&p);
}

static const struct ss_fpos_access *access_on(struct parsed *p, unsigned line, int nth)
{
	size_t i;

	for (i = 0; i < ss_model_fpos_count(p->u.model); i++) {
		const struct ss_fpos_access *a = ss_model_fpos(p->u.model, i);
		unsigned l;

		clang_getFileLocation(clang_getCursorLocation(a->member), NULL, &l, NULL, NULL);
		if (l == line && nth-- == 0)
			return a;
	}
	return NULL;
}

static void test_fpos_uses(void)
{
	struct parsed p;
	const struct ss_fpos_access *a;
	unsigned base = 1;
	const char *s;

	for (s = prelude; *s; s++)
		base += *s == '\n';
	if (parse(&p,
		  "static struct file *other;\n"
		  "static ssize_t r(struct file *file, char *b, size_t n, loff_t *ppos)\n"
		  "{\n"
		  "  if (ppos != &file->f_pos) return -ESPIPE;\n"	/* +3 */
		  "  file->f_pos += n;\n"
		  "  other->f_pos++;\n"
		  "  n = file->f_pos;\n"
		  "  vfs_read(other, b, n, &other->f_pos);\n"
		  "  { loff_t pos = other->f_pos; vfs_read(other, b, n, &pos); other->f_pos = pos; }\n"
		  "  return (&file->f_pos == ppos);\n"
		  "}\n"
		  "static ssize_t it(struct kiocb *iocb, struct iov_iter *to)\n"
		  "{ struct file *fl = iocb->ki_filp; return fl->f_pos + iocb->ki_filp->f_pos; }\n"
		  "static struct file_operations fo = { .read = r, .read_iter = it };\n"))
		return;
	a = access_on(&p, base + 3, 0);
	CHECK(a && a->use == SS_FPOS_ESPIPE_COMPARE && a->other && strcmp(a->other, "ppos") == 0 &&
	      !clang_Cursor_isNull(a->branch), "espipe comparison");
	CHECK(a && ss_fpos_pread_refusal(a), "a pread refusal");
	a = access_on(&p, base + 4, 0);
	CHECK(a && a->use == SS_FPOS_WRITE && a->own_file, "+= is a write of the own file");
	CHECK(a && !ss_fpos_exempt(&p.u, a) && !ss_fpos_pread_refusal(a), "not the owner at work");
	a = access_on(&p, base + 5, 0);
	CHECK(a && a->use == SS_FPOS_WRITE && !a->own_file, "another file's ++");
	CHECK(a && !ss_fpos_exempt(&p.u, a), "another file's is not exempt either");
	a = access_on(&p, base + 6, 0);
	CHECK(a && a->use == SS_FPOS_READ, "a read");
	a = access_on(&p, base + 7, 0);
	CHECK(a && a->use == SS_FPOS_ADDRESS_ARG && a->other && strcmp(a->other, "vfs_read") == 0,
	      "address passed to vfs_read");
		a = access_on(&p, base + 8, 0);
	CHECK(a && a->position_copy, "copy in");
	a = access_on(&p, base + 8, 1);
	CHECK(a && a->position_copy && a->use == SS_FPOS_WRITE, "copy out");
	a = access_on(&p, base + 9, 0);
	CHECK(a && a->use == SS_FPOS_ESPIPE_COMPARE && clang_Cursor_isNull(a->branch),
	      "== in either order, outside an if");
	a = access_on(&p, base + 12, 0);
	CHECK(a && a->own_file && strcmp(a->base, "fl") == 0, "local set from ki_filp");
	a = access_on(&p, base + 12, 1);
	CHECK(a && a->own_file && strcmp(a->base, "iocb->ki_filp") == 0, "iocb->ki_filp");
	CHECK(a && !ss_fpos_exempt(&p.u, a), "read_iter does not own f_pos");
	CHECK(a && ss_model_function_at(p.u.model, clang_getCursorLocation(a->member)) ==
	      ss_model_function_named(p.u.model, "it"), "enclosing function");
	p.u.vfs_core = true;
	a = access_on(&p, base + 4, 0);
	CHECK(a && ss_fpos_exempt(&p.u, a), "the VFS core owns f_pos");
	a = access_on(&p, base + 3, 0);
	CHECK(a && ss_fpos_pread_refusal(a), "a refusal even there");
	done(&p);
}

static void test_queries(void)
{
	struct parsed p;

	if (parse(&p,
		  "static loff_t e_seek(struct file *f, loff_t o, int w) { return (loff_t)(-ESPIPE); }\n"
		  "static loff_t n_seek(struct file *f, loff_t o, int w) { if (w) return o; return -ESPIPE; }\n"
		  "static int setup(struct inode *i, struct file *f) { return nonseekable_open(i, f); }\n"
		  "static int deep_open(struct inode *i, struct file *f) { return setup(i, f); }\n"
		  "static int mode_open(struct inode *i, struct file *f)\n"
		  "{ f->f_mode &= ~(4 | FMODE_PREAD); return 0; }\n"
		  "static int plain_open(struct inode *i, struct file *f) { return 0; }\n"
		  "static int h(ctl_table *t, int w, struct file *f, void *b, size_t *l) { return 0; }\n"
		  "static ctl_table tab[] = { { 1, \"x\", h }, { .proc_handler = &h }, { 0 } };\n"
		  "static struct file_operations fo = { .llseek = e_seek, .open = deep_open };\n"
		  "static struct file_operations fo2 = { .llseek = n_seek, .open = mode_open };\n"
		  "static struct file_operations fo3 = { .open = plain_open };\n"))
		return;
	CHECK(ss_model_espipe_only(p.u.model, ss_model_function_named(p.u.model, "e_seek")),
	      "cast -ESPIPE only");
	CHECK(!ss_model_espipe_only(p.u.model, ss_model_function_named(p.u.model, "n_seek")),
	      "not only -ESPIPE");
	CHECK(ss_model_open_kind(p.u.model, "deep_open") == SS_OPEN_NONSEEKABLE, "through another function");
	CHECK(ss_model_open_kind(p.u.model, "mode_open") == SS_OPEN_NONSEEKABLE, "clears FMODE_PREAD");
	CHECK(ss_model_open_kind(p.u.model, "plain_open") == SS_OPEN_SEEKABLE, "plain open");
	CHECK(ss_model_open_kind(p.u.model, NULL) == SS_OPEN_SEEKABLE, "no open");
	CHECK(ss_model_open_kind(p.u.model, "nonseekable_open") == SS_OPEN_NONSEEKABLE, "itself");
	CHECK(ss_model_open_kind(p.u.model, "elsewhere_open") == SS_OPEN_UNKNOWN, "unknown");
	CHECK(ss_model_sysctl_count(p.u.model) == 2, "two proc_handler entries: %zu",
	      ss_model_sysctl_count(p.u.model));
	CHECK(roles(&p, "h") == SS_ROLE_SYSCTL, "handler from the table");
	CHECK(strcmp(ss_model_function_named(p.u.model, "h")->object, "tab") == 0, "h's table");
	done(&p);
}

static bool reads(struct parsed *p, const char *fn)
{
	const struct ss_function *f = ss_model_function_named(p->u.model, fn);

	return f && ss_function_reads_position(f);
}

/* Reading the position, or handing it on, against storing, advancing or testing it. */
static void test_position_reads(void)
{
	struct parsed p;

	if (parse(&p,
		  "static ssize_t on(struct file *f, char *b, size_t n, loff_t *p) { return vfs_read(f, b, n, p); }\n"
		  "static ssize_t copy(struct file *f, char *b, size_t n, loff_t *p) { loff_t at = *p; return at; }\n"
		  "static ssize_t sum(struct file *f, char *b, size_t n, loff_t *p) { return n + *p; }\n"
		  "static ssize_t test(struct file *f, char *b, size_t n, loff_t *p)\n"
		  "{ if (*p >= 4 || !*p) return 0; *p += 1; (*p)++; return 1; }\n"
		  "static ssize_t ptr(struct file *f, char *b, size_t n, loff_t *p)\n"
		  "{ if (!p || p != &f->f_pos) return -ESPIPE; *p = 0; return 0; }\n"
		  "static ssize_t kstore(struct kiocb *k, struct iov_iter *t) { k->ki_pos = 3; k->ki_pos += 1; return 0; }\n"
		  "static ssize_t kread(struct kiocb *k, struct iov_iter *t) { return k->ki_pos; }\n"
		  "static struct file_operations fo = { .read = on, .write = (void *)copy };\n"))
		return;
	CHECK(reads(&p, "on"), "position handed to a call");
	CHECK(reads(&p, "copy"), "*ppos copied into a local");
	CHECK(reads(&p, "sum"), "*ppos in arithmetic");
	CHECK(!reads(&p, "test"), "*ppos only tested and advanced");
	CHECK(!reads(&p, "ptr"), "the pointer tested, *ppos stored");
	CHECK(!reads(&p, "kstore"), "ki_pos stored and advanced");
	CHECK(reads(&p, "kread"), "ki_pos read");
	done(&p);
}

static const struct ss_function *fn(struct parsed *p, const char *name)
{
	const struct ss_function *f = ss_model_function_named(p->u.model, name);

	CHECK(f != NULL, "no function '%s'", name);
	return f;
}

/* A position or kiocb handed to a function of the same file counts as what
   that function does with it; one it cannot follow, as a read. */
/* Whether the model's sheet (model/facts.c) takes the fops named `name` for
   one stream_open() may open. */
static enum ss_tri stream_safe(struct parsed *p, const char *name)
{
	struct ss_facts sheet;
	enum ss_tri safe = SS_UNKNOWN;

	ss_model_facts(&p->u, &sheet);
	for (size_t i = 0; i < sheet.nfops; i++)
		if (sheet.fops[i].name && strcmp(sheet.fops[i].name, name) == 0)
			safe = ss_fops_stream_safe(&sheet.fops[i]);
	ss_facts_free(&sheet);
	return safe;
}

static void test_followed(void)
{
	struct parsed p;
	const struct ss_function *f;

	if (parse(&p,
		  "int is_sync_kiocb(struct kiocb *); ssize_t ext(loff_t *); int kext(struct kiocb *);\n"
		  "static ssize_t in_ign(void *d, loff_t *p) { return 0; }\n"
		  "static ssize_t ign(void *d, loff_t *p) { return in_ign(d, p); }\n"
		  "static ssize_t adv(void *d, loff_t *p) { *p += 1; return 1; }\n"
		  "static ssize_t rd(void *d, loff_t *p) { return *p; }\n"
		  "static ssize_t cyc(void *d, loff_t *p) { return cyc(d, p); }\n"
		  "static ssize_t two(loff_t *q, loff_t *p) { return *q; }\n"
		  "static ssize_t m_ign(struct file *f, char *b, size_t n, loff_t *p) { return ign(f, p); }\n"
		  "static ssize_t m_adv(struct file *f, char *b, size_t n, loff_t *p) { return adv(f, p); }\n"
		  "static ssize_t m_rd(struct file *f, char *b, size_t n, loff_t *p) { return ign(f, p) + rd(f, p); }\n"
		  "static ssize_t m_ext(struct file *f, char *b, size_t n, loff_t *p) { return ext(p); }\n"
		  "static ssize_t m_cyc(struct file *f, char *b, size_t n, loff_t *p) { return cyc(f, p); }\n"
		  "static ssize_t m_two(struct file *f, char *b, size_t n, loff_t *p) { return two(p, p); }\n"
		  "static ssize_t k_sync(struct kiocb *k, int w) { return is_sync_kiocb(k) ? w : 0; }\n"
		  "static ssize_t k_rd(struct kiocb *k) { return k->ki_pos; }\n"
		  "static ssize_t k_st(struct kiocb *k) { k->ki_pos = 0; return 0; }\n"
		  "static ssize_t i_sync(struct kiocb *k, struct iov_iter *t) { return k_sync(k, 1); }\n"
		  "static ssize_t i_rd(struct kiocb *k, struct iov_iter *t) { return k_rd(k); }\n"
		  "static ssize_t i_st(struct kiocb *k, struct iov_iter *t) { return k_st(k); }\n"
		  "static ssize_t i_ext(struct kiocb *k, struct iov_iter *t) { return kext(k); }\n"
		  "static struct file_operations ign_fops = { .read = m_ign };\n"
		  "static struct file_operations adv_fops = { .read = m_adv };\n"))
		return;
	f = fn(&p, "m_ign");
	CHECK(f && stream_safe(&p, "ign_fops") == SS_YES && !ss_function_uses_position(f),
	      "two helpers deep, never looked at");
	f = fn(&p, "m_adv");
	CHECK(f && ss_function_ignores_position(f) && stream_safe(&p, "adv_fops") == SS_NO &&
	      ss_function_uses_position(f), "advanced by the helper: no stream_open()");
	CHECK(reads(&p, "m_rd"), "read by one of its helpers");
	CHECK(reads(&p, "m_ext"), "handed to another file");
	CHECK(reads(&p, "m_cyc"), "a helper that calls itself");
	CHECK(reads(&p, "m_two"), "a helper whose position is another parameter");
	f = fn(&p, "i_sync");
	CHECK(f && !f->hands_kiocb && ss_function_ignores_position(f),
	      "a kiocb a helper only asks is_sync_kiocb() about");
	f = fn(&p, "i_rd");
	CHECK(f && f->hands_kiocb && ss_function_reads_position(f) && f->uses_ki_pos,
	      "a kiocb whose ki_pos a helper reads");
	f = fn(&p, "i_st");
	CHECK(f && !f->hands_kiocb && ss_function_ignores_position(f) && f->uses_ki_pos,
	      "a kiocb whose ki_pos a helper only stores");
	f = fn(&p, "i_ext");
	CHECK(f && f->hands_kiocb && !ss_function_reads_position(f),
	      "a kiocb handed to another file");
	done(&p);
}

static unsigned handed(struct parsed *p, const char *name)
{
	for (size_t i = 0; i < ss_model_fops_count(p->u.model); i++)
		if (strcmp(ss_model_fops(p->u.model, i)->name, name) == 0)
			return ss_model_fops(p->u.model, i)->handed;
	CHECK(0, "no fops '%s'", name);
	return 0;
}

/* Where the file hands each fops, read from its text. */
static void test_handoffs(void)
{
	struct parsed p;

	if (parse(&p,
		  "struct cdev; struct miscdevice { int minor; const char *name; struct file_operations *fops; };\n"
		  "void cdev_init(struct cdev *, struct file_operations *);\n"
		  "struct dentry *debugfs_create_file(const char *, int, struct dentry *, void *,\n"
		  "                                   struct file_operations *);\n"
		  "void other(void *);\n"
		  "static struct file_operations d1 = { .open = 0 }, d2 = { .open = 0 }, d3 = { .open = 0 },\n"
		  "  d4 = { .open = 0 }, d5 = { .open = 0 }, d6 = { .open = 0 }, d8 = { .open = 0 };\n"
		  "extern struct file_operations d7;\n"
		  "static struct miscdevice md = { 255, \"md\", &d4 };\n"
		  "static struct miscdevice md2 = { .fops = &d8 };\n"
		  "static const struct { const char *n; struct file_operations *f; } t[] = { { \"a\", &d5 } };\n"
		  "void reg(struct cdev *c, struct file *f)\n"
		  "{ cdev_init(c, &d1); debugfs_create_file(\"x\", 0, 0, 0, &d2);\n"
		  "  if (f->f_op == &d7) return; f->f_op = &d3; other(&d6); }\n"
		  "static struct file_operations d7 = { .open = 0 };\n"))
		return;
	CHECK(handed(&p, "d1") == SS_HANDED_DEVICE, "cdev_init(): %u", handed(&p, "d1"));
	CHECK(handed(&p, "d2") == SS_HANDED_CONTROL, "debugfs_create_file(): %u", handed(&p, "d2"));
	CHECK(handed(&p, "d3") == SS_HANDED_SWAPPED, "assigned to f_op: %u", handed(&p, "d3"));
	CHECK(handed(&p, "d4") == SS_HANDED_DEVICE, "positional miscdevice: %u", handed(&p, "d4"));
	CHECK(handed(&p, "d5") == SS_HANDED_CONTROL, "table of named files: %u", handed(&p, "d5"));
	CHECK(handed(&p, "d6") == SS_HANDED_OTHER, "another call: %u", handed(&p, "d6"));
	CHECK(handed(&p, "d7") == 0, "compared, declared, defined: %u", handed(&p, "d7"));
	CHECK(handed(&p, "d8") == SS_HANDED_DEVICE, ".fops member: %u", handed(&p, "d8"));
	done(&p);
}

/*
 * The facts of a file_operations decided from the text before a parse
 * and from the model after one: where the text says yes or no, the model
 * must say the same, and the text must say what the table says.
 */
static const char other_file[] =
	"int stream_open(struct inode *, struct file *);\n"
	"int ext_open(struct inode *, struct file *);\n"
	"ssize_t ext_read(struct file *, char *, size_t, loff_t *);\n"
	"struct dentry *debugfs_create_file(const char *, int, struct dentry *, void *,\n"
	"                                   const struct file_operations *);\n"
	"void *proc_create(const char *, int, void *, const struct file_operations *);\n"
	"unsigned long copy_to_user(void *, const void *, unsigned long);\n";

static const struct sheet_row {
	const char *code;
	enum ss_tri open_stream, debatable, methods_refuse_pread, proc;
} sheet_table[] = {
	/* its own open calls stream_open(); a read of its own ignoring the position */
	{ "static int s_open(struct inode *i, struct file *f) { return stream_open(i, f); }\n"
	  "static ssize_t s_read(struct file *f, char *b, size_t n, loff_t *p) { return 0; }\n"
	  "static const struct file_operations s_fops = {\n"
	  "\t.open = s_open, .read = s_read, .llseek = no_llseek,\n};\n",
	  SS_YES, SS_UNKNOWN, SS_NO, SS_NO },
	/* nonseekable_open(); a read of another file: no positional read here */
	{ "static const struct file_operations n_fops = {\n"
	  "\t.open = nonseekable_open, .read = ext_read, .llseek = no_llseek,\n};\n",
	  SS_NO, SS_NO, SS_NO, SS_NO },
	/* an open of another file; a debugfs file without .llseek: a control file */
	{ "static const struct file_operations c_fops = { .read = ext_read };\n"
	  "void reg(void) { debugfs_create_file(\"c\", 0, 0, 0, &c_fops); }\n",
	  SS_NO, SS_YES, SS_NO, SS_NO },
	/* no open, a /proc entry, refusing lseek: its files are made elsewhere */
	{ "static const struct file_operations d_fops = {\n"
	  "\t.open = ext_open, .read = ext_read, .llseek = no_llseek,\n};\n"
	  "static const struct file_operations e_fops = { .read = ext_read, .llseek = no_llseek };\n"
	  "void reg(void) { proc_create(\"d\", 0, 0, &d_fops); proc_create(\"e\", 0, 0, &e_fops); }\n",
	  SS_NO, SS_NO, SS_NO, SS_YES },
	/* before 2.6.8: the method refuses pread itself, which the parse decides;
	   no open and no device: its files are made elsewhere */
	{ "static ssize_t r_read(struct file *file, char *b, size_t n, loff_t *ppos)\n"
	  "{\n\tif (ppos != &file->f_pos)\n\t\treturn -ESPIPE;\n"
	  "\treturn copy_to_user(b, \"x\", 1) ? -1 : 1;\n}\n"
	  "static const struct file_operations r_fops = { .read = r_read, .llseek = no_llseek };\n",
	  SS_NO, SS_YES, SS_UNKNOWN, SS_NO },
	/* stream_open() under #ifdef: the text leaves the open to the parse; an
	   open and no .llseek, no control file: nothing doubtful */
	{ "static int i_open(struct inode *i, struct file *f)\n{\n#ifdef CONFIG_X\n"
	  "\treturn stream_open(i, f);\n#endif\n\treturn 0;\n}\n"
	  "static const struct file_operations i_fops = { .open = i_open, .read = ext_read };\n",
	  SS_UNKNOWN, SS_NO, SS_NO, SS_NO },
};

static void agrees(size_t row, const char *what, enum ss_tri by_text, enum ss_tri want,
		   enum ss_tri model)
{
	CHECK(by_text == want, "row %zu: %s by the text: %d, not %d", row, what, by_text, want);
	CHECK(by_text == SS_UNKNOWN || by_text == model,
	      "row %zu: %s: the model says %d, the text %d", row, what, model, by_text);
}

static void test_sheet_table(void)
{
	for (size_t i = 0; i < sizeof(sheet_table) / sizeof(sheet_table[0]); i++) {
		const struct sheet_row *r = &sheet_table[i];
		struct ss_facts t, m;
		struct parsed p;
		char body[4096];

		snprintf(body, sizeof(body), "#include \"case.h\"\n%s", r->code);
		if (parse_with(&p, other_file, body))
			continue;
		ss_text_facts(text, strlen(text), &t);
		ss_model_facts(&p.u, &m);
		CHECK(t.nfops >= 1 && t.nfops == m.nfops, "row %zu: %zu fops by the text, %zu by the model",
		      i, t.nfops, m.nfops);
		if (t.nfops >= 1 && t.nfops == m.nfops) {
			const struct ss_fops_facts *a = &t.fops[0], *b = &m.fops[0];

			agrees(i, "open_stream", a->open_stream, r->open_stream, b->open_stream);
			agrees(i, "debatable", a->debatable, r->debatable, b->debatable);
			agrees(i, "methods_refuse_pread", a->methods_refuse_pread,
			       r->methods_refuse_pread, b->methods_refuse_pread);
			agrees(i, "proc", a->proc, r->proc, b->proc);
			for (size_t k = 1; k < t.nfops; k++) {
				a = &t.fops[k];
				b = &m.fops[k];
				CHECK((a->debatable == SS_UNKNOWN || a->debatable == b->debatable) &&
				      (a->proc == SS_UNKNOWN || a->proc == b->proc),
				      "row %zu: fops %zu: the model agrees", i, k);
			}
		}
		ss_facts_free(&t);
		ss_facts_free(&m);
		done(&p);
	}
}

int main(void)
{
	test_initializer_roles();
	test_shape_roles();
	test_fpos_uses();
	test_queries();
	test_position_reads();
	test_followed();
	test_handoffs();
	test_sheet_table();
	return check_status("model");
}

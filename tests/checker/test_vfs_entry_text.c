// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether a file is the VFS core by its role: each case is a source text
 * and whether it defines read(2), lseek(2) or a VFS function behind them.
 * A driver calling them, declaring them or naming a member so is no core.
 */
#include "check.h"
#include "input/vfs_entry_text.h"

#include <string.h>

#define CORE(text) ss_text_defines_vfs_entry(text, strlen(text))

int main(void)
{
	CHECK(CORE("asmlinkage ssize_t sys_read(unsigned int fd, char * buf, size_t count)\n"
		   "{\n\treturn 0;\n}\n"), "2.4's sys_read()");
	CHECK(CORE("loff_t default_llseek(struct file *file, loff_t offset, int origin)\n"
		   "{\n\tfile->f_pos = offset;\n\treturn offset;\n}\n"), "default_llseek()");
	CHECK(CORE("ssize_t vfs_read(f, buf, count, pos)\n\tstruct file *f;\n\tchar *buf;\n"
		   "\tsize_t count;\n\tloff_t *pos;\n{\n\treturn 0;\n}\n"),
	      "old-style parameter declarations");
	CHECK(CORE("SYSCALL_DEFINE3(lseek, unsigned int, fd, off_t, offset, unsigned int, whence)\n"
		   "{\n\treturn ksys_lseek(fd, offset, whence);\n}\n"), "today's lseek(2)");
	CHECK(!CORE("static ssize_t foo_read(struct file *f)\n{\n\treturn vfs_read(f, b, n, &f->f_pos);\n}\n"),
	      "a driver calling vfs_read()");
	CHECK(!CORE("extern ssize_t vfs_read(struct file *, char *, size_t, loff_t *);\n"
		    "static int x;\n"), "a prototype");
	CHECK(!CORE("ssize_t vfs_read(struct file *, char *, size_t, loff_t *);\n"
		    "static int x;\nstruct foo {\n\tint y;\n};\n"),
	      "a prototype, then a struct");
	CHECK(!CORE("static struct file_operations fops = {\n\t.llseek = default_llseek,\n};\n"),
	      "a method named so");
	CHECK(!CORE("int f(void)\n{\n\tif (x)\n\t\tgeneric_file_llseek(f, 0, 0);\n\treturn 0;\n}\n"),
	      "a call in a body, not a definition");
	CHECK(!CORE("/* loff_t default_llseek(struct file *f, loff_t o, int w) { } */\n"), "a comment");
	CHECK(!CORE("SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)\n"
		    "{\n\treturn 0;\n}\n"), "another syscall");
	CHECK(!CORE("int 9sys_read(void) { }"), "numbers before a name");
	CHECK(!CORE(""), "nothing");
	return check_status("vfs_entry_text");
}

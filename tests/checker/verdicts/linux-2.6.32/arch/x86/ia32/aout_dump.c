// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 binary format's core dump writer: the core file is the
 * kernel's own, and no user holds a position in it.
 */
#include <linux/fs.h>
#include <linux/binfmts.h>

static int dump_write(struct coredump_params *cprm, const void *addr, int nr)
{
	return cprm->file->f_op->write(cprm->file, addr, nr, &cprm->file->f_pos) == nr;	/* expect: fpos-address */ /* note: no user's position is in it */
}

int aout_core_dump(struct coredump_params *cprm)
{
	static const char magic[4] = "core";

	return dump_write(cprm, magic, sizeof(magic));
}

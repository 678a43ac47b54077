// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: left undecided: an f_pos user of no known role
// in fs: nothing left undecided
// in io_uring: nothing left undecided
/*
 * An f_pos user of no known role beside a parse error: the table naming it
 * is of a type the bundled header lacks, and did not parse.  In a driver
 * that table may have made it a method, so the file goes on to its real
 * headers; in the VFS core (fs/ of a tree) no rule reports an f_pos use
 * whatever its role, so nothing is left undecided.
 */
#include <linux/fs.h>

static void reset_position(struct file *file)
{
	file->f_pos = 0;
}

static struct safeseek_unknown_ops reset_ops = {
	.reset		= reset_position,
};

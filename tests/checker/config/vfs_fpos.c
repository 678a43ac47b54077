// SPDX-License-Identifier: GPL-2.0-only
// in fs: nothing left undecided
// in io_uring: nothing left undecided
// in drivers/char: left undecided: f_pos of an unknown type
/*
 * An f_pos reached through a struct the bundled header lacks.  In the VFS
 * core (fs/, and io_uring/, once fs/io_uring.c) no rule reports an f_pos
 * use but a pread refusal, which takes its address: this one decides
 * nothing there.  In a driver it may be any file's position.
 */
#include <linux/fs.h>
#include <linux/safeseek_lost.h>

long vf_set_position(struct lost_fd f, loff_t pos)
{
	f.file->f_pos = pos;
	return 0;
}

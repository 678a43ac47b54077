// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 driver that hands a file's own position to the file's write
 * method, as 2.4's sys_write() itself does: a place the 2.6.8 conversion
 * changes, no defect in this kernel.
 */
#include <linux/fs.h>

ssize_t relay_to(struct file *out, const char *buf, size_t len)
{
	return out->f_op->write(out, buf, len, &out->f_pos);	/* expect: fpos-address */ /* note: as this kernel's read() and write() do */
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 driver that writes a log to a file it opens itself: no user
 * holds a position in that file, so handing &f->f_pos to vfs_write() is a
 * note, not a race.  Beside it, a helper handed a user's file keeps the
 * warning.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/err.h>

static int fwlog_save(const char *buf, size_t len)
{
	struct file *f = filp_open("/var/log/fw.log", O_WRONLY | O_CREAT | O_APPEND, 0600);
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	n = vfs_write(f, buf, len, &f->f_pos);	/* expect: fpos-address */ /* note: a file the kernel holds itself */
	filp_close(f, NULL);
	return n < 0 ? n : 0;
}

static ssize_t fwlog_copy(struct file *user, const char *buf, size_t len)
{
	return vfs_write(user, buf, len, &user->f_pos);	/* expect: fpos-address */ /* warning: pass the address of a local copy */
}

int fwlog_dump(struct file *user, const char *buf, size_t len)
{
	return fwlog_save(buf, len) ?: (int)fwlog_copy(user, buf, len);
}

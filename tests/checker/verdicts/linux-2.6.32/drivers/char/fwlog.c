// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 driver that writes a log to a file it opens itself: no user
 * holds a position in that file, so handing &f->f_pos to vfs_write() is a
 * note, not a race.  A helper handed some file it cannot trace is a note
 * too (in real trees such files are the kernel's own, pipes and ttys); a
 * write method handing on the file the VFS gave it keeps the warning,
 * unless the function it hands the position to never uses it; an ioctl
 * handing on its own is fpos-other's note, as 2.6.8 left random_ioctl's.
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
	return vfs_write(user, buf, len, &user->f_pos);	/* expect: fpos-address */ /* note: of a file the VFS did not hand it */
}

static ssize_t fwlog_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	return vfs_write(file, buf, len, &file->f_pos);	/* expect: fpos-address */ /* warning: pass the method's own 'ppos' */
}

static ssize_t fwlog_poke(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	return len;
}

static long fwlog_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return fwlog_poke(file, (const char __user *)arg, 1, &file->f_pos);	/* expect: fpos-other */
}

static int fwlog_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static const struct file_operations fwlog_fops = {
	.owner = THIS_MODULE,
	.open = fwlog_open,
	.write = fwlog_write,
	.unlocked_ioctl = fwlog_ioctl,
	.llseek = no_llseek,
};

int fwlog_dump(struct file *user, const char *buf, size_t len)
{
	return fwlog_save(buf, len) ?: (int)fwlog_copy(user, buf, len);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 read method reading file->f_pos: on a seekable file pread()
 * hands it an offset of its own, which the method ignores; on one its open
 * makes non-seekable no pread reaches it, and the read is a note.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static u8 tick[16];

static ssize_t tick_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	loff_t at = file->f_pos;	/* expect: rw-fpos */ /* warning: pread() and pwrite() hand the method their own offset */

	if (at >= sizeof(tick) || count == 0)
		return 0;
	if (copy_to_user(buf, tick + at, 1))
		return -EFAULT;
	*ppos = at + 1;
	return 1;
}

static const struct file_operations tick_fops = {
	.owner		= THIS_MODULE,
	.read		= tick_read,
	.llseek		= default_llseek,
};

static int tickq_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static ssize_t tickq_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (*ppos != file->f_pos)	/* expect: rw-fpos */ /* note: no pread() reaches the method */
		return -ESPIPE;
	return copy_to_user(buf, tick, 1) ? -EFAULT : 1;
}

static const struct file_operations tickq_fops = {
	.owner		= THIS_MODULE,
	.open		= tickq_open,
	.read		= tickq_read,
	.llseek		= no_llseek,
};

static int __init tick_init(void)
{
	return register_chrdev(243, "tick", &tick_fops) ?:
	       register_chrdev(244, "tickq", &tickq_fops);
}
module_init(tick_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Console redirection in the style of the 2.4 and early 2.6 tty core.
 * While TIOCCONS has redirected the console, what is written to it goes to
 * the redirect file through that file's own write method, at that file's
 * own position: the position the console write was given belongs to the
 * console, not to the redirect.  The redirect's f_pos is handed on as a
 * copy, read before the call and stored back after it, as read() and
 * write() themselves do.  The console's own position is *ppos.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/spinlock.h>

#define CONS_MAJOR	5
#define TIOCCONS	0x541D

static struct file *redirect;
static spinlock_t redirect_lock = SPIN_LOCK_UNLOCKED;
static unsigned long cons_written;

extern ssize_t cons_tty_write(void *tty, const char __user *buf,
			      size_t count);

static ssize_t cons_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	struct file *p = NULL;
	ssize_t ret;

	spin_lock(&redirect_lock);
	if (redirect) {
		get_file(redirect);
		p = redirect;
	}
	spin_unlock(&redirect_lock);

	if (p) {
		ssize_t res = p->f_op->write(p, buf, count, &p->f_pos);	/* expect: fpos-address */

		fput(p);
		return res;
	}

	ret = cons_tty_write(file->private_data, buf, count);
	if (ret > 0) {
		cons_written += ret;
		file->f_pos += ret;	/* expect: rw-fpos */
	}
	return ret;
}

static int cons_ioctl(struct inode *inode, struct file *file,
		      unsigned int cmd, unsigned long arg)
{
	struct file *old;

	if (cmd != TIOCCONS)
		return -ENOTTY;
	spin_lock(&redirect_lock);
	old = redirect;
	redirect = old ? NULL : get_file(file);
	spin_unlock(&redirect_lock);
	if (old)
		fput(old);
	return 0;
}

static struct file_operations cons_fops = {
	.owner =	THIS_MODULE,
	.write =	cons_write,
	.ioctl =	cons_ioctl,
};

static int __init cons_init(void)
{
	return register_chrdev(CONS_MAJOR, "console", &cons_fops);
}

module_init(cons_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device-state stream in the style of later kernels: open calls
 * stream_open(), so read() and write() hand the methods no position at
 * all, and the methods refuse one if they ever get it.  The offset into
 * the state buffer is then the driver's own, kept in file->f_pos under the
 * driver's lock: nothing there for rw-fpos, and nothing for rw_ppos to
 * convert (`pos = &file->f_pos;` would become `pos = pos;`, and *ppos a
 * NULL dereference).  The reset in release is still worth a note.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define MIGSTATE_SIZE	4096

static char migstate_buf[MIGSTATE_SIZE];
static DECLARE_MUTEX(migstate_sem);

static ssize_t migstate_read(struct file *file, char __user *buf, size_t len,
			     loff_t *pos)
{
	ssize_t done;

	if (pos)
		return -ESPIPE;
	pos = &file->f_pos;

	down(&migstate_sem);
	if (*pos >= MIGSTATE_SIZE) {
		up(&migstate_sem);
		return 0;
	}
	if (len > MIGSTATE_SIZE - *pos)
		len = MIGSTATE_SIZE - *pos;
	done = len;
	if (copy_to_user(buf, migstate_buf + *pos, len))
		done = -EFAULT;
	else
		*pos += len;
	up(&migstate_sem);
	return done;
}

static ssize_t migstate_write(struct file *file, const char __user *buf,
			      size_t len, loff_t *ppos)
{
	if (unlikely(ppos))
		return -ESPIPE;

	down(&migstate_sem);
	if (file->f_pos + len > MIGSTATE_SIZE) {
		up(&migstate_sem);
		return -ENOSPC;
	}
	if (copy_from_user(migstate_buf + file->f_pos, buf, len)) {
		up(&migstate_sem);
		return -EFAULT;
	}
	file->f_pos += len;
	up(&migstate_sem);
	return len;
}

/* The size still to come, for a reader polling the stream. */
static ssize_t migstate_left_read(struct file *file, char __user *buf,
				  size_t len, loff_t *ppos)
{
	char line[16];
	int n;

	if (ppos != NULL) {
		return -ESPIPE;
	}
	if (file->f_pos)
		return 0;
	n = sprintf(line, "%u\n", MIGSTATE_SIZE);
	if (len < n)
		return -EINVAL;
	if (copy_to_user(buf, line, n))
		return -EFAULT;
	file->f_pos = n;
	return n;
}

static int migstate_open(struct inode *inode, struct file *file)
{
	return stream_open(inode, file);
}

static int migstate_release(struct inode *inode, struct file *file)
{
	down(&migstate_sem);
	file->f_pos = 0;	/* expect: fpos-other */
	up(&migstate_sem);
	return 0;
}

static struct file_operations migstate_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= migstate_read,
	.write		= migstate_write,
	.open		= migstate_open,
	.release	= migstate_release,
};

static struct file_operations migstate_left_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= migstate_left_read,
	.open		= migstate_open,
};

static struct miscdevice migstate_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "migstate",
	.fops		= &migstate_fops,
};

static struct miscdevice migstate_left_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "migstate_left",
	.fops		= &migstate_left_fops,
};

static int __init migstate_init(void)
{
	int err = misc_register(&migstate_dev);

	if (!err)
		err = misc_register(&migstate_left_dev);
	return err;
}

module_init(migstate_init);

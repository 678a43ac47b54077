// SPDX-License-Identifier: GPL-2.0-only
/*
 * 2.4 streams judged by what this kernel's pread() and pwrite() reach:
 * .read and .write only (readv and writev take no offset), each of which
 * must refuse them itself, since there is no nonseekable_open().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uio.h>

static char halfpipe_byte;

static ssize_t halfpipe_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	return put_user(halfpipe_byte, buf) ? -EFAULT : 1;
}

static ssize_t halfpipe_write(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	return get_user(halfpipe_byte, buf) ? -EFAULT : 1;
}

/* read refuses pread, write does not refuse pwrite */
static struct file_operations halfpipe_fops = {	/* expect: pread-hole */ /* warning: its write method does not refuse pwrite() */
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		halfpipe_read,
	write:		halfpipe_write,
};

static ssize_t sockish_write(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	return get_user(halfpipe_byte, buf) ? -EFAULT : 1;
}

static ssize_t sockish_readv(struct file *file, const struct iovec *iov, unsigned long n,
			     loff_t *ppos)
{
	return 0;
}

/* as 2.4's sockets: readv moves data without a refusal, and needs none */
static struct file_operations sockish_fops = {
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		halfpipe_read,
	write:		sockish_write,
	readv:		sockish_readv,
};

static ssize_t chatter_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	return put_user(halfpipe_byte, buf) ? -EFAULT : 1;
}

/* no .llseek: default_llseek; nothing refuses pread, and this kernel has no
   nonseekable_open() to advise */
static struct file_operations chatter_fops = {	/* expect: seekable-default */ /* warning: its read method does not refuse pread() (`if (ppos != &file->f_pos) return -ESPIPE;`, as this kernel needs), so pread() and lseek() succeed */
	owner:		THIS_MODULE,
	read:		chatter_read,
};

int __init halfpipe_init(void)
{
	return register_chrdev(242, "halfpipe", &halfpipe_fops) ?:
	       register_chrdev(243, "sockish", &sockish_fops) ?:
	       register_chrdev(244, "chatter", &chatter_fops);
}

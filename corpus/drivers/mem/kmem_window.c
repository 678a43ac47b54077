// SPDX-License-Identifier: GPL-2.0-only
/*
 * A window onto a board's memory-mapped buffer, with an old-style
 * positional file_operations initializer: the roles of its methods come
 * from their places in struct file_operations.  read and write use *ppos
 * and the llseek method owns f_pos, so neither is flagged; the ioctl that
 * rewinds the window and the open method that resets it touch f_pos
 * outside any method that owns it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define WINDOW_MAJOR	243
#define WINDOW_SIZE	4096
#define WINDOW_REWIND	0x5701
#define WINDOW_SKIP	0x5702

static unsigned char window_buf[WINDOW_SIZE];
static int window_users;

static loff_t window_llseek(struct file *file, loff_t offset, int origin)
{
	if (origin == SEEK_CUR)
		offset += file->f_pos;
	else if (origin == SEEK_END)
		offset += WINDOW_SIZE;
	if (offset < 0 || offset > WINDOW_SIZE)
		return -EINVAL;
	return file->f_pos = offset;
}

static ssize_t window_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	if (*ppos >= WINDOW_SIZE)
		return 0;
	count = min_t(size_t, count, WINDOW_SIZE - *ppos);
	if (copy_to_user(buf, window_buf + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static ssize_t window_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	if (*ppos >= WINDOW_SIZE)
		return -ENOSPC;
	count = min_t(size_t, count, WINDOW_SIZE - *ppos);
	if (copy_from_user(window_buf + *ppos, buf, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static int window_ioctl(struct inode *inode, struct file *file,
			unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case WINDOW_REWIND:
		file->f_pos = 0;	/* expect: fpos-other */
		return 0;
	case WINDOW_SKIP:
		if (file->f_pos + arg > WINDOW_SIZE)	/* expect: fpos-other */
			return -EINVAL;
		file->f_pos += arg;	/* expect: fpos-other */
		return 0;
	}
	return -ENOTTY;
}

static int window_open(struct inode *inode, struct file *file)
{
	window_users++;
	file->f_pos = 0;	/* expect: fpos-other */
	return 0;
}

static struct file_operations window_fops = {
	THIS_MODULE,
	window_llseek,
	window_read,
	NULL,		/* aio_read */
	window_write,
	NULL,		/* aio_write */
	NULL,		/* readdir */
	NULL,		/* poll */
	window_ioctl,
	NULL,		/* mmap */
	window_open,
};

static int __init window_init(void)
{
	return register_chrdev(WINDOW_MAJOR, "kmem_window", &window_fops);
}

static void __exit window_exit(void)
{
	unregister_chrdev(WINDOW_MAJOR, "kmem_window");
}

module_init(window_init);
module_exit(window_exit);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A character device with nothing for any semantic patch to do: its read
 * and write methods use the position they are handed, it never refuses a
 * seek, and it has no sysctl.  It names none of the words the patches look
 * for, so spatch must not even parse it (check_query.py).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/uaccess.h>

#define PLAIN_MAJOR	240
#define PLAIN_SIZE	256

static char plain_buf[PLAIN_SIZE];
static size_t plain_len;

static int plain_open(struct inode *inode, struct file *file)
{
	file->private_data = plain_buf;
	return 0;
}

static ssize_t plain_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	loff_t pos = *ppos;

	if (pos >= plain_len)
		return 0;
	if (count > plain_len - pos)
		count = plain_len - pos;
	if (copy_to_user(buf, plain_buf + pos, count))
		return -EFAULT;
	*ppos = pos + count;
	return count;
}

static ssize_t plain_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	loff_t pos = *ppos;

	if (pos >= PLAIN_SIZE)
		return -ENOSPC;
	if (count > PLAIN_SIZE - pos)
		count = PLAIN_SIZE - pos;
	if (copy_from_user(plain_buf + pos, buf, count))
		return -EFAULT;
	*ppos = pos + count;
	if (*ppos > plain_len)
		plain_len = *ppos;
	return count;
}

static int plain_release(struct inode *inode, struct file *file)
{
	return 0;
}

static struct file_operations plain_fops = {
	.owner		= THIS_MODULE,
	.read		= plain_read,
	.write		= plain_write,
	.open		= plain_open,
	.release	= plain_release,
};

static int __init plain_init(void)
{
	return register_chrdev(PLAIN_MAJOR, "plain", &plain_fops);
}

static void __exit plain_exit(void)
{
	unregister_chrdev(PLAIN_MAJOR, "plain");
}

module_init(plain_init);
module_exit(plain_exit);
MODULE_LICENSE("GPL");

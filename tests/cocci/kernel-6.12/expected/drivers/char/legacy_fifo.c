// SPDX-License-Identifier: GPL-2.0-only
/*
 * A FIFO driver carried along into a 6.12 tree: its read method still
 * refuses pread itself, and both file_operations name an llseek method
 * that only returns -ESPIPE.  6.12 has no stub llseek to name instead:
 * the llseek members go, and with them the methods.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/uaccess.h>

#define LFIFO_MAJOR	240
#define LFIFO_SIZE	256

static unsigned char lfifo_buf[LFIFO_SIZE];
static unsigned int lfifo_len;

static ssize_t lfifo_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	size_t n;

	n = min_t(size_t, count, lfifo_len);
	if (copy_to_user(buf, lfifo_buf, n))
		return -EFAULT;
	lfifo_len -= n;
	return n;
}

static int lfifo_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	lfifo_len = 0;
	return nonseekable_open(inode, file);
}

static const struct file_operations lfifo_fops = {
	.owner		= THIS_MODULE,
	.read		= lfifo_read,
	.open		= lfifo_open,
};

static int lfifo_ctl_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static const struct file_operations lfifo_ctl_fops = {
	.owner		= THIS_MODULE,
	.open		= lfifo_ctl_open,
};

static int __init lfifo_init(void)
{
	int ret = register_chrdev(LFIFO_MAJOR, "lfifo", &lfifo_fops);

	if (ret)
		return ret;
	return register_chrdev(LFIFO_MAJOR + 1, "lfifo_ctl", &lfifo_ctl_fops);
}

static void __exit lfifo_exit(void)
{
	unregister_chrdev(LFIFO_MAJOR + 1, "lfifo_ctl");
	unregister_chrdev(LFIFO_MAJOR, "lfifo");
}

module_init(lfifo_init);
module_exit(lfifo_exit);
MODULE_LICENSE("GPL");

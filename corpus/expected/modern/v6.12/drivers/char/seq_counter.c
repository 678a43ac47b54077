// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two counters whose read methods do use the position: no stream, nothing
 * to open differently.  The first still says .llseek = no_llseek, which
 * Linux 6.12 no longer has: the line goes (a file_operations without
 * .llseek refuses lseek() since Linux 6.0).  The second seeks for real.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static char counter_text[16] = "0\n";
static struct cdev counter_cdev, table_cdev;

static ssize_t counter_read(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	size_t len = sizeof(counter_text);

	if (*ppos >= len)
		return 0;
	if (count > len - *ppos)
		count = len - *ppos;
	if (copy_to_user(buf, counter_text + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static int counter_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static const struct file_operations counter_fops = {	/* expect: stream_open */
	.owner		= THIS_MODULE,
	.read		= counter_read,
	.open		= counter_open,
};

static const struct file_operations table_fops = {
	.owner		= THIS_MODULE,
	.llseek		= default_llseek,
	.read		= counter_read,
};

static int __init counter_init(void)
{
	cdev_init(&counter_cdev, &counter_fops);
	cdev_init(&table_cdev, &table_fops);
	return cdev_add(&counter_cdev, 0, 1);
}

module_init(counter_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A relay between a line discipline and user space, opened with
 * nonseekable_open() and .llseek = no_llseek as drivers were written
 * before Linux 5.2.  Its read waits for data while a write from another
 * thread of the same process would wait for the f_pos lock behind it:
 * stream_open() ends that.  On Linux 6.12 no_llseek is gone, and the VFS
 * refuses lseek() to a stream without it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

#define RELAY_LEN	256

static DECLARE_WAIT_QUEUE_HEAD(relay_wait);
static char relay_buf[RELAY_LEN];
static size_t relay_len;
static struct cdev relay_cdev;

static int relay_wait_data(void)
{
	return wait_event_interruptible(relay_wait, relay_len > 0);
}

static ssize_t relay_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	int ret = relay_wait_data();

	if (ret)
		return ret;
	if (count > relay_len)
		count = relay_len;
	if (copy_to_user(buf, relay_buf, count))
		return -EFAULT;
	relay_len = 0;
	return count;
}

static ssize_t relay_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	if (count > RELAY_LEN)
		count = RELAY_LEN;
	if (copy_from_user(relay_buf, buf, count))
		return -EFAULT;
	relay_len = count;
	wake_up_interruptible(&relay_wait);
	return count;
}

static int relay_open(struct inode *inode, struct file *file)
{
	file->private_data = relay_buf;
	return nonseekable_open(inode, file);	/* expect: stream_open */
}

static const struct file_operations relay_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= relay_read,
	.write		= relay_write,
	.open		= relay_open,
};

static int __init relay_init(void)
{
	cdev_init(&relay_cdev, &relay_fops);
	return cdev_add(&relay_cdev, 0, 1);
}

module_init(relay_init);
MODULE_LICENSE("GPL");

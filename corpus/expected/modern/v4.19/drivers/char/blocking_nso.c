// SPDX-License-Identifier: GPL-2.0-only
/*
 * A command channel opened with nonseekable_open() on Linux 4.19: read
 * waits for a reply while write sends commands.  From Linux 3.14 read()
 * and write() of a regular file hold its f_pos lock for the whole call,
 * so a waiting read would keep every write out; 4.19 has no stream_open()
 * to end that, so the report says so and nothing changes there.
 *
 * The channel's event file has no open method at all: it gets
 * .llseek = no_llseek and .open = nonseekable_open.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static DECLARE_WAIT_QUEUE_HEAD(cmd_wait);
static int cmd_reply;
static struct cdev cmd_cdev, cmd_event_cdev;

static ssize_t cmd_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (wait_event_interruptible(cmd_wait, cmd_reply != 0))
		return -EINTR;
	if (count && put_user(cmd_reply, buf))
		return -EFAULT;
	cmd_reply = 0;
	return count ? 1 : 0;
}

static ssize_t cmd_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	char c;

	if (count && get_user(c, buf))
		return -EFAULT;
	cmd_reply = c;
	wake_up_interruptible(&cmd_wait);
	return count;
}

static int cmd_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);	/* expect: stream_open */
}

static const struct file_operations cmd_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= cmd_read,
	.write		= cmd_write,
	.open		= cmd_open,
};

static ssize_t cmd_event_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	if (count && put_user(cmd_reply, buf))
		return -EFAULT;
	return count ? 1 : 0;
}

static const struct file_operations cmd_event_fops = {	/* expect: pread-hole, stream_open */
	.owner		= THIS_MODULE,
	.read		= cmd_event_read,
	.llseek		= no_llseek,
	.open		= nonseekable_open,
};

static int __init cmd_init(void)
{
	cdev_init(&cmd_cdev, &cmd_fops);
	cdev_init(&cmd_event_cdev, &cmd_event_fops);
	return cdev_add(&cmd_cdev, 0, 1);
}

module_init(cmd_init);
MODULE_LICENSE("GPL");

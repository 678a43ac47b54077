// SPDX-License-Identifier: GPL-2.0-only
/*
 * An event queue in the style of today's drivers: read waits for events,
 * write posts them, neither looks at the position.  There is no open
 * method and no .llseek, so the file stays seekable for pread() and
 * pwrite(): it gets .open = stream_open, and on Linux 6.12 no .llseek.
 *
 * Its control file refuses lseek() with no_llseek but has no open method
 * either: on Linux 6.12 no_llseek goes and .open = stream_open comes.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <linux/poll.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

#define EVQ_LEN	64

static DECLARE_WAIT_QUEUE_HEAD(evq_wait);
static unsigned char evq_buf[EVQ_LEN];
static unsigned int evq_count;
static struct cdev evq_cdev, evq_ctl_cdev;

static ssize_t evq_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	int ret;

	ret = wait_event_interruptible(evq_wait, evq_count > 0);
	if (ret)
		return ret;
	if (count > evq_count)
		count = evq_count;
	if (copy_to_user(buf, evq_buf, count))
		return -EFAULT;
	evq_count -= count;
	return count;
}

static ssize_t evq_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	if (count > EVQ_LEN - evq_count)
		count = EVQ_LEN - evq_count;
	if (copy_from_user(evq_buf + evq_count, buf, count))
		return -EFAULT;
	evq_count += count;
	wake_up_interruptible(&evq_wait);
	return count;
}

static unsigned int evq_poll(struct file *file, struct poll_table_struct *wait)
{
	return evq_count ? POLLIN : 0;
}

static int evq_release(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations evq_fops = {	/* expect: pread-hole, stream_open */
	.owner		= THIS_MODULE,
	.read		= evq_read,
	.write		= evq_write,
	.poll		= evq_poll,
	.release	= evq_release,
};

static const struct file_operations evq_ctl_fops = {	/* expect: pread-hole, stream_open */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.write		= evq_write,
};

static int __init evq_init(void)
{
	cdev_init(&evq_cdev, &evq_fops);
	cdev_init(&evq_ctl_cdev, &evq_ctl_fops);
	return cdev_add(&evq_cdev, 0, 1);
}

module_init(evq_init);
MODULE_LICENSE("GPL");

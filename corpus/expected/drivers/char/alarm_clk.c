// SPDX-License-Identifier: GPL-2.0-only
/*
 * Telecom clock board: /dev/alarm_clk queues alarm events for one reader,
 * /dev/alarm_ctl only takes ioctls.  The event queue refuses pread with
 * -ENXIO through the common exit path; the control node has an open
 * method of its own that has nothing to do with seeking.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define ALARM_MAJOR	226
#define ALARM_CTL_MAJOR	227
#define ALARM_SET_MASK	0x4c01

struct alarm_event {
	unsigned int source;
	unsigned int status;
};

static DECLARE_MUTEX(alarm_sem);
static DECLARE_WAIT_QUEUE_HEAD(alarm_wait);
static struct alarm_event alarm_pending;
static int alarm_got_event;
static int alarm_users;
static unsigned int alarm_mask;

static int alarm_open(struct inode *inode, struct file *filp)	/* expect: nonseekable_open */
{
	if (down_interruptible(&alarm_sem))
		return -EINTR;
	if (alarm_users) {
		up(&alarm_sem);
		return -EBUSY;
	}
	alarm_users = 1;
	up(&alarm_sem);
	return nonseekable_open(inode, filp);
}

static int alarm_release(struct inode *inode, struct file *filp)
{
	alarm_users = 0;
	return 0;
}

static ssize_t alarm_read(struct file *filp, char __user *buf, size_t count,
			  loff_t *offp)
{
	ssize_t retval = 0;

	if (count < sizeof(alarm_pending))
		return -EINVAL;
	if (down_interruptible(&alarm_sem))
		return -EINTR;

	while (!alarm_got_event) {
		up(&alarm_sem);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(alarm_wait, alarm_got_event))
			return -ERESTARTSYS;
		if (down_interruptible(&alarm_sem))
			return -EINTR;
	}
	if (copy_to_user(buf, &alarm_pending, sizeof(alarm_pending))) {
		retval = -EFAULT;
		goto out;
	}
	alarm_got_event = 0;
	retval = sizeof(alarm_pending);
out:
	up(&alarm_sem);
	return retval;
}

static int alarm_ctl_open(struct inode *inode, struct file *filp)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return 0;
}

static int alarm_ctl_ioctl(struct inode *inode, struct file *filp,
			   unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case ALARM_SET_MASK:
		alarm_mask = (unsigned int)arg;
		return 0;
	default:
		return -ENOTTY;
	}
}

static struct file_operations alarm_fops = {
	.owner		= THIS_MODULE,
	.read		= alarm_read,
	.open		= alarm_open,
	.release	= alarm_release,
};

static struct file_operations alarm_ctl_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= alarm_ctl_ioctl,
	.open		= alarm_ctl_open,
};

static int __init alarm_init(void)
{
	int ret;

	ret = register_chrdev(ALARM_MAJOR, "alarm_clk", &alarm_fops);
	if (ret < 0)
		return ret;
	ret = register_chrdev(ALARM_CTL_MAJOR, "alarm_ctl", &alarm_ctl_fops);
	if (ret < 0)
		unregister_chrdev(ALARM_MAJOR, "alarm_clk");
	return ret;
}

static void __exit alarm_exit(void)
{
	unregister_chrdev(ALARM_CTL_MAJOR, "alarm_ctl");
	unregister_chrdev(ALARM_MAJOR, "alarm_clk");
}

module_init(alarm_init);
module_exit(alarm_exit);
MODULE_LICENSE("GPL");

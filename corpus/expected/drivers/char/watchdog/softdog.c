// SPDX-License-Identifier: GPL-2.0-only
/*
 * Software watchdog: the machine reboots unless /dev/watchdog is written
 * at least once every soft_margin seconds.
 *
 * A C99-initialized misc device that refuses pwrite in its write method and
 * already says no_llseek, as most 2.6.7 watchdogs did.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/watchdog.h>
#include <linux/spinlock.h>
#include <asm/uaccess.h>

#define TIMER_MARGIN	60		/* seconds */

static int soft_margin = TIMER_MARGIN;
static int nowayout;
static int timer_alive;
static char expect_close;
static unsigned long next_heartbeat;
static spinlock_t softdog_lock = SPIN_LOCK_UNLOCKED;

static struct watchdog_info softdog_ident = {
	.options		= WDIOF_SETTIMEOUT | WDIOF_MAGICCLOSE,
	.firmware_version	= 0,
	.identity		= "Software Watchdog",
};

static void softdog_keepalive(void)
{
	next_heartbeat = jiffies + soft_margin * HZ;
}

static int softdog_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	spin_lock(&softdog_lock);
	if (timer_alive) {
		spin_unlock(&softdog_lock);
		return -EBUSY;
	}
	timer_alive = 1;
	spin_unlock(&softdog_lock);

	softdog_keepalive();
	return nonseekable_open(inode, file);
}

static int softdog_release(struct inode *inode, struct file *file)
{
	if (expect_close != 42 && nowayout)
		printk(KERN_CRIT "SOFTDOG: unexpected close, not stopping watchdog!\n");
	spin_lock(&softdog_lock);
	timer_alive = 0;
	expect_close = 0;
	spin_unlock(&softdog_lock);
	return 0;
}

static ssize_t softdog_write(struct file *file, const char __user *data,
			     size_t len, loff_t *ppos)
{

	if (len) {
		if (!nowayout) {
			size_t i;

			expect_close = 0;
			for (i = 0; i != len; i++) {
				char c;

				if (get_user(c, data + i))
					return -EFAULT;
				if (c == 'V')
					expect_close = 42;
			}
		}
		softdog_keepalive();
	}
	return len;
}

static int softdog_ioctl(struct inode *inode, struct file *file,
			 unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case WDIOC_GETSUPPORT:
		if (copy_to_user((void __user *)arg, &softdog_ident,
				 sizeof(softdog_ident)))
			return -EFAULT;
		return 0;
	case WDIOC_KEEPALIVE:
		softdog_keepalive();
		return 0;
	default:
		return -ENOIOCTLCMD;
	}
}

static struct file_operations softdog_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.write		= softdog_write,
	.ioctl		= softdog_ioctl,
	.open		= softdog_open,
	.release	= softdog_release,
};

static struct miscdevice softdog_miscdev = {
	.minor		= WATCHDOG_MINOR,
	.name		= "watchdog",
	.fops		= &softdog_fops,
};

static int __init watchdog_init(void)
{
	return misc_register(&softdog_miscdev);
}

static void __exit watchdog_exit(void)
{
	misc_deregister(&softdog_miscdev);
}

module_init(watchdog_init);
module_exit(watchdog_exit);
MODULE_LICENSE("GPL");

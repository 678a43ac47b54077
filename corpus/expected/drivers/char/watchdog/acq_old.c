// SPDX-License-Identifier: GPL-2.0-only
/*
 * Single-board computer watchdog, still written the 2.2 way: the
 * file_operations are filled in by position, member after member, with
 * NULL for the methods the board does without.  It has no open method.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/watchdog.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define WDT_STOP	0x43
#define WDT_START	0x443

static int acq_margin = 30;

static void acq_ping(void)
{
	inb(WDT_START);
}

static ssize_t acq_read(struct file *file, char __user *buf, size_t count,
			loff_t *ptr)
{
	unsigned char status = 0;

	if (count == 0)
		return 0;
	if (copy_to_user(buf, &status, 1))
		return -EFAULT;
	return 1;
}

static ssize_t acq_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ptr)
{

	if (count)
		acq_ping();
	return count;
}

static int acq_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case WDIOC_KEEPALIVE:
		acq_ping();
		return 0;
	case WDIOC_SETTIMEOUT:
		acq_margin = (int)arg;
		return 0;
	default:
		return -ENOTTY;
	}
}

static int acq_close(struct inode *inode, struct file *file)
{
	inb(WDT_STOP);
	return 0;
}

static struct file_operations acq_fops = {	/* expect: nonseekable_open */
	THIS_MODULE,
	NULL,		/* llseek */
	acq_read,
	NULL,		/* aio_read */
	acq_write,
	NULL,		/* aio_write */
	NULL,		/* readdir */
	NULL,		/* poll */
	acq_ioctl,
	NULL,		/* mmap */
	nonseekable_open,		/* open */
	NULL,		/* flush */
	acq_close
};

static struct miscdevice acq_miscdev = {
	WATCHDOG_MINOR,
	"watchdog",
	&acq_fops
};

static int __init acq_init(void)
{
	return misc_register(&acq_miscdev);
}

static void __exit acq_exit(void)
{
	misc_deregister(&acq_miscdev);
}

module_init(acq_init);
module_exit(acq_exit);
MODULE_LICENSE("GPL");

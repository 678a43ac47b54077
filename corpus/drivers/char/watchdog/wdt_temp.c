// SPDX-License-Identifier: GPL-2.0-only
/*
 * Industrial watchdog card with a temperature sensor, in the 2.4 style:
 * GNU "member: value" initializers and an llseek method of its own that
 * only says -ESPIPE.  /dev/watchdog takes writes, /dev/temperature reads.
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

#define WDT_BASE	0x240
#define WDT_COUNT0	(WDT_BASE + 0)
#define WDT_CR		(WDT_BASE + 3)
#define WDT_DC		(WDT_BASE + 4)
#define WDT_RT		(WDT_BASE + 6)
#define TEMP_MINOR	131

static int wdt_is_open;
static int wdt_expect_close;

static void wdt_ping(void)
{
	outb(0, WDT_DC);
	outb(0x34, WDT_CR);
	outb(0xff, WDT_COUNT0);
	outb(0, WDT_DC + 1);
}

static loff_t wdt_llseek(struct file *file, loff_t offset, int origin)	/* expect: espipe-llseek */
{
	return -ESPIPE;
}

static ssize_t wdt_read(struct file *filp, char __user *buf, size_t count,
			loff_t *off)
{
	unsigned short c = inb(WDT_RT);
	unsigned char cp;

	/*  Can't seek (pread) on this device  */
	if (&filp->f_pos != off)	/* expect: espipe-test */
		return -ESPIPE;

	switch (iminor(filp->f_dentry->d_inode)) {
	case TEMP_MINOR:
		c *= 11;
		c /= 15;
		cp = c + 7;
		if (copy_to_user(buf, &cp, 1))
			return -EFAULT;
		return 1;
	default:
		return -EINVAL;
	}
}

static ssize_t wdt_write(struct file *filp, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	size_t i;

	if (ppos != &filp->f_pos) {	/* expect: espipe-test */
		return -ESPIPE;
	}

	if (count == 0)
		return 0;
	wdt_expect_close = 0;
	for (i = 0; i != count; i++) {
		char c;

		if (get_user(c, buf + i))
			return -EFAULT;
		if (c == 'V')
			wdt_expect_close = 1;
	}
	wdt_ping();
	return count;
}

static int wdt_ioctl(struct inode *inode, struct file *filp,
		     unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case WDIOC_KEEPALIVE:
		wdt_ping();
		return 0;
	default:
		return -ENOTTY;
	}
}

static int wdt_open(struct inode *inode, struct file *filp)	/* expect: nonseekable_open */
{
	switch (iminor(inode)) {
	case WATCHDOG_MINOR:
		if (wdt_is_open)
			return -EBUSY;
		wdt_is_open = 1;
		wdt_ping();
		return 0;
	case TEMP_MINOR:
		return 0;
	default:
		return -ENODEV;
	}
}

static int wdt_release(struct inode *inode, struct file *filp)
{
	if (iminor(inode) == WATCHDOG_MINOR) {
		if (wdt_expect_close)
			outb(0, WDT_DC);
		else
			printk(KERN_CRIT "wdt: device closed unexpectedly, will not disable the watchdog!\n");
		wdt_is_open = 0;
	}
	return 0;
}

static struct file_operations wdt_fops = {	/* expect: pread-hole */
	owner:		THIS_MODULE,
	llseek:		wdt_llseek,
	read:		wdt_read,
	write:		wdt_write,
	ioctl:		wdt_ioctl,
	open:		wdt_open,
	release:	wdt_release,
};

static struct miscdevice wdt_miscdev = {
	minor:		WATCHDOG_MINOR,
	name:		"watchdog",
	fops:		&wdt_fops,
};

static struct miscdevice temp_miscdev = {
	minor:		TEMP_MINOR,
	name:		"temperature",
	fops:		&wdt_fops,
};

static int __init wdt_init(void)
{
	int ret;

	ret = misc_register(&wdt_miscdev);
	if (ret)
		return ret;
	ret = misc_register(&temp_miscdev);
	if (ret)
		misc_deregister(&wdt_miscdev);
	return ret;
}

static void __exit wdt_exit(void)
{
	misc_deregister(&temp_miscdev);
	misc_deregister(&wdt_miscdev);
}

module_init(wdt_init);
module_exit(wdt_exit);
MODULE_LICENSE("GPL");

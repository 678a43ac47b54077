// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware random number generator on a chipset's PCI bridge.  The read
 * method folds its pread refusal into the check for an empty request, and
 * the file_operations have no open method at all.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define RNG_MINOR	183
#define RNG_STATUS	0xcf8
#define RNG_DATA	0xcfc
#define RNG_READY	0x01

static int rng_data_present(void)
{
	return inb(RNG_STATUS) & RNG_READY;
}

static ssize_t rng_dev_read(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	ssize_t ret = 0;
	unsigned char data;

	if (ppos != &file->f_pos || count == 0)	/* expect: espipe-test */
		return -EINVAL;

	while (count) {
		if (!rng_data_present()) {
			if (file->f_flags & O_NONBLOCK)
				return ret ? ret : -EAGAIN;
			if (signal_pending(current))
				return ret ? ret : -ERESTARTSYS;
			schedule_timeout(1);
			continue;
		}
		data = inb(RNG_DATA);
		if (put_user(data, buf++))
			return ret ? ret : -EFAULT;
		count--;
		ret++;
	}
	return ret;
}

static struct file_operations rng_chrdev_ops = {	/* expect: nonseekable_open */
	.owner		= THIS_MODULE,
	.read		= rng_dev_read,
};

static struct miscdevice rng_miscdev = {
	.minor		= RNG_MINOR,
	.name		= "hw_random",
	.fops		= &rng_chrdev_ops,
};

static int __init rng_init(void)
{
	return misc_register(&rng_miscdev);
}

static void __exit rng_cleanup(void)
{
	misc_deregister(&rng_miscdev);
}

module_init(rng_init);
module_exit(rng_cleanup);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Streaming tape drive, read side, in the 2.4 style.  The read method
 * refuses a positioned read inside a braced block that starts with a
 * comment and leaves through the common exit with a parenthesised -ENXIO.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/io.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define QIC_MAJOR	27
#define QIC_DATA	0x300
#define QIC_STATUS	0x301
#define QIC_READY	0x01

static DECLARE_MUTEX(qic_sem);
static int qic_busy;

static ssize_t qic_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	ssize_t ret = 0;
	unsigned char c;

	down(&qic_sem);
	while (count && (inb(QIC_STATUS) & QIC_READY)) {
		c = inb(QIC_DATA);
		if (put_user(c, buf + ret)) {
			ret = -EFAULT;
			goto out;
		}
		ret++;
		count--;
	}
out:
	up(&qic_sem);
	return ret;
}

static int qic_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	down(&qic_sem);
	if (qic_busy) {
		up(&qic_sem);
		return -EBUSY;
	}
	qic_busy = 1;
	up(&qic_sem);
	return nonseekable_open(inode, file);
}

static int qic_release(struct inode *inode, struct file *file)
{
	qic_busy = 0;
	return 0;
}

static struct file_operations qic_fops = {
	.owner		= THIS_MODULE,
	.read		= qic_read,
	.open		= qic_open,
	.release	= qic_release,
};

static int __init qic_init(void)
{
	return register_chrdev(QIC_MAJOR, "qic", &qic_fops);
}

static void __exit qic_exit(void)
{
	unregister_chrdev(QIC_MAJOR, "qic");
}

module_init(qic_init);
module_exit(qic_exit);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A status device that names nonseekable_open itself as its open method,
 * with noop_llseek, which lseek() never reaches on such a file.  Its read
 * hands out the current status whatever the position: .open = stream_open,
 * and on Linux 6.12 no .llseek.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

static char status_text[] = "ready\n";
static struct cdev status_cdev;

static ssize_t status_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	if (count > sizeof(status_text) - 1)
		count = sizeof(status_text) - 1;
	if (copy_to_user(buf, status_text, count))
		return -EFAULT;
	return count;
}

static const struct file_operations status_fops = {	/* expect: stream_open */
	.owner		= THIS_MODULE,
	.llseek		= noop_llseek,
	.read		= status_read,
	.open		= nonseekable_open,
};

static int __init status_init(void)
{
	cdev_init(&status_cdev, &status_fops);
	return cdev_add(&status_cdev, 0, 1);
}

module_init(status_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Firmware event log, a stream read a record at a time.  Already written
 * the 2.6.8 way: the open method calls nonseekable_open() and the methods
 * never look at a position.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/string.h>
#include <asm/uaccess.h>

#define EVTLOG_MINOR	228
#define EVTLOG_RECORD	64

static char evtlog_record[EVTLOG_RECORD];
static int evtlog_have_record;

static int evtlog_open(struct inode *inode, struct file *file)
{
	if ((file->f_flags & O_ACCMODE) != O_RDONLY)
		return -EINVAL;
	return nonseekable_open(inode, file);
}

static ssize_t evtlog_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	if (count < EVTLOG_RECORD)
		return -EINVAL;
	if (!evtlog_have_record)
		return 0;
	if (copy_to_user(buf, evtlog_record, EVTLOG_RECORD))
		return -EFAULT;
	evtlog_have_record = 0;
	memset(evtlog_record, 0, sizeof(evtlog_record));
	return EVTLOG_RECORD;
}

static struct file_operations evtlog_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= evtlog_read,
	.open		= evtlog_open,
};

static struct miscdevice evtlog_dev = {
	.minor		= EVTLOG_MINOR,
	.name		= "evtlog",
	.fops		= &evtlog_fops,
};

static int __init evtlog_init(void)
{
	return misc_register(&evtlog_dev);
}

static void __exit evtlog_exit(void)
{
	misc_deregister(&evtlog_dev);
}

module_init(evtlog_init);
module_exit(evtlog_exit);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 4.19 /proc entry without .llseek next to a device without one.  From
 * 2.6.37 a missing .llseek refuses lseek on the device, which is then a
 * pread hole; the /proc entry still seeks, as proc_reg_llseek() falls back
 * to default_llseek, so it is no hole but a stream that looks seekable.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>

static char stat_byte;

static ssize_t stat_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return put_user(stat_byte, buf) ? -EFAULT : 1;
}

static int stat_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations stat_proc_fops = {	/* expect: seekable-default */ /* warning: pread() and lseek() succeed */
	.owner	= THIS_MODULE,
	.open	= stat_open,
	.read	= stat_read,
};

static const struct file_operations stat_dev_fops = {	/* expect: pread-hole */ /* warning: has no .llseek, which refuses lseek */
	.owner	= THIS_MODULE,
	.read	= stat_read,
};

static struct miscdevice stat_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "procstat",
	.fops	= &stat_dev_fops,
};

static int __init procstat_init(void)
{
	if (!proc_create("procstat", 0444, NULL, &stat_proc_fops))
		return -ENOMEM;
	return misc_register(&stat_misc);
}
module_init(procstat_init);

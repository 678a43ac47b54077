// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 stream device with no .llseek: before 2.6.37 that meant
 * default_llseek, so lseek() succeeds as well as pread() and pwrite().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int beeper_open(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t beeper_write(struct file *file, const char __user *buf, size_t count,
			    loff_t *ppos)
{
	char tone;

	if (count && get_user(tone, buf))
		return -EFAULT;
	return count;
}

static const struct file_operations beeper_fops = {	/* expect: seekable-default */ /* warning: pwrite() and lseek() succeed */
	.owner		= THIS_MODULE,
	.write		= beeper_write,
	.open		= beeper_open,
};

static struct miscdevice beeper_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "beeper",
	.fops	= &beeper_fops,
};

static int __init beeper_init(void)
{
	return misc_register(&beeper_dev);
}
module_init(beeper_init);

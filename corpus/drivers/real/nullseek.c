// SPDX-License-Identifier: GPL-2.0-only
/*
 * From Linux 6.0 to 6.11 <linux/fs.h> defined no_llseek as NULL, so in a
 * configured tree `.llseek = no_llseek` reaches the checker as a null
 * pointer.  It is still the refusal the driver wrote: the fops is judged
 * as pread-hole, as it is without the kernel's headers, not as one with
 * no .llseek at all (seekable-default).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

#define no_llseek NULL

static unsigned char beep_last;

static ssize_t beep_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	if (!count)
		return 0;
	if (put_user(beep_last, buf))
		return -EFAULT;
	return 1;
}

static int beep_open(struct inode *inode, struct file *file)
{
	beep_last = 0;
	return 0;
}

static struct file_operations beep_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= beep_read,
	.open		= beep_open,
};

static struct miscdevice beep_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "beep",
	.fops		= &beep_fops,
};

static int __init beep_init(void)
{
	return misc_register(&beep_dev);
}

module_init(beep_init);

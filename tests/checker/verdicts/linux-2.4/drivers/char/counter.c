// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 counter device that refuses lseek but not pread: read() hands its
 * method &file->f_pos, pread() an offset of its own, which the method
 * ignores while it moves the file's position.  Defects in this kernel.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>

static unsigned long counter_value;

static int counter_open(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t counter_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (count < sizeof(counter_value))
		return -EINVAL;
	if (copy_to_user(buf, &counter_value, sizeof(counter_value)))
		return -EFAULT;
	file->f_pos += sizeof(counter_value);	/* expect: rw-fpos */ /* warning: pread() hands the method its own offset, which the method ignores, and this moves the file's position */
	return sizeof(counter_value);
}

static struct file_operations counter_fops = {	/* expect: pread-hole */ /* warning: does not refuse pread() */
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		counter_read,
	open:		counter_open,
};

int __init counter_init(void)
{
	return register_chrdev(241, "counter", &counter_fops);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.6.32 driver that still moves file->f_pos in its read method: read()
 * hands it a copy of the position and stores the copy back, so the update
 * is lost.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static u32 stamp;

static ssize_t stamp_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (count < sizeof(stamp))
		return -EINVAL;
	if (copy_to_user(buf, &stamp, sizeof(stamp)))
		return -EFAULT;
	file->f_pos += sizeof(stamp);	/* expect: rw-fpos */ /* error: a copy of the position */
	return sizeof(stamp);
}

static const struct file_operations stamp_fops = {
	.owner		= THIS_MODULE,
	.read		= stamp_read,
	.llseek		= default_llseek,
};

static int __init stamp_init(void)
{
	return register_chrdev(242, "stamp", &stamp_fops);
}
module_init(stamp_init);

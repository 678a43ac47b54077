// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 6.12 device in the shape of legousbtower: opened with
 * nonseekable_open(), read and write never name the position, and an
 * llseek of its own that only refuses.  stream_open.cocci leaves a fops
 * with its own llseek alone; the checker names it (a note), as the
 * kernel's own stream_open.cocci does.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int tl_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static ssize_t tl_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return count;
}

static ssize_t tl_write(struct file *file, const char __user *buf, size_t count,
			loff_t *ppos)
{
	return count;
}

static loff_t tl_llseek(struct file *file, loff_t off, int whence)	/* expect: espipe-llseek */ /* warning: the open method already makes lseek() fail */
{
	return -ESPIPE;
}

static const struct file_operations tl_fops = {	/* expect: nonseekable-stream */ /* note: call stream_open() instead */
	.owner		= THIS_MODULE,
	.read		= tl_read,
	.write		= tl_write,
	.open		= tl_open,
	.llseek		= tl_llseek,
};

static struct miscdevice tl_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "towerlike",
	.fops	= &tl_fops,
};

static int __init tl_init(void)
{
	return misc_register(&tl_dev);
}
module_init(tl_init);

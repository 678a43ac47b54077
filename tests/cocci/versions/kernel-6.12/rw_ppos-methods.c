// SPDX-License-Identifier: GPL-2.0-only
/*
 * A read and a write method that keep their position in f_pos.  Whether a
 * write to f_pos is thrown away depends on the kernel: before 2.6.8 read()
 * and write() hand the method &file->f_pos itself.
 */
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

static char rec[64];

static ssize_t rec_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (*ppos >= sizeof(rec))
		return 0;
	if (count > sizeof(rec) - *ppos)
		count = sizeof(rec) - *ppos;
	if (copy_to_user(buf, rec + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static ssize_t rec_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	if (count > sizeof(rec))
		count = sizeof(rec);
	if (copy_from_user(rec, buf, count))
		return -EFAULT;
	*ppos = count;
	return count;
}

static struct file_operations rec_fops = {
	.read =		rec_read,
	.write =	rec_write,
};

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A /proc file in the style of later kernels' sound core: its methods sit
 * in a struct proc_ops, not a file_operations.  The proc_lseek method is an
 * llseek method all the same and owns f_pos; the read method keeps to
 * *ppos.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/proc_fs.h>
#include <asm/uaccess.h>

#define INFO_SIZE	256

static char info_text[INFO_SIZE];

static loff_t info_entry_llseek(struct file *file, loff_t offset, int orig)
{
	switch (orig) {
	case 0:
		break;
	case 1:
		offset += file->f_pos;
		break;
	case 2:
		offset += INFO_SIZE;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0 || offset > INFO_SIZE)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

static ssize_t info_entry_read(struct file *file, char __user *buffer,
			       size_t count, loff_t *ppos)
{
	loff_t pos = *ppos;

	if (pos >= INFO_SIZE)
		return 0;
	if (count > INFO_SIZE - pos)
		count = INFO_SIZE - pos;
	if (copy_to_user(buffer, info_text + pos, count))
		return -EFAULT;
	*ppos = pos + count;
	return count;
}

static const struct proc_ops info_entry_ops = {
	.proc_lseek	= info_entry_llseek,
	.proc_read	= info_entry_read,
};

static int __init info_init(void)
{
	return proc_create("sound-info", 0444, NULL, &info_entry_ops) ? 0 : -ENOMEM;
}

module_init(info_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Battery-backed NVRAM as a seekable memory device, the way drivers should
 * have looked all along: read and write work at *ppos and advance it, and
 * the llseek method is the only code that sets file->f_pos.  Nothing here
 * may be flagged.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

#define NVRAM_SIZE	114
#define NVRAM_MINOR	144

static unsigned char nvram_shadow[NVRAM_SIZE];

extern void nvram_commit(int from, int len);

static loff_t nvram_llseek(struct file *file, loff_t offset, int origin)
{
	switch (origin) {
	case SEEK_CUR:
		offset += file->f_pos;
		break;
	case SEEK_END:
		offset += NVRAM_SIZE;
		break;
	case SEEK_SET:
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0 || offset > NVRAM_SIZE)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

static ssize_t nvram_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	loff_t pos = *ppos;

	if (pos >= NVRAM_SIZE)
		return 0;
	if (count > NVRAM_SIZE - pos)
		count = NVRAM_SIZE - pos;
	if (copy_to_user(buf, nvram_shadow + pos, count))
		return -EFAULT;
	*ppos = pos + count;
	return count;
}

static ssize_t nvram_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	loff_t pos = *ppos;

	if (pos >= NVRAM_SIZE)
		return -ENOSPC;
	if (count > NVRAM_SIZE - pos)
		count = NVRAM_SIZE - pos;
	if (copy_from_user(nvram_shadow + pos, buf, count))
		return -EFAULT;
	nvram_commit(pos, count);
	*ppos += count;
	return count;
}

static int nvram_open(struct inode *inode, struct file *file)
{
	if ((file->f_flags & O_ACCMODE) != O_RDONLY && !nvram_shadow[0])
		return -EBUSY;
	return 0;
}

static struct file_operations nvram_fops = {
	.owner =	THIS_MODULE,
	.llseek =	nvram_llseek,
	.read =		nvram_read,
	.write =	nvram_write,
	.open =		nvram_open,
};

static struct miscdevice nvram_dev = {
	NVRAM_MINOR,
	"nvram",
	&nvram_fops,
};

static int __init nvram_init(void)
{
	return misc_register(&nvram_dev);
}

static void __exit nvram_exit(void)
{
	misc_deregister(&nvram_dev);
}

module_init(nvram_init);
module_exit(nvram_exit);
MODULE_LICENSE("GPL");

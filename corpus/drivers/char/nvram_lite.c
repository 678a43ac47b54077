// SPDX-License-Identifier: GPL-2.0-only
/*
 * CMOS NVRAM as a small seekable file.  Reads and writes work at *ppos
 * and the llseek method moves it, so pread and pwrite are meaningful:
 * nothing here may become non-seekable.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define NVRAM_MINOR		144
#define NVRAM_BYTES		114
#define NVRAM_FIRST_BYTE	14
#define RTC_PORT(x)		(0x70 + (x))

static spinlock_t nvram_lock = SPIN_LOCK_UNLOCKED;

static unsigned char nvram_read_byte(int i)
{
	outb(NVRAM_FIRST_BYTE + i, RTC_PORT(0));
	return inb(RTC_PORT(1));
}

static void nvram_write_byte(unsigned char c, int i)
{
	outb(NVRAM_FIRST_BYTE + i, RTC_PORT(0));
	outb(c, RTC_PORT(1));
}

static loff_t nvram_llseek(struct file *file, loff_t offset, int origin)
{
	switch (origin) {
	case 0:
		break;
	case 1:
		offset += file->f_pos;
		break;
	case 2:
		offset += NVRAM_BYTES;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0 || offset > NVRAM_BYTES)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

static ssize_t nvram_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	unsigned char contents[NVRAM_BYTES];
	unsigned int i;
	loff_t pos = *ppos;

	/* A position past the end is a plain end of file, not an error. */
	if (pos >= NVRAM_BYTES)
		return 0;
	if (count > NVRAM_BYTES - pos)
		count = NVRAM_BYTES - pos;

	spin_lock(&nvram_lock);
	for (i = 0; i < count; i++)
		contents[i] = nvram_read_byte(pos + i);
	spin_unlock(&nvram_lock);

	if (copy_to_user(buf, contents, count))
		return -EFAULT;
	*ppos = pos + count;
	return count;
}

static ssize_t nvram_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	unsigned char contents[NVRAM_BYTES];
	unsigned int i;
	loff_t pos;

	if (*ppos >= NVRAM_BYTES)
		return -ENOSPC;
	pos = *ppos;
	if (count > NVRAM_BYTES - pos)
		count = NVRAM_BYTES - pos;
	if (copy_from_user(contents, buf, count))
		return -EFAULT;

	spin_lock(&nvram_lock);
	for (i = 0; i < count; i++)
		nvram_write_byte(contents[i], pos + i);
	spin_unlock(&nvram_lock);

	*ppos = pos + count;
	return count;
}

static int nvram_open(struct inode *inode, struct file *file)
{
	if ((file->f_flags & O_ACCMODE) != O_RDONLY && !capable(CAP_SYS_ADMIN))
		return -EACCES;
	return 0;
}

static struct file_operations nvram_fops = {
	.owner		= THIS_MODULE,
	.llseek		= nvram_llseek,
	.read		= nvram_read,
	.write		= nvram_write,
	.open		= nvram_open,
};

static struct miscdevice nvram_dev = {
	.minor		= NVRAM_MINOR,
	.name		= "nvram",
	.fops		= &nvram_fops,
};

static int __init nvram_init(void)
{
	return misc_register(&nvram_dev);
}

static void __exit nvram_cleanup(void)
{
	misc_deregister(&nvram_dev);
}

module_init(nvram_init);
module_exit(nvram_cleanup);
MODULE_LICENSE("GPL");

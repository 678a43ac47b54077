// SPDX-License-Identifier: GPL-2.0-only
/*
 * Character-device access to MTD devices, in the style of the 2.2/2.4
 * driver: the file position is the flash offset, and the read and write
 * paths use and advance it directly.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mtd/mtd.h>
#include <asm/uaccess.h>

#define MAX_KMALLOC_SIZE	0x20000

static loff_t mtd_lseek(struct file *file, loff_t offset, int orig)
{
	struct mtd_info *mtd = file->private_data;

	switch (orig) {
	case SEEK_SET:
		file->f_pos = offset;
		break;
	case SEEK_CUR:
		file->f_pos += offset;
		break;
	case SEEK_END:
		file->f_pos = mtd->size + offset;
		break;
	default:
		return -EINVAL;
	}

	if (file->f_pos < 0)
		file->f_pos = 0;
	else if (file->f_pos >= mtd->size)
		file->f_pos = mtd->size - 1;

	return file->f_pos;
}

static int mtd_open(struct inode *inode, struct file *file)
{
	int devnum = iminor(inode) >> 1;
	struct mtd_info *mtd;

	/* The odd minors are the read-only devices. */
	if ((file->f_mode & FMODE_WRITE) && (iminor(inode) & 1))
		return -EACCES;
	mtd = get_mtd_device(NULL, devnum);
	if (!mtd)
		return -ENODEV;
	file->private_data = mtd;
	if (!(mtd->flags & MTD_WRITEABLE) && (file->f_mode & FMODE_WRITE)) {
		put_mtd_device(mtd);
		return -EACCES;
	}
	return 0;
}

static int mtd_close(struct inode *inode, struct file *file)
{
	struct mtd_info *mtd = file->private_data;

	if (mtd->sync)
		mtd->sync(mtd);
	put_mtd_device(mtd);
	return 0;
}

static ssize_t mtd_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct mtd_info *mtd = file->private_data;
	size_t retlen = 0;
	size_t total_retlen = 0;
	size_t len;
	char *kbuf;
	int ret;

	if (file->f_pos + count > mtd->size)	/* expect: rw-fpos */
		count = mtd->size - file->f_pos;	/* expect: rw-fpos */

	while (count) {
		len = min_t(size_t, count, MAX_KMALLOC_SIZE);
		kbuf = kmalloc(len, GFP_KERNEL);
		if (!kbuf)
			return -ENOMEM;
		ret = mtd->read(mtd, file->f_pos, len, &retlen, (u8 *)kbuf);	/* expect: rw-fpos */
		if (ret) {
			kfree(kbuf);
			return ret;
		}
		file->f_pos += retlen;	/* expect: rw-fpos */
		if (copy_to_user(buf, kbuf, retlen)) {
			kfree(kbuf);
			return -EFAULT;
		}
		kfree(kbuf);
		total_retlen += retlen;
		count -= retlen;
		buf += retlen;
		if (retlen == 0)
			break;
	}
	return total_retlen;
}

static ssize_t mtd_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct mtd_info *mtd = file->private_data;
	size_t retlen;
	size_t total_retlen = 0;
	size_t len;
	char *kbuf;
	int ret;

	if (file->f_pos == mtd->size)	/* expect: rw-fpos */
		return -ENOSPC;
	if (file->f_pos + count > mtd->size)	/* expect: rw-fpos */
		count = mtd->size - file->f_pos;	/* expect: rw-fpos */

	while (count) {
		len = min_t(size_t, count, MAX_KMALLOC_SIZE);
		kbuf = kmalloc(len, GFP_KERNEL);
		if (!kbuf)
			return -ENOMEM;
		if (copy_from_user(kbuf, buf, len)) {
			kfree(kbuf);
			return -EFAULT;
		}
		ret = mtd->write(mtd, file->f_pos, len, &retlen, (u8 *)kbuf);	/* expect: rw-fpos */
		kfree(kbuf);
		if (ret)
			return ret;
		file->f_pos += retlen;	/* expect: rw-fpos */
		total_retlen += retlen;
		count -= retlen;
		buf += retlen;
	}
	return total_retlen;
}

/* Positional, as drivers of that age wrote it: the members in fs.h order. */
static struct file_operations mtd_fops = {
	THIS_MODULE,	/* owner */
	mtd_lseek,	/* llseek */
	mtd_read,	/* read */
	NULL,		/* aio_read */
	mtd_write,	/* write */
	NULL,		/* aio_write */
	NULL,		/* readdir */
	NULL,		/* poll */
	NULL,		/* ioctl */
	NULL,		/* mmap */
	mtd_open,	/* open */
	NULL,		/* flush */
	mtd_close,	/* release */
};

static int __init init_mtdchar(void)
{
	return register_chrdev(MTD_CHAR_MAJOR, "mtd", &mtd_fops);
}

static void __exit cleanup_mtdchar(void)
{
	unregister_chrdev(MTD_CHAR_MAJOR, "mtd");
}

module_init(init_mtdchar);
module_exit(cleanup_mtdchar);
MODULE_LICENSE("GPL");

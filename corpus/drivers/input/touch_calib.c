// SPDX-License-Identifier: GPL-2.0-only
/*
 * Touchscreen calibration table.  Its read method compares the position
 * pointer and the position for reasons of its own: with the address of the
 * device's resume point (a loff_t the driver keeps, which happens to be
 * called f_pos, in a struct that is not a struct file) and with the table
 * size.  None of it is a pread refusal or an f_pos access.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define CALIB_MAJOR	13
#define CALIB_POINTS	5

struct calib_point {
	int x, y;
};

struct touch_dev {
	struct calib_point points[CALIB_POINTS];
	loff_t f_pos;		/* where an interrupted dump resumes */
	int dumping;
};

static struct touch_dev touch;

#define CALIB_BYTES	(CALIB_POINTS * sizeof(struct calib_point))

static ssize_t calib_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	struct touch_dev *dev = file->private_data;

	/* A read of the dump's own cursor continues the dump. */
	if (ppos == &dev->f_pos && !dev->dumping)
		return 0;
	if (ppos == NULL || *ppos >= CALIB_BYTES)
		return 0;
	if (*ppos + count > CALIB_BYTES)
		count = CALIB_BYTES - *ppos;
	if (copy_to_user(buf, (char *)dev->points + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

/* The interrupt path dumps through the read method with its own cursor. */
static void calib_resume_dump(char __user *buf)
{
	touch.dumping = 1;
	calib_read(NULL, buf, CALIB_BYTES, &touch.f_pos);
	touch.dumping = 0;
}

static ssize_t calib_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	struct touch_dev *dev = file->private_data;

	if (*ppos != 0 || count != CALIB_BYTES)
		return -EINVAL;
	if (copy_from_user(dev->points, buf, count))
		return -EFAULT;
	*ppos = count;
	return count;
}

static int calib_open(struct inode *inode, struct file *file)
{
	file->private_data = &touch;
	return 0;
}

static struct file_operations calib_fops = {
	.owner =	THIS_MODULE,
	.llseek =	generic_file_llseek,
	.read =		calib_read,
	.write =	calib_write,
	.open =		calib_open,
};

static int __init calib_init(void)
{
	return register_chrdev(CALIB_MAJOR, "touch_calib", &calib_fops);
}

module_init(calib_init);
MODULE_LICENSE("GPL");

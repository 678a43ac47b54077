// SPDX-License-Identifier: GPL-2.0-only
/*
 * An out-of-tree GPIB driver from the 2.4 days, with designated and
 * positional file_operations initializers.  Its read, write and aio_read
 * methods keep the bus address in file->f_pos.  gpib_raw_read is the read
 * method of a file_operations in another file: nothing here names it, so
 * its role comes from its signature.  gpib_fill looks like a read method
 * but is only a routine the others call.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define GPIB_MAJOR	160
#define GPIB_ADDRS	31

static unsigned char gpib_data[GPIB_ADDRS];

extern int gpib_bus_read(int addr, unsigned char *byte);
extern int gpib_bus_write(int addr, unsigned char byte);

/* Called with the caller's file; a routine, not a method. */
static ssize_t gpib_fill(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	if (file->f_pos >= GPIB_ADDRS)	/* expect: fpos-other */
		return 0;
	if (gpib_bus_read(file->f_pos, &gpib_data[file->f_pos]) < 0)	/* expect: fpos-other, fpos-other */
		return -EIO;
	return put_user(gpib_data[*ppos], buf) ? -EFAULT : 1;
}

static ssize_t gpib_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	ssize_t ret;

	if (!count)
		return 0;
	ret = gpib_fill(file, buf, count, ppos);
	if (ret > 0)
		(*ppos)++;	/* expect: rw-fpos */
	return ret;
}

static ssize_t gpib_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	unsigned char byte;

	if (*ppos >= GPIB_ADDRS)	/* expect: rw-fpos */
		return -ENOSPC;
	if (get_user(byte, buf))
		return -EFAULT;
	if (gpib_bus_write(*ppos, byte) < 0)	/* expect: rw-fpos */
		return -EIO;
	*ppos = *ppos + 1;	/* expect: rw-fpos, rw-fpos */
	return 1;
}

static ssize_t gpib_aio_read(struct kiocb *iocb, char __user *buf,
			     size_t count, loff_t pos)
{
	return gpib_fill(iocb->ki_filp, buf, count, &iocb->ki_pos);	/* expect: fpos-address */
}

static struct file_operations gpib_fops = {
	.owner =	THIS_MODULE,
	.read =		gpib_read,
	.aio_read =	gpib_aio_read,
	.write =	gpib_write,
};

ssize_t gpib_raw_read(struct file *file, char __user *buf, size_t count,
		      loff_t *ppos);

ssize_t gpib_raw_read(struct file *file, char __user *buf, size_t count,
		      loff_t *ppos)
{
	unsigned char byte;

	if (gpib_bus_read(*ppos % GPIB_ADDRS, &byte) < 0)	/* expect: rw-fpos */
		return -EIO;
	if (put_user(byte, buf))
		return -EFAULT;
	*ppos += 1;	/* expect: rw-fpos */
	return 1;
}

/* The listen-only node: reads only, named by place. */
static ssize_t gpib_listen_read(struct file *file, char __user *buf,
				size_t count, loff_t *ppos)
{
	unsigned char byte;

	if (gpib_bus_read(0, &byte) < 0)
		return -EIO;
	if (put_user(byte, buf))
		return -EFAULT;
	(*ppos)++;	/* expect: rw-fpos */
	return 1;
}

static struct file_operations gpib_listen_fops = {
	THIS_MODULE,
	generic_file_llseek,
	gpib_listen_read,
};

static int __init gpib_init(void)
{
	int err = register_chrdev(GPIB_MAJOR, "gpib", &gpib_fops);

	if (!err)
		err = register_chrdev(GPIB_MAJOR + 1, "gpib-listen", &gpib_listen_fops);
	return err;
}

module_init(gpib_init);
MODULE_LICENSE("GPL");

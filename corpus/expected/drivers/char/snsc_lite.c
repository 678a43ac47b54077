// SPDX-License-Identifier: GPL-2.0-only
/*
 * System controller console.  Its open method was converted to
 * nonseekable_open() when the rest of the driver was not: the write
 * method still refuses pwrite itself, with -ENXIO.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/compiler.h>
#include <linux/slab.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define SCDRV_MAJOR	240
#define SCDRV_BUFSZ	2048

struct subch_data {
	struct semaphore sd_wbs;
	char sd_wb[SCDRV_BUFSZ];
};

extern int scdrv_send(struct subch_data *sd, const char *buf, size_t len);

static int scdrv_open(struct inode *inode, struct file *file)
{
	struct subch_data *sd;

	sd = kmalloc(sizeof(*sd), GFP_KERNEL);
	if (!sd)
		return -ENOMEM;
	sema_init(&sd->sd_wbs, 1);
	file->private_data = sd;
	return nonseekable_open(inode, file);
}

static int scdrv_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t scdrv_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *f_pos)
{
	struct subch_data *sd = file->private_data;
	int status;

	if (count > SCDRV_BUFSZ)
		count = SCDRV_BUFSZ;
	if (down_interruptible(&sd->sd_wbs))
		return -ERESTARTSYS;
	if (copy_from_user(sd->sd_wb, buf, count)) {
		up(&sd->sd_wbs);
		return -EFAULT;
	}
	status = scdrv_send(sd, sd->sd_wb, count);
	up(&sd->sd_wbs);
	return status < 0 ? status : (ssize_t)count;
}

static struct file_operations scdrv_fops = {
	.owner		= THIS_MODULE,
	.write		= scdrv_write,
	.open		= scdrv_open,
	.release	= scdrv_release,
};

static int __init scdrv_init(void)
{
	return register_chrdev(SCDRV_MAJOR, "snsc", &scdrv_fops);
}

static void __exit scdrv_exit(void)
{
	unregister_chrdev(SCDRV_MAJOR, "snsc");
}

module_init(scdrv_init);
module_exit(scdrv_exit);
MODULE_LICENSE("GPL");

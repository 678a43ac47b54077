// SPDX-License-Identifier: GPL-2.0-only
/*
 * USB scanner.  Image data streams from the bulk-in endpoint, so the
 * driver set .llseek = no_llseek, but its open method never calls
 * nonseekable_open() (and the status node has no open method at all):
 * lseek fails while pread and pwrite still succeed, ignoring the offset.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/uaccess.h>

#define SCANNER_MAJOR	180
#define SCANNER_BUF	4096

struct scanner {
	unsigned char buf[SCANNER_BUF];
	int present;
	int status;
};

static struct scanner scanners[16];

extern int usb_bulk_in(struct scanner *scn, unsigned char *buf, size_t len);
extern int usb_bulk_out(struct scanner *scn, const unsigned char *buf, size_t len);

static ssize_t scanner_read(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	struct scanner *scn = file->private_data;
	int got;

	if (count > SCANNER_BUF)
		count = SCANNER_BUF;
	got = usb_bulk_in(scn, scn->buf, count);
	if (got < 0)
		return got;
	if (copy_to_user(buf, scn->buf, got))
		return -EFAULT;
	return got;
}

static ssize_t scanner_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct scanner *scn = file->private_data;
	int sent;

	if (count > SCANNER_BUF)
		count = SCANNER_BUF;
	if (copy_from_user(scn->buf, buf, count))
		return -EFAULT;
	sent = usb_bulk_out(scn, scn->buf, count);
	return sent < 0 ? sent : (ssize_t)count;
}

static int scanner_open(struct inode *inode, struct file *file)
{
	unsigned int minor = iminor(inode);

	if (minor >= ARRAY_SIZE(scanners) || !scanners[minor].present)
		return -ENODEV;
	file->private_data = &scanners[minor];
	return 0;
}

static struct file_operations scanner_fops = {	/* expect: pread-hole */
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		scanner_read,
	.write =	scanner_write,
	.open =		scanner_open,
};

static ssize_t scanner_status_read(struct file *file, char __user *buf,
				   size_t count, loff_t *ppos)
{
	char status = scanners[0].status ? '1' : '0';

	if (!count)
		return 0;
	if (put_user(status, buf))
		return -EFAULT;
	return 1;
}

static struct file_operations scanner_status_fops = {	/* expect: pread-hole */
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		scanner_status_read,
};

static int __init scanner_init(void)
{
	int err = register_chrdev(SCANNER_MAJOR, "usbscanner", &scanner_fops);

	if (!err)
		err = register_chrdev(SCANNER_MAJOR + 1, "usbscanner-status",
				      &scanner_status_fops);
	return err;
}

module_init(scanner_init);
MODULE_LICENSE("GPL");

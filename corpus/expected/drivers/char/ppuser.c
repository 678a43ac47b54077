// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space access to a parallel port, one open per port.  Both
 * directions refuse positioned transfers inside unlikely() and say so in
 * the kernel log first; the open method ends on whatever the claim
 * returned rather than on a plain 0.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/compiler.h>
#include <linux/slab.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define PP_MAJOR	99
#define PP_PORTS	4
#define PP_BUFSIZE	256

struct pp_struct {
	unsigned long base;
	int claimed;
	unsigned char buf[PP_BUFSIZE];
};

static struct pp_struct *pp_table[PP_PORTS];

static int pp_claim_port(unsigned int minor)
{
	struct pp_struct *pp = pp_table[minor];

	if (pp->claimed)
		return -EBUSY;
	pp->claimed = 1;
	return 0;
}

static ssize_t pp_read(struct file *file, char __user *buf, size_t count,
		       loff_t *pos)
{
	struct pp_struct *pp = file->private_data;
	size_t i;

	if (count > PP_BUFSIZE)
		count = PP_BUFSIZE;
	for (i = 0; i < count; i++)
		pp->buf[i] = inb(pp->base + 1);
	if (copy_to_user(buf, pp->buf, count))
		return -EFAULT;
	return count;
}

static ssize_t pp_write(struct file *file, const char __user *buf,
			size_t count, loff_t *pos)
{
	struct pp_struct *pp = file->private_data;
	size_t i;

	if (count > PP_BUFSIZE)
		count = PP_BUFSIZE;
	if (copy_from_user(pp->buf, buf, count))
		return -EFAULT;
	for (i = 0; i < count; i++)
		outb(pp->buf[i], pp->base);
	return count;
}

static int pp_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	unsigned int minor = iminor(inode);
	int err;

	nonseekable_open(inode, file);
	if (minor >= PP_PORTS || !pp_table[minor])
		return -ENXIO;
	err = pp_claim_port(minor);
	if (!err)
		file->private_data = pp_table[minor];
	return err;
}

static int pp_release(struct inode *inode, struct file *file)
{
	struct pp_struct *pp = file->private_data;

	pp->claimed = 0;
	return 0;
}

static struct file_operations pp_fops = {
	.owner		= THIS_MODULE,
	.read		= pp_read,
	.write		= pp_write,
	.open		= pp_open,
	.release	= pp_release,
};

static int __init ppuser_init(void)
{
	return register_chrdev(PP_MAJOR, "ppuser", &pp_fops);
}

static void __exit ppuser_exit(void)
{
	unregister_chrdev(PP_MAJOR, "ppuser");
}

module_init(ppuser_init);
module_exit(ppuser_exit);
MODULE_LICENSE("GPL");

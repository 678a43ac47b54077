// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PCI audio card's /dev/dsp, in the style of 2.4's OSS drivers: the
 * file_operations names its methods by address (read: &pa_read), and the
 * refusal of pread/pwrite comes after other early returns (no state yet:
 * -ENODEV) or before them (a mapped buffer: -ENXIO).  The refusal reads
 * nothing those returns set, so it goes wherever it stands and the open
 * method calls nonseekable_open(), as 2.6.8 did to such drivers.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/uaccess.h>

#define PA_BUFSIZE	4096

struct pa_state {
	int mapped;
	int users;
	unsigned char buf[PA_BUFSIZE];
};

static struct pa_state *pa_card;

static ssize_t pa_read(struct file *file, char __user *buffer, size_t count,
		       loff_t *ppos)
{
	struct pa_state *s = file->private_data;

	if (!s)
		return -ENODEV;
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	if (s->mapped)
		return -ENXIO;
	if (count > PA_BUFSIZE)
		count = PA_BUFSIZE;
	if (copy_to_user(buffer, s->buf, count))
		return -EFAULT;
	return count;
}

static ssize_t pa_write(struct file *file, const char __user *buffer,
			size_t count, loff_t *ppos)
{
	struct pa_state *s = file->private_data;

	if (!s)
		return -ENODEV;
	if (s->mapped)
		return -ENXIO;
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	if (count > PA_BUFSIZE)
		count = PA_BUFSIZE;
	if (copy_from_user(s->buf, buffer, count))
		return -EFAULT;
	return count;
}

static int pa_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	if (!pa_card)
		return -ENODEV;
	pa_card->users++;
	file->private_data = pa_card;
	return 0;
}

static int pa_release(struct inode *inode, struct file *file)
{
	pa_card->users--;
	return 0;
}

static struct file_operations pa_fops = {
	owner:		THIS_MODULE,
	read:		&pa_read,
	write:		&pa_write,
	open:		&pa_open,
	release:	&pa_release,
};

static int __init pa_init(void)
{
	return register_chrdev(14, "pa", &pa_fops);
}

module_init(pa_init);
MODULE_LICENSE("GPL");

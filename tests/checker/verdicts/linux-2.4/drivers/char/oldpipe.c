// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 stream device done right for its kernel: every data method refuses
 * pread/pwrite itself and llseek refuses seeks.  What 2.6.8 changes here
 * is a conversion item (a note), and the fops is no pread hole.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>

static int op_open(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t op_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* expect: espipe-test */ /* note: 2.6.8 conversion */
		return -ESPIPE;
	file->f_pos += count;		/* expect: rw-fpos */ /* note: 2.6.8 conversion */
	return count;
}

static ssize_t op_write(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* expect: espipe-test */ /* note: from Linux 2.6.8 */
		return -ESPIPE;
	return count;
}

static loff_t op_llseek(struct file *file, loff_t offset, int origin)	/* expect: espipe-llseek */
{
	return -ESPIPE;
}

static struct file_operations op_fops = {
	owner:		THIS_MODULE,
	llseek:		op_llseek,
	read:		op_read,
	write:		op_write,
	open:		op_open,
};

int __init op_init(void)
{
	return register_chrdev(240, "oldpipe", &op_fops);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A serial line driver in the style of later kernels' tty core.  The line
 * is opened through line_open(), which calls nonseekable_open().  When the
 * carrier drops, the open file is given line_dead_fops, whose methods
 * answer every read with end of file and every write with -EIO.
 *
 * line_dead_fops refuses lseek with no_llseek and has no open method, yet
 * it leaves no pread hole: it only ever reaches files that line_open()
 * already made non-seekable.  The checker sees only the assignment to
 * f_op, so it is a note (seek-debatable), not pread-hole.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define LINE_MAJOR	241

static char line_fifo[64];
static unsigned int line_fill;

static int line_open(struct inode *inode, struct file *file)
{
	line_fill = 0;
	return nonseekable_open(inode, file);
}

static ssize_t line_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	if (count > line_fill)
		count = line_fill;
	if (copy_to_user(buf, line_fifo, count))
		return -EFAULT;
	line_fill -= count;
	return count;
}

static ssize_t line_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	if (count > sizeof(line_fifo))
		count = sizeof(line_fifo);
	if (copy_from_user(line_fifo, buf, count))
		return -EFAULT;
	return count;
}

static struct file_operations line_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.open		= line_open,
	.read		= line_read,
	.write		= line_write,
};

static ssize_t line_dead_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	return 0;
}

static ssize_t line_dead_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	return -EIO;
}

static struct file_operations line_dead_fops = {	/* expect: seek-debatable */
	.llseek		= no_llseek,
	.read		= line_dead_read,
	.write		= line_dead_write,
};

void line_hangup(struct file *file);

void line_hangup(struct file *file)
{
	if (file->f_op == &line_dead_fops)
		return;
	file->f_op = &line_dead_fops;
}

static int __init line_init(void)
{
	return register_chrdev(LINE_MAJOR, "line", &line_fops);
}

module_init(line_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A mailbox driver in the style of later kernels, whose file_operations
 * have no .llseek and whose methods never use the position.  Without
 * nonseekable_open() in their open methods, pread() and pwrite() succeed on
 * all of them and ignore the offset.
 *
 * On the mailbox device that misleads a program that reads messages at an
 * offset (seekable-default).  On the debugfs control files - a reset
 * trigger made with debugfs_create_file(), the knobs listed in a table of
 * named files - an ignored offset does no harm (seek-debatable), and so on
 * the statistics file another source of the driver makes, which has no
 * open method and is not registered here.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/debugfs.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

struct mbx {
	char msg[64];
	size_t len;
	int quiet, burst;
	unsigned int sent;
};

static struct mbx mbx_one;

static int mbx_open(struct inode *inode, struct file *file)
{
	file->private_data = &mbx_one;
	return 0;
}

static ssize_t mbx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct mbx *m = file->private_data;

	if (count > m->len)
		count = m->len;
	if (copy_to_user(buf, m->msg, count))
		return -EFAULT;
	m->len = 0;
	return count;
}

static ssize_t mbx_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct mbx *m = file->private_data;

	if (count > sizeof(m->msg))
		return -EINVAL;
	if (copy_from_user(m->msg, buf, count))
		return -EFAULT;
	m->len = count;
	m->sent++;
	return count;
}

static struct file_operations mbx_fops = {	/* expect: seekable-default */
	.owner		= THIS_MODULE,
	.open		= mbx_open,
	.read		= mbx_read,
	.write		= mbx_write,
};

static struct miscdevice mbx_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "mbx",
	.fops		= &mbx_fops,
};

static ssize_t mbx_reset_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct mbx *m = file->private_data;

	m->len = 0;
	m->sent = 0;
	return count;
}

static struct file_operations mbx_reset_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= mbx_reset_write,
};

static ssize_t mbx_knob_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	int *knob = file->private_data;
	char c;

	if (!count || get_user(c, buf))
		return -EINVAL;
	*knob = c == '1';
	return count;
}

static struct file_operations mbx_knob_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= mbx_knob_write,
};

static ssize_t mbx_stats_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	unsigned int sent = mbx_one.sent;

	if (count < sizeof(sent))
		return -EINVAL;
	if (copy_to_user(buf, &sent, sizeof(sent)))
		return -EFAULT;
	return sizeof(sent);
}

/* The driver's statistics source makes its file from this one. */
extern struct file_operations mbx_stats_fops;

struct file_operations mbx_stats_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.read		= mbx_stats_read,
};

static const struct {
	const char *name;
	struct file_operations *fops;
	int mode;
	int *knob;
} mbx_knobs[] = {
	{ "quiet", &mbx_knob_fops, 0200, &mbx_one.quiet },
	{ "burst", &mbx_knob_fops, 0200, &mbx_one.burst },
};

static int __init mbx_init(void)
{
	struct dentry *dir = debugfs_create_dir("mbx", NULL);
	unsigned int i;

	debugfs_create_file("reset", 0200, dir, &mbx_one, &mbx_reset_fops);
	for (i = 0; i < sizeof(mbx_knobs) / sizeof(mbx_knobs[0]); i++)
		debugfs_create_file(mbx_knobs[i].name, mbx_knobs[i].mode, dir,
				    mbx_knobs[i].knob, mbx_knobs[i].fops);
	return misc_register(&mbx_dev);
}

module_init(mbx_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Devices one of whose methods moves no data: a read that always fails,
 * a read that is a stub returning end of file.  pread() reaches nothing
 * there; pwrite() alone acts, at an offset the write method ignores, and
 * the message names it alone.  And a fops whose open always fails, as
 * sockets' sock_no_open() does: no open ever makes a file of it, and its
 * files are made without FMODE_PREAD, so it leaves no pread hole.
 *
 * Without .llseek the same holds for seekable-default: with a write that
 * always fails, pread() and lseek() succeed, not pwrite(); a fops whose
 * methods all fail (mwave's) moves nothing, whatever lseek() says.
 */
#include <linux/fs.h>

static char cmd_buf[64];

static int cmd_open(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t cmd_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	if (count > sizeof(cmd_buf))
		count = sizeof(cmd_buf);
	if (copy_from_user(cmd_buf, buf, count))
		return -EFAULT;
	return count;
}

static ssize_t cmd_read_fails(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	return -EINVAL;
}

static struct file_operations cmd_fops = {	/* expect: pread-hole */	/* warning: pwrite() still succeeds at an offset its write method 'cmd_write' ignores */
	.llseek		= no_llseek,
	.open		= cmd_open,
	.read		= cmd_read_fails,
	.write		= cmd_write,
};

static ssize_t cmd_read_stub(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	return 0;
}

static struct file_operations cmd_stub_fops = {	/* expect: pread-hole */	/* warning: but its open method 'cmd_open' never calls nonseekable_open(): pwrite() still succeeds */
	.llseek		= no_llseek,
	.open		= cmd_open,
	.read		= cmd_read_stub,
	.write		= cmd_write,
};

static int cmd_no_open(struct inode *inode, struct file *file)
{
	return -ENXIO;
}

static ssize_t cmd_read(struct file *file, char __user *buf,
			size_t count, loff_t *ppos)
{
	if (count > sizeof(cmd_buf))
		count = sizeof(cmd_buf);
	if (copy_to_user(buf, cmd_buf, count))
		return -EFAULT;
	return count;
}

static struct file_operations cmd_made_fops = {
	.llseek		= no_llseek,
	.open		= cmd_no_open,
	.read		= cmd_read,
	.write		= cmd_write,
};

static ssize_t cmd_write_fails(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	return -EINVAL;
}

static struct file_operations cmd_ro_fops = {	/* expect: seekable-default */	/* warning: its read method 'cmd_read' never uses the file position: with no nonseekable_open() in its open method, pread() and lseek() succeed */
	.open		= cmd_open,
	.read		= cmd_read,
	.write		= cmd_write_fails,
};

static struct file_operations cmd_dead_fops = {
	.open		= cmd_open,
	.read		= cmd_read_fails,
	.write		= cmd_write_fails,
};

int cmd_init(void)
{
	register_chrdev(243, "cmdro", &cmd_ro_fops);
	register_chrdev(244, "cmddead", &cmd_dead_fops);
	register_chrdev(240, "cmd", &cmd_fops);
	register_chrdev(241, "cmdstub", &cmd_stub_fops);
	return register_chrdev(242, "cmdmade", &cmd_made_fops);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4-era character driver with GNU-style file_operations initializers.
 */
#include <linux/fs.h>
#include <linux/errno.h>

struct tty_buf {
	char data[256];
	int len;
};

static struct tty_buf tbuf;

static loff_t oldtty_llseek(struct file *file, loff_t offset, int origin)	/* expect: espipe-llseek */
{
	return -ESPIPE;
}

static ssize_t oldtty_read(struct file *file, char *buf, size_t count,
			   loff_t *ppos)
{
	if (unlikely(ppos != &file->f_pos))	/* expect: espipe-test */
		return -ESPIPE;
	if (count > (size_t)tbuf.len)
		count = tbuf.len;
	if (copy_to_user(buf, tbuf.data, count))
		return -EFAULT;
	file->f_pos += count;	/* expect: rw-fpos */
	return count;
}

static ssize_t oldtty_write(struct file *file, const char *buf, size_t count,
			    loff_t *ppos)
{
	ssize_t ret;

	if (&file->f_pos != ppos) {	/* expect: espipe-test */
		ret = -EPIPE;	/* expect: epipe-typo */
		goto out;
	}
	ret = count;
	tbuf.len = count;
out:
	return ret;
}

static struct file_operations oldtty_fops = {	/* expect: pread-hole */
	owner:		0,
	llseek:		oldtty_llseek,
	read:		oldtty_read,
	write:		oldtty_write,
};

/* Positional after a GNU designator continues with the next member. */
static ssize_t oldtty_aux_read(struct file *file, char *buf, size_t count,
			       loff_t *ppos)
{
	return file->f_pos;	/* expect: rw-fpos */
}

static struct file_operations oldtty_aux_fops = {
	llseek:		generic_file_llseek,
	oldtty_aux_read,
};

int oldtty_register(void);

int oldtty_register(void)
{
	return register_chrdev(4, "oldtty", &oldtty_fops) ||
	       register_chrdev(5, "oldtty_aux", &oldtty_aux_fops);
}

/* The error code is set before the test, which only jumps. */
static ssize_t oldtty_ctl_write(struct file *file, const char *buf,
				size_t count, loff_t *ppos)
{
	ssize_t ret;

	ret = -EPIPE;	/* expect: epipe-typo */
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		goto out;
	ret = -ENOSPC;
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	ret = count;
out:
	return ret;
}

static struct file_operations oldtty_ctl_fops = {
	write:		oldtty_ctl_write,
	open:		nonseekable_open,
};

int oldtty_register_ctl(void);

int oldtty_register_ctl(void)
{
	return register_chrdev(6, "oldtty_ctl", &oldtty_ctl_fops);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Later-kernel spellings: const file_operations, methods given their roles
 * by assignments at run time, and struct ctl_table without the typedef.
 */
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/errno.h>

static int probe_value;

static ssize_t probe_read(struct file *file, char *buf, size_t count,
			  loff_t *ppos)
{
	if (file->f_pos)	/* expect: rw-fpos */
		return 0;
	*ppos = 1;
	return 1;
}

static ssize_t probe_stream_read(struct file *file, char *buf, size_t count,
				 loff_t *ppos)
{
	if (!count)
		return 0;
	return put_user(probe_value, buf) ? -EFAULT : 1;
}

static const struct file_operations probe_fops = {	/* expect: seekable-default */
	.read = probe_stream_read,
};

static struct file_operations probe_dyn_fops;

static int probe_handler(struct ctl_table *table, int write, struct file *filp,
			 void *buffer, size_t *lenp)
{
	if (filp->f_pos && !write) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	return 0;
}

static struct ctl_table probe_table[] = {
	{ .procname = "probe", .data = &probe_value, .maxlen = sizeof(int),
	  .mode = 0644, .proc_handler = probe_handler },
	{ }
};

static ssize_t probe_iter_read(struct kiocb *iocb, struct iov_iter *to)
{
	return iocb->ki_filp->f_pos ? 0 : 1;	/* expect: rw-fpos */
}

static ssize_t probe_old_read(struct file *file, char *buf, size_t count,
			      loff_t *ppos)
{
	return file->f_pos;	/* expect: rw-fpos */
}

int probe_setup(struct file_operations *fops);

int probe_setup(struct file_operations *fops)
{
	probe_dyn_fops.read = probe_read;
	fops->read_iter = probe_iter_read;
	fops->read = &probe_old_read;
	if (register_chrdev(240, "probe", &probe_fops))
		return 1;
	return probe_table[0].mode + probe_fops.read == 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event queues of a verbs-style subsystem, written in the style of later
 * kernels.  The subsystem's core, in another source file, makes each queue
 * an anonymous file from a table of fd types: such a file is never opened
 * through an open method and never gets FMODE_PREAD, so pread() already
 * fails there.  This file cannot show it: its queue fops have no open
 * method and are never registered here, only exported or handed to the
 * core's table macro (seek-debatable, not pread-hole).
 *
 * The control node has no open method either, but it is a misc device,
 * registered here through a positional initializer: opened through its
 * device file, it keeps FMODE_PREAD and its stream read answers pread().
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

struct evq_fd_type {
	struct file_operations *queue_fops;
	const char *label;
};

/* The core's table entry for one kind of queue file. */
#define EVQ_FD_TYPE(fops, name)	{ .queue_fops = (fops), .label = (name) }

struct evq {
	unsigned int head, tail;
	unsigned int ring[8];
};

static ssize_t evq_read(struct file *file, char __user *buf, size_t count,
			loff_t *pos)
{
	struct evq *q = file->private_data;
	unsigned int ev;

	if (count < sizeof(ev))
		return -EINVAL;
	if (q->head == q->tail)
		return -EAGAIN;
	ev = q->ring[q->tail++ % 8];
	if (copy_to_user(buf, &ev, sizeof(ev)))
		return -EFAULT;
	return sizeof(ev);
}

static int evq_release(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return 0;
}

/* Exported to the core, which makes the completion queue files. */
extern struct file_operations evq_comp_fops;
extern struct evq_fd_type evq_async_type;

struct file_operations evq_comp_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.read		= evq_read,
	.release	= evq_release,
	.llseek		= no_llseek,
};

static struct file_operations evq_async_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.read		= evq_read,
	.release	= evq_release,
	.llseek		= no_llseek,
};

struct evq_fd_type evq_async_type = EVQ_FD_TYPE(&evq_async_fops, "[evq_async]");

static ssize_t evq_ctl_read(struct file *file, char __user *buf, size_t count,
			    loff_t *pos)
{
	unsigned int abi = 6;

	if (count < sizeof(abi))
		return -EINVAL;
	if (copy_to_user(buf, &abi, sizeof(abi)))
		return -EFAULT;
	return sizeof(abi);
}

static struct file_operations evq_ctl_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.read		= evq_ctl_read,
	.llseek		= no_llseek,
};

static struct miscdevice evq_ctl_dev = {
	MISC_DYNAMIC_MINOR,
	"evq_ctl",
	&evq_ctl_fops
};

static int __init evq_init(void)
{
	return misc_register(&evq_ctl_dev);
}

module_init(evq_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A USB function relay with a control file and an endpoint file, each
 * method handing its work to a helper of this file.  The control file's
 * write hands its position to relay_stage(), which hands it to
 * relay_queue(), which never looks at it; the endpoint file's read_iter
 * and write_iter hand their kiocb to relay_xfer(), which only asks whether
 * the call waits.  Neither file has a position, yet without .llseek and
 * without stream_open() both still take pread() and pwrite().
 *
 * The status file's read hands its position to a helper that reads the
 * buffer at it, and the log file's to a function of another file: neither
 * is a stream as far as this file tells.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <linux/cdev.h>
#include <asm/uaccess.h>

#define RELAY_REQ	64
#define RELAY_PKT	512

struct relay {
	char req[RELAY_REQ];
	size_t req_len;
	char pkt[RELAY_PKT];
	size_t pkt_len;
	char status[32];
	int stalled;
};

static struct relay the_relay;
static struct cdev relay_ctl_cdev, relay_ep_cdev, relay_status_cdev, relay_log_cdev;

extern ssize_t relay_log_fetch(char __user *buf, size_t len, loff_t *off);

static ssize_t relay_queue(struct relay *r, const char __user *buf, size_t len, loff_t *off)
{
	if (len > RELAY_REQ)
		len = RELAY_REQ;
	if (copy_from_user(r->req, buf, len))
		return -EFAULT;
	r->req_len = len;
	return len;
}

static ssize_t relay_stage(struct relay *r, const char __user *buf, size_t len, loff_t *off)
{
	if (r->stalled)
		return -EPIPE;
	return relay_queue(r, buf, len, off);
}

static ssize_t relay_ctl_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	struct relay *r = file->private_data;

	if (len > r->req_len)
		len = r->req_len;
	if (copy_to_user(buf, r->req, len))
		return -EFAULT;
	return len;
}

static ssize_t relay_ctl_write(struct file *file, const char __user *buf, size_t len,
			       loff_t *off)
{
	return relay_stage(file->private_data, buf, len, off);
}

static int relay_ctl_open(struct inode *inode, struct file *file)
{
	file->private_data = &the_relay;
	return 0;
}

static const struct file_operations relay_ctl_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.open		= relay_ctl_open,
	.read		= relay_ctl_read,
	.write		= relay_ctl_write,
};

/* One transfer, in or out; a call that does not wait is refused. */
static ssize_t relay_xfer(struct kiocb *iocb, struct relay *r, size_t len)
{
	if (!is_sync_kiocb(iocb))
		return -EINVAL;
	if (len > RELAY_PKT)
		len = RELAY_PKT;
	return len;
}

static ssize_t relay_ep_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct relay *r = iocb->ki_filp->private_data;
	ssize_t n = relay_xfer(iocb, r, min(iov_iter_count(to), r->pkt_len));

	if (n > 0)
		n = copy_to_iter(r->pkt, n, to);
	return n;
}

static ssize_t relay_ep_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct relay *r = iocb->ki_filp->private_data;
	ssize_t n = relay_xfer(iocb, r, iov_iter_count(from));

	if (n > 0)
		n = copy_from_iter(r->pkt, n, from);
	if (n > 0)
		r->pkt_len = n;
	return n;
}

static int relay_ep_open(struct inode *inode, struct file *file)
{
	file->private_data = &the_relay;
	return 0;
}

static const struct file_operations relay_ep_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.open		= relay_ep_open,
	.read_iter	= relay_ep_read,
	.write_iter	= relay_ep_write,
};

static ssize_t relay_status_copy(struct relay *r, char __user *buf, size_t len, loff_t *off)
{
	return simple_read_from_buffer(buf, len, off, r->status, strlen(r->status));
}

static ssize_t relay_status_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	return relay_status_copy(file->private_data, buf, len, off);
}

static const struct file_operations relay_status_fops = {
	.owner		= THIS_MODULE,
	.open		= relay_ctl_open,
	.read		= relay_status_read,
};

static ssize_t relay_log_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	return relay_log_fetch(buf, len, off);
}

static const struct file_operations relay_log_fops = {
	.owner		= THIS_MODULE,
	.open		= relay_ctl_open,
	.read		= relay_log_read,
};

static int __init relay_init(void)
{
	cdev_init(&relay_ctl_cdev, &relay_ctl_fops);
	cdev_init(&relay_ep_cdev, &relay_ep_fops);
	cdev_init(&relay_status_cdev, &relay_status_fops);
	cdev_init(&relay_log_cdev, &relay_log_fops);
	return cdev_add(&relay_ctl_cdev, 0, 1);
}

module_init(relay_init);
MODULE_LICENSE("GPL");

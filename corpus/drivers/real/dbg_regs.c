// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sensor hub's debug files in the style of later kernels, each with
 * .llseek = no_llseek and an open method that never calls
 * nonseekable_open(), so pread() and pwrite() succeed on all of them.
 *
 * Where the read honours the position - through simple_read_from_buffer(),
 * by copying from buffer + *ppos, or by handing the position to the read
 * method of the sub-device behind it - pread() is a correct positional read
 * and only lseek() is refused: inconsistent, not a bug (seek-debatable).
 * A file with no read whose write honours the position is the same.
 *
 * Where the read only tests the position (`if (*ppos >= ...) return 0;`)
 * and advances it, or only stores ->ki_pos, the data still comes from the
 * stream whatever offset pread() names: still a pread hole.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/debugfs.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

#define HUB_TRACE_SIZE	256
#define HUB_EVENTS	16

struct hub_sub {
	ssize_t (*read)(struct file *file, char __user *buf, size_t count,
			loff_t *ppos);
};

struct hub {
	char regs[32];
	char trace[HUB_TRACE_SIZE];
	char thresholds[16];
	unsigned int events[HUB_EVENTS];
	unsigned int next_event;
	struct hub_sub *sub;
};

static struct hub hub_one;

static ssize_t hub_regs_read(struct file *file, char __user *buf, size_t count,
			     loff_t *ppos)
{
	struct hub *hub = file->private_data;

	return simple_read_from_buffer(buf, count, ppos, hub->regs,
				       sizeof(hub->regs));
}

static struct file_operations hub_regs_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= hub_regs_read,
	.llseek		= no_llseek,
};

static int hub_trace_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t hub_trace_read(struct file *file, char __user *buf, size_t len,
			      loff_t *ppos)
{
	struct hub *hub = file->private_data;

	if (*ppos >= HUB_TRACE_SIZE)
		return 0;
	if (*ppos + len > HUB_TRACE_SIZE)
		len = HUB_TRACE_SIZE - *ppos;
	if (copy_to_user(buf, hub->trace + *ppos, len))
		return -EFAULT;
	*ppos += len;
	return len;
}

static struct file_operations hub_trace_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= hub_trace_open,
	.read		= hub_trace_read,
	.llseek		= no_llseek,
};

static ssize_t hub_thresholds_write(struct file *file, const char __user *buf,
				    size_t count, loff_t *ppos)
{
	struct hub *hub = file->private_data;

	return simple_write_to_buffer(hub->thresholds, sizeof(hub->thresholds),
				      ppos, buf, count);
}

static struct file_operations hub_thresholds_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= hub_thresholds_write,
	.llseek		= no_llseek,
};

static ssize_t hub_sub_read(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	struct hub *hub = file->private_data;

	if (!hub->sub || !hub->sub->read)
		return -EINVAL;
	return hub->sub->read(file, buf, count, ppos);
}

static struct file_operations hub_sub_fops = {	/* expect: seek-debatable */
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= hub_sub_read,
	.llseek		= no_llseek,
};

static int hub_events_open(struct inode *inode, struct file *file)
{
	file->private_data = &hub_one;
	return 0;
}

static ssize_t hub_events_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct hub *hub = file->private_data;
	unsigned int ev;

	if (*ppos >= HUB_EVENTS * sizeof(ev) || count < sizeof(ev))
		return 0;
	ev = hub->events[hub->next_event];
	hub->next_event = (hub->next_event + 1) % HUB_EVENTS;
	if (copy_to_user(buf, &ev, sizeof(ev)))
		return -EFAULT;
	*ppos += sizeof(ev);
	return sizeof(ev);
}

static struct file_operations hub_events_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.open		= hub_events_open,
	.read		= hub_events_read,
	.llseek		= no_llseek,
};

static ssize_t hub_stream_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	size_t n = to->count < sizeof(hub_one.events[0]) ? 0 : sizeof(hub_one.events[0]);

	to->count -= n;
	if (n)
		iocb->ki_pos = n;
	return n;
}

static struct file_operations hub_stream_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.open		= hub_events_open,
	.read_iter	= hub_stream_read_iter,
	.llseek		= no_llseek,
};

static struct miscdevice hub_events_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "hub_events",
	.fops		= &hub_events_fops,
};

static struct miscdevice hub_stream_dev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "hub_stream",
	.fops		= &hub_stream_fops,
};

static int __init hub_init(void)
{
	struct dentry *dir = debugfs_create_dir("hub", NULL);

	debugfs_create_file("regs", 0400, dir, &hub_one, &hub_regs_fops);
	debugfs_create_file("trace", 0400, dir, &hub_one, &hub_trace_fops);
	debugfs_create_file("thresholds", 0200, dir, &hub_one,
			    &hub_thresholds_fops);
	debugfs_create_file("sub", 0400, dir, &hub_one, &hub_sub_fops);
	if (misc_register(&hub_events_dev))
		return -EBUSY;
	return misc_register(&hub_stream_dev);
}

module_init(hub_init);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver whose flush method takes a type from a header the fallback
 * header does not declare (as fl_owner_t was for drivers of later kernels).
 * clang then rejects the method's declaration and with it the whole
 * file_operations initializer, yet the designators still say which method
 * is which: the llseek method owns f_pos, the read method does not.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/xbus_owner.h>

struct xbus_chan {
	loff_t size;
	int ready;
};

static ssize_t xbus_read(struct file *filp, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct xbus_chan *chan = filp->private_data;

	if (filp->f_pos >= chan->size)	/* expect: rw-fpos */
		return 0;
	return count;
}

static int xbus_flush(struct file *filp, xbus_owner_t id)
{
	struct xbus_chan *chan = filp->private_data;

	return chan->ready ? 0 : -EIO;
}

static loff_t xbus_llseek(struct file *filp, loff_t offset, int whence)
{
	struct xbus_chan *chan = filp->private_data;
	loff_t pos = filp->f_pos;

	switch (whence) {
	case 0:
		pos = offset;
		break;
	case 1:
		pos += offset;
		break;
	case 2:
		pos = chan->size + offset;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	filp->f_pos = pos;
	return pos;
}

static const struct file_operations xbus_fops = {
	.owner = THIS_MODULE,
	.read = xbus_read,
	.flush = xbus_flush,
	.llseek = xbus_llseek,
};

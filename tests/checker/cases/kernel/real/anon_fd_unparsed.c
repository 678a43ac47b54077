// SPDX-License-Identifier: GPL-2.0-only
/*
 * A file_operations handed to anon_inode_getfd() in a statement that does
 * not parse without the kernel's headers (the flags come from one): the
 * call is still seen, so the stream fops is not reported as seekable.
 */
#include <linux/fs.h>
#include <linux/anon_inodes.h>
#include <linux/xbus_flags.h>

struct xbus_ring {
	unsigned int head;
};

static ssize_t xbus_ring_read(struct file *file, char __user *buf, size_t count,
			      loff_t *ppos)
{
	struct xbus_ring *ring = file->private_data;

	return ring->head ? count : 0;
}

static const struct file_operations xbus_ring_fops = {
	.read = xbus_ring_read,
};

int xbus_ring_new_fd(struct xbus_ring *ring)
{
	return anon_inode_getfd("xbus-ring", &xbus_ring_fops, ring,
				XBUS_FD_FLAGS | O_RDWR);
}

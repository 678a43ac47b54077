// SPDX-License-Identifier: GPL-2.0-only
/*
 * Joystick event queues.  Reads hand out whole events from a queue and
 * never look at the file position: these are streams.  /dev/js says so
 * neither with an llseek method nor with nonseekable_open(), so lseek and
 * pread "succeed" on it; the raw and legacy nodes say so in their open
 * methods (the legacy one through a setup routine) and are not flagged.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <asm/uaccess.h>

#define JS_MAJOR	15
#define JS_QUEUE	64

struct js_event {
	unsigned int time;
	short value;
	unsigned char type;
	unsigned char number;
};

struct js_client {
	struct js_event queue[JS_QUEUE];
	int head, tail;
	wait_queue_head_t wait;
};

static struct js_client js_clients[4];

static ssize_t js_read(struct file *file, char __user *buf, size_t count,
		       loff_t *ppos)
{
	struct js_client *client = file->private_data;
	size_t done = 0;

	if (count < sizeof(struct js_event))
		return -EINVAL;
	while (client->head == client->tail) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(client->wait, client->head != client->tail))
			return -ERESTARTSYS;
	}
	while (client->head != client->tail && done + sizeof(struct js_event) <= count) {
		if (copy_to_user(buf + done, &client->queue[client->tail],
				 sizeof(struct js_event)))
			return -EFAULT;
		client->tail = (client->tail + 1) % JS_QUEUE;
		done += sizeof(struct js_event);
	}
	return done;
}

/* Force-feedback effects arrive one struct at a time. */
static ssize_t js_write(struct file *file, const char __user *buf,
			size_t count, loff_t *ppos)
{
	struct js_event effect;

	if (count != sizeof(effect))
		return -EINVAL;
	if (copy_from_user(&effect, buf, sizeof(effect)))
		return -EFAULT;
	return count;
}

static unsigned int js_poll(struct file *file, poll_table *wait)
{
	struct js_client *client = file->private_data;

	poll_wait(file, &client->wait, wait);
	return client->head != client->tail ? POLLIN | POLLRDNORM : 0;
}

static int js_open(struct inode *inode, struct file *file)
{
	unsigned int minor = iminor(inode);

	if (minor >= ARRAY_SIZE(js_clients))
		return -ENODEV;
	file->private_data = &js_clients[minor];
	return 0;
}

static struct file_operations js_fops = {	/* expect: seekable-default */
	.owner =	THIS_MODULE,
	.read =		js_read,
	.write =	js_write,
	.poll =		js_poll,
	.open =		js_open,
};

static int jsraw_open(struct inode *inode, struct file *file)
{
	int err = js_open(inode, file);

	if (err)
		return err;
	return nonseekable_open(inode, file);
}

static struct file_operations jsraw_fops = {
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		js_read,
	.poll =		js_poll,
	.open =		jsraw_open,
};

/* The legacy node shares the setup of every other node. */
static int js_setup(struct inode *inode, struct file *file)
{
	file->private_data = &js_clients[0];
	return nonseekable_open(inode, file);
}

static int jslegacy_open(struct inode *inode, struct file *file)
{
	if (iminor(inode) != 0)
		return -ENODEV;
	return js_setup(inode, file);
}

static struct file_operations jslegacy_fops = {
	.owner =	THIS_MODULE,
	.read =		js_read,
	.open =		jslegacy_open,
};

static int __init js_init(void)
{
	int err = register_chrdev(JS_MAJOR, "js", &js_fops);

	if (!err)
		err = register_chrdev(JS_MAJOR + 1, "jsraw", &jsraw_fops);
	if (!err)
		err = register_chrdev(JS_MAJOR + 2, "jslegacy", &jslegacy_fops);
	return err;
}

module_init(js_init);
MODULE_LICENSE("GPL");

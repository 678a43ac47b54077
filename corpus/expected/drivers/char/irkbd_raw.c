// SPDX-License-Identifier: GPL-2.0-only
/*
 * Raw scan codes of an infrared keyboard, 2.4 style.  The stream has no
 * open method: the GNU initializer has to gain one.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <asm/uaccess.h>

#define IRKBD_MAJOR	238
#define IRKBD_QUEUE	64

static DECLARE_WAIT_QUEUE_HEAD(irkbd_wait);
static unsigned char irkbd_queue[IRKBD_QUEUE];
static unsigned int irkbd_head, irkbd_tail;

static ssize_t irkbd_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	size_t done = 0;

	while (done < count && irkbd_tail != irkbd_head) {
		if (put_user(irkbd_queue[irkbd_tail], buf + done))
			return done ? (ssize_t)done : -EFAULT;
		irkbd_tail = (irkbd_tail + 1) % IRKBD_QUEUE;
		done++;
	}
	return done;
}

static unsigned int irkbd_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &irkbd_wait, wait);
	return irkbd_tail != irkbd_head ? POLLIN | POLLRDNORM : 0;
}

static struct file_operations irkbd_fops = {	/* expect: nonseekable_open */
	owner:		THIS_MODULE,
	read:		irkbd_read,
	poll:		irkbd_poll,
	open:		nonseekable_open,
};

static int __init irkbd_init(void)
{
	return register_chrdev(IRKBD_MAJOR, "irkbd", &irkbd_fops);
}

static void __exit irkbd_exit(void)
{
	unregister_chrdev(IRKBD_MAJOR, "irkbd");
}

module_init(irkbd_init);
module_exit(irkbd_exit);
MODULE_LICENSE("GPL");

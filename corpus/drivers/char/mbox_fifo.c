// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mailbox FIFOs: every read takes the next message and every write posts
 * one; the file position means nothing here.  Nothing in this file names
 * the position, so the checker has to look at the file_operations before
 * deciding whether the file is worth parsing; these cases are the ones a
 * look at the text alone could get wrong.
 *
 * The request node's open method names nonseekable_open() only in a
 * comment, and the reply node's calls it only under "#if 0": both stay
 * seekable.  The event node's open really calls it and is not flagged.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

#define MBOX_DEPTH	16

struct mbox_msg {
	unsigned int cmd;
	unsigned int arg[3];
};

static struct mbox_msg mbox_ring[MBOX_DEPTH];
static unsigned int mbox_head, mbox_tail;

static ssize_t mbox_take(char __user *buf, size_t count)
{
	if (count < sizeof(struct mbox_msg))
		return -EINVAL;
	if (mbox_head == mbox_tail)
		return -EAGAIN;
	if (copy_to_user(buf, &mbox_ring[mbox_tail], sizeof(struct mbox_msg)))
		return -EFAULT;
	mbox_tail = (mbox_tail + 1) % MBOX_DEPTH;
	return sizeof(struct mbox_msg);
}

static ssize_t mbox_req_read(struct file *file, char __user *buf, size_t count,
			     loff_t *ppos)
{
	return mbox_take(buf, count);
}

static ssize_t mbox_req_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct mbox_msg m;

	if (count != sizeof(m))
		return -EINVAL;
	if (copy_from_user(&m, buf, sizeof(m)))
		return -EFAULT;
	mbox_ring[mbox_head] = m;
	mbox_head = (mbox_head + 1) % MBOX_DEPTH;
	return count;
}

static int mbox_req_open(struct inode *inode, struct file *file)
{
	/* TODO: nonseekable_open(inode, file) once user space stops seeking */
	return 0;
}

static struct file_operations mbox_req_fops = {	/* expect: seekable-default */
	.owner		= THIS_MODULE,
	.read		= mbox_req_read,
	.write		= mbox_req_write,
	.open		= mbox_req_open,
};

static ssize_t mbox_reply_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	return mbox_take(buf, count);
}

static int mbox_reply_open(struct inode *inode, struct file *file)
{
#if 0
	return nonseekable_open(inode, file);
#endif
	return 0;
}

static struct file_operations mbox_reply_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= mbox_reply_read,
	.open		= mbox_reply_open,
};

static ssize_t mbox_event_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	return mbox_take(buf, count);
}

static int mbox_event_open(struct inode *inode, struct file *file)
{
	if (mbox_head == mbox_tail)
		return -ENODATA;
	return nonseekable_open(inode, file);
}

static struct file_operations mbox_event_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= mbox_event_read,
	.open		= mbox_event_open,
};

static struct miscdevice mbox_devs[] = {
	{ MISC_DYNAMIC_MINOR, "mbox-req", &mbox_req_fops },
	{ MISC_DYNAMIC_MINOR, "mbox-reply", &mbox_reply_fops },
	{ MISC_DYNAMIC_MINOR, "mbox-event", &mbox_event_fops },
};

static int __init mbox_init(void)
{
	int i, err;

	for (i = 0; i < 3; i++) {
		err = misc_register(&mbox_devs[i]);
		if (err)
			return err;
	}
	return 0;
}

module_init(mbox_init);
MODULE_LICENSE("GPL");

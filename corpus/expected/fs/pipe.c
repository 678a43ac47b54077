// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pipes and FIFOs, trimmed to the paths the safe-seeks change touched:
 * the vectored read and write refuse pread/pwrite themselves, and every
 * FIFO file_operations already says no_llseek.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/wait.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define PIPE_SIZE	4096

struct pipe_inode_info {
	wait_queue_head_t wait;
	struct semaphore sem;
	char *base;
	unsigned int start;
	unsigned int len;
	unsigned int readers;
	unsigned int writers;
};

#define PIPE_INFO(inode)	((struct pipe_inode_info *)(inode)->i_private)

/* fs/fifo.c switches an opened FIFO over to one of these. */
extern struct file_operations read_fifo_fops;
extern struct file_operations write_fifo_fops;
extern struct file_operations rdwr_fifo_fops;

static ssize_t
pipe_readv(struct file *filp, const struct iovec *_iov,
	   unsigned long nr_segs, loff_t *ppos)
{
	struct inode *inode = filp->f_dentry->d_inode;
	struct pipe_inode_info *info = PIPE_INFO(inode);
	struct iovec *iov = (struct iovec *)_iov;
	size_t total_len, chars;
	ssize_t ret;

	total_len = iov_length(iov, nr_segs);
	/* Null read succeeds. */
	if (unlikely(total_len == 0))
		return 0;

	down(&info->sem);
	chars = min_t(size_t, info->len, iov->iov_len);
	ret = chars;
	if (chars && copy_to_user(iov->iov_base, info->base + info->start, chars))
		ret = -EFAULT;
	else {
		info->start = (info->start + chars) & (PIPE_SIZE - 1);
		info->len -= chars;
	}
	up(&info->sem);
	wake_up_interruptible(&info->wait);
	return ret;
}

static ssize_t
pipe_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct iovec iov = { .iov_base = buf, .iov_len = count };

	return pipe_readv(filp, &iov, 1, ppos);
}

static ssize_t
pipe_writev(struct file *filp, const struct iovec *_iov,
	    unsigned long nr_segs, loff_t *ppos)
{
	struct inode *inode = filp->f_dentry->d_inode;
	struct pipe_inode_info *info = PIPE_INFO(inode);
	struct iovec *iov = (struct iovec *)_iov;
	size_t total_len, chars;
	ssize_t ret;

	total_len = iov_length(iov, nr_segs);
	/* Null write succeeds. */
	if (unlikely(total_len == 0))
		return 0;

	down(&info->sem);
	if (!info->readers) {
		up(&info->sem);
		return -EPIPE;
	}
	chars = min_t(size_t, PIPE_SIZE - info->len, iov->iov_len);
	ret = chars;
	if (chars && copy_from_user(info->base + info->len, iov->iov_base, chars))
		ret = -EFAULT;
	else
		info->len += chars;
	up(&info->sem);
	wake_up_interruptible(&info->wait);
	return ret;
}

static ssize_t
pipe_write(struct file *filp, const char __user *buf,
	   size_t count, loff_t *ppos)
{
	struct iovec iov = { .iov_base = (void __user *)buf, .iov_len = count };

	return pipe_writev(filp, &iov, 1, ppos);
}

static ssize_t
bad_pipe_r(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	return -EBADF;
}

static ssize_t
bad_pipe_w(struct file *filp, const char __user *buf, size_t count,
	   loff_t *ppos)
{
	return -EBADF;
}

static unsigned int
pipe_poll(struct file *filp, poll_table *wait)
{
	struct pipe_inode_info *info = PIPE_INFO(filp->f_dentry->d_inode);
	unsigned int mask = 0;

	poll_wait(filp, &info->wait, wait);
	if (info->len)
		mask |= POLLIN | POLLRDNORM;
	if (info->len != PIPE_SIZE)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

static int
pipe_release(struct inode *inode, int decr, int decw)
{
	struct pipe_inode_info *info = PIPE_INFO(inode);

	down(&info->sem);
	info->readers -= decr;
	info->writers -= decw;
	up(&info->sem);
	wake_up_interruptible(&info->wait);
	return 0;
}

static int
pipe_read_release(struct inode *inode, struct file *filp)
{
	return pipe_release(inode, 1, 0);
}

static int
pipe_write_release(struct inode *inode, struct file *filp)
{
	return pipe_release(inode, 0, 1);
}

static int
pipe_rdwr_release(struct inode *inode, struct file *filp)
{
	int decr = (filp->f_mode & FMODE_READ) != 0;
	int decw = (filp->f_mode & FMODE_WRITE) != 0;

	return pipe_release(inode, decr, decw);
}

static int
pipe_read_open(struct inode *inode, struct file *filp)	/* expect: nonseekable_open */
{
	/* An atomic_t would do, but these are the only places that count. */
	down(&PIPE_INFO(inode)->sem);
	PIPE_INFO(inode)->readers++;
	up(&PIPE_INFO(inode)->sem);

	return nonseekable_open(inode, filp);
}

static int
pipe_write_open(struct inode *inode, struct file *filp)	/* expect: nonseekable_open */
{
	down(&PIPE_INFO(inode)->sem);
	PIPE_INFO(inode)->writers++;
	up(&PIPE_INFO(inode)->sem);

	return nonseekable_open(inode, filp);
}

static int
pipe_rdwr_open(struct inode *inode, struct file *filp)	/* expect: nonseekable_open */
{
	down(&PIPE_INFO(inode)->sem);
	if (filp->f_mode & FMODE_READ)
		PIPE_INFO(inode)->readers++;
	if (filp->f_mode & FMODE_WRITE)
		PIPE_INFO(inode)->writers++;
	up(&PIPE_INFO(inode)->sem);

	return nonseekable_open(inode, filp);
}

struct file_operations read_fifo_fops = {	/* expect: pread-hole */
	.llseek		= no_llseek,
	.read		= pipe_read,
	.readv		= pipe_readv,
	.write		= bad_pipe_w,
	.poll		= pipe_poll,
	.open		= pipe_read_open,
	.release	= pipe_read_release,
};

struct file_operations write_fifo_fops = {	/* expect: pread-hole */
	.llseek		= no_llseek,
	.read		= bad_pipe_r,
	.write		= pipe_write,
	.writev		= pipe_writev,
	.poll		= pipe_poll,
	.open		= pipe_write_open,
	.release	= pipe_write_release,
};

struct file_operations rdwr_fifo_fops = {	/* expect: pread-hole */
	.llseek		= no_llseek,
	.read		= pipe_read,
	.readv		= pipe_readv,
	.write		= pipe_write,
	.writev		= pipe_writev,
	.poll		= pipe_poll,
	.open		= pipe_rdwr_open,
	.release	= pipe_rdwr_release,
};

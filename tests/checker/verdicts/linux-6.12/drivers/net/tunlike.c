// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 6.12 packet device in the shape of tun: its read_iter only advances
 * ->ki_pos, which nothing reads back.  6.12 has no no_llseek, and with no
 * .llseek lseek() fails, but pread() still succeeds at an offset the
 * methods ignore: a pread hole, as the same fops with .llseek = no_llseek
 * was on 6.1.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/uio.h>

static ssize_t pkt_do_read(struct iov_iter *to)
{
	return iov_iter_count(to);
}

static ssize_t pkt_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	ssize_t ret = pkt_do_read(to);

	if (ret > 0)
		iocb->ki_pos = ret;
	return ret;
}

static ssize_t pkt_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	return iov_iter_count(from);
}

static int pkt_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations pkt_fops = {	/* expect: pread-hole */ /* warning: has no .llseek, which refuses lseek */ /* warning: call stream_open() from */
	.owner		= THIS_MODULE,
	.read_iter	= pkt_read_iter,
	.write_iter	= pkt_write_iter,
	.open		= pkt_open,
};

static struct miscdevice pkt_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "pktlike",
	.fops	= &pkt_fops,
};

static int __init pkt_init(void)
{
	return misc_register(&pkt_dev);
}
module_init(pkt_init);

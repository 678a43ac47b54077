// SPDX-License-Identifier: GPL-2.0-only
/* Sockets of 2.4: the open method only fails, the files are made by hand
   (from 2.6.8 on without FMODE_PREAD), so the tests go as 2.6.8 removed
   them and the open method stays as it is. */
#include <linux/fs.h>

static int oldsock_no_open(struct inode *irrelevant, struct file *dontcare)
{
	return -ENXIO;
}

static ssize_t oldsock_read(struct file *file, char *ubuf, size_t size,
			    loff_t *ppos)
{
	return size;
}

static ssize_t oldsock_write(struct file *file, const char *ubuf,
			     size_t size, loff_t *ppos)
{
	return size;
}

static ssize_t oldsock_sendpage(struct file *file, struct page *page,
				int offset, size_t size, loff_t *ppos, int more)
{
	return size;
}

static struct file_operations oldsock_fops = {
	llseek:		no_llseek,
	read:		oldsock_read,
	write:		oldsock_write,
	open:		oldsock_no_open,
	sendpage:	oldsock_sendpage,
};

int oldsock_map(struct file *file)
{
	file->f_op = &oldsock_fops;
	file->f_mode = 3;
	return 0;
}

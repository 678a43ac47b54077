// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sequential files: the library behind most of /proc.  seq_read is the
 * .read method of file_operations all over the tree, none of them in this
 * file.  Seeking works through seq_lseek; pread does not,
 * and seq_read refuses it with -EPIPE where -ESPIPE was meant.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/uaccess.h>

#define SEQ_BUFSIZE	4096

/**
 *	seq_open -	initialize sequential file
 *	@file: file we initialize
 *	@op: method table describing the sequence
 *
 *	Sets file->private_data to a new struct seq_file, which the other
 *	seq_* functions find there.
 */
int seq_open(struct file *file, struct seq_operations *op)	/* expect: nonseekable_open */
{
	struct seq_file *p = kmalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	memset(p, 0, sizeof(*p));
	sema_init(&p->sem, 1);
	p->op = op;
	file->private_data = p;
	return 0;
}
EXPORT_SYMBOL(seq_open);

/* Fill m->buf with the records from index on; 0, or a negative errno. */
static int seq_fill(struct seq_file *m)
{
	loff_t pos = m->index;
	void *p;
	int err = 0;

	m->count = 0;
	m->from = 0;
	p = m->op->start(m, &pos);
	while (p && m->count < m->size) {
		err = m->op->show(m, p);
		if (err)
			break;
		p = m->op->next(m, p, &pos);
	}
	m->op->stop(m, p);
	m->index = pos;
	return err;
}

/**
 *	seq_read -	->read() method for sequential files.
 *	@file: the file to read from
 *	@buf: the buffer to read to
 *	@size: the maximum number of bytes to read
 *	@ppos: the current position in the file
 */
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = (struct seq_file *)file->private_data;
	size_t copied = 0;
	size_t n;
	int err = 0;

	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -EPIPE;	/* expect: epipe-typo */

	down(&m->sem);
	/* grab buffer if we didn't have one */
	if (!m->buf) {
		m->size = SEQ_BUFSIZE;
		m->buf = kmalloc(m->size, GFP_KERNEL);
		if (!m->buf) {
			err = -ENOMEM;
			goto done;
		}
	}
	while (size) {
		if (!m->count) {
			err = seq_fill(m);
			if (err || !m->count)
				break;
		}
		n = min(m->count, size);
		if (copy_to_user(buf, m->buf + m->from, n)) {
			err = -EFAULT;
			break;
		}
		m->count -= n;
		m->from += n;
		buf += n;
		size -= n;
		copied += n;
	}
	*ppos += copied;
done:
	up(&m->sem);
	return copied ? (ssize_t)copied : err;
}
EXPORT_SYMBOL(seq_read);

/**
 *	seq_lseek -	->llseek() method for sequential files.
 *	@file: the file in question
 *	@offset: new position
 *	@origin: 0 for absolute, 1 for relative position
 */
loff_t seq_lseek(struct file *file, loff_t offset, int origin)
{
	struct seq_file *m = (struct seq_file *)file->private_data;

	switch (origin) {
	case 1:
		offset += file->f_pos;
		/* fall through */
	case 0:
		if (offset < 0)
			return -EINVAL;
		down(&m->sem);
		m->index = 0;
		m->count = 0;
		file->f_pos = offset;
		up(&m->sem);
		return offset;
	default:
		return -EINVAL;
	}
}
EXPORT_SYMBOL(seq_lseek);

/**
 *	seq_release -	free the structures associated with sequential file.
 *	@inode: file's inode
 *	@file: file in question
 */
int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = (struct seq_file *)file->private_data;

	kfree(m->buf);
	kfree(m);
	return 0;
}
EXPORT_SYMBOL(seq_release);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Laser printer on the ACSI bus: the status page that reading the printer's
 * device returns.  The file_operations live with the rest of the driver in
 * another file; this one only provides the read method.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/uaccess.h>

#define SLM_STATUS_MAX	256

ssize_t slm_status_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos);

extern int slm_format_status(char *page, unsigned int unit);

ssize_t slm_status_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct inode *node = file->f_dentry->d_inode;
	char *page;
	int length;
	ssize_t ret;

	page = kmalloc(SLM_STATUS_MAX, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	length = slm_format_status(page, iminor(node));
	if (length < 0) {
		ret = length;
		goto out;
	}
	if (file->f_pos >= length) {	/* expect: rw-fpos */
		ret = 0;
		goto out;
	}
	if (count + file->f_pos > length)	/* expect: rw-fpos */
		count = length - file->f_pos;	/* expect: rw-fpos */
	if (copy_to_user(buf, page + file->f_pos, count)) {	/* expect: rw-fpos */
		ret = -EFAULT;
		goto out;
	}
	file->f_pos += count;	/* expect: rw-fpos */
	ret = count;
out:
	kfree(page);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The contents of a serial EEPROM as a debugfs register dump.  The methods
 * sit in a struct regdump_ops, not in a file_operations, but its read and
 * write take the struct file and a loff_t * position: they are read and
 * write methods, and the position to use is *ppos.  Its llseek owns f_pos,
 * as any llseek does.  show is no method of the file's position at all.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/regdump.h>
#include <asm/uaccess.h>

#define EE_SIZE		512
#define EE_PAGE		16

struct ee_chip {
	unsigned char shadow[EE_SIZE];
	int dirty;
};

static struct ee_chip ee0;
static struct dentry *ee_dump;

extern int ee_write_page(struct ee_chip *ee, unsigned int addr,
			 const unsigned char *data, size_t len);

/* Copies user data into the shadow at *pos and moves *pos past it. */
static ssize_t ee_fill(struct ee_chip *ee, const char __user *buf,
		       size_t count, loff_t *pos)
{
	if (*pos >= EE_SIZE)
		return -ENOSPC;
	if (count > EE_SIZE - *pos)
		count = EE_SIZE - *pos;
	if (copy_from_user(ee->shadow + *pos, buf, count))
		return -EFAULT;
	*pos += count;
	ee->dirty = 1;
	return count;
}

static loff_t ee_dump_llseek(void *data, struct file *file, loff_t offset,
			     int whence)
{
	if (whence == 1)
		offset += file->f_pos;
	else if (whence == 2)
		offset += EE_SIZE;
	if (offset < 0 || offset > EE_SIZE)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

static ssize_t ee_dump_read(void *data, struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	struct ee_chip *ee = data;

	if (*ppos >= EE_SIZE)	/* expect: rw-fpos */
		return 0;
	if (count > EE_SIZE - *ppos)	/* expect: rw-fpos */
		count = EE_SIZE - *ppos;	/* expect: rw-fpos */
	if (copy_to_user(buf, ee->shadow + *ppos, count))	/* expect: rw-fpos */
		return -EFAULT;
	*ppos += count;	/* expect: rw-fpos */
	return count;
}

static ssize_t ee_dump_write(void *data, struct file *file,
			     const char __user *buf, size_t count,
			     loff_t *ppos)
{
	struct ee_chip *ee = data;
	unsigned int page;
	ssize_t ret;

	page = *ppos / EE_PAGE;	/* expect: rw-fpos */
	ret = ee_fill(ee, buf, count, ppos);	/* expect: fpos-address */
	if (ret <= 0)
		return ret;
	for (; page * EE_PAGE < *ppos; page++)	/* expect: rw-fpos */
		ee_write_page(ee, page * EE_PAGE, ee->shadow + page * EE_PAGE,
			      EE_PAGE);
	return ret;
}

static int ee_dump_show(void *data, struct file *file, char *page)
{
	struct ee_chip *ee = data;

	if (file->f_pos)	/* expect: fpos-other */
		return 0;
	return sprintf(page, "size %d dirty %d\n", EE_SIZE, ee->dirty);
}

static const struct regdump_ops ee_dump_ops = {
	.llseek =	ee_dump_llseek,
	.read =		ee_dump_read,
	.write =	ee_dump_write,
	.show =		ee_dump_show,
};

static int __init ee_dump_init(void)
{
	ee_dump = regdump_create("eeprom", NULL, &ee0, &ee_dump_ops);
	return ee_dump ? 0 : -ENOMEM;
}

static void __exit ee_dump_exit(void)
{
	regdump_remove(ee_dump);
}

module_init(ee_dump_init);
module_exit(ee_dump_exit);
MODULE_LICENSE("GPL");

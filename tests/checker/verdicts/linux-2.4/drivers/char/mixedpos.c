// SPDX-License-Identifier: GPL-2.0-only
/*
 * 2.4 methods that use their position and f_pos both.  A table read that
 * tests and advances *ppos but copies from f_pos: pread() gets the bytes
 * at the file's position, and leaves that position alone.  A read that
 * reads at *ppos but advances f_pos: pread() reads at its own offset, and
 * moves the file's position.  Each message says the harm the method has.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/proc_fs.h>

static char table[128];

static ssize_t table_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	size_t size;

	if (*ppos >= sizeof(table))
		return 0;
	size = sizeof(table) - file->f_pos;	/* expect: rw-fpos */ /* warning: pread() hands the method its own offset, which this ignores, so it acts at the file's position */
	if (size > count)
		size = count;
	if (copy_to_user(buf, table + *ppos, size))
		return -EFAULT;
	*ppos += size;
	return size;
}

static struct file_operations table_fops = {
	read:		table_read,
};

static ssize_t log_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	if (*ppos >= sizeof(table))
		return 0;
	if (count > sizeof(table) - *ppos)
		count = sizeof(table) - *ppos;
	if (copy_to_user(buf, table + *ppos, count))
		return -EFAULT;
	file->f_pos += count;	/* expect: rw-fpos */ /* warning: pread() hands the method its own offset, and this moves the file's position */
	return count;
}

static struct file_operations log_fops = {
	read:		log_read,
};

static int __init mixedpos_init(void)
{
	struct proc_dir_entry *e = create_proc_entry("table", 0, NULL);

	if (e)
		e->proc_fops = &table_fops;
	e = create_proc_entry("log", 0, NULL);
	if (e)
		e->proc_fops = &log_fops;
	return 0;
}
module_init(mixedpos_init);

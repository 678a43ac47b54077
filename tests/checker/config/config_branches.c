// SPDX-License-Identifier: GPL-2.0-only
// in drivers/char: nothing left undecided
/*
 * file_operations in #if branches that test nothing but the kernel's
 * configuration.  Given the tree's autoconf.h, the bundled header takes
 * the branches the real headers take, so nothing here is left undecided:
 * the file is not parsed again with its real headers, and reports what
 * they report.
 */
#include <linux/fs.h>

#ifdef CONFIG_MODULES
static ssize_t on_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	file->f_pos += count;		/* expect: rw-fpos */
	return count;
}

static struct file_operations on_fops = {
	.read		= on_read,
};
#endif

#if defined(CONFIG_SAFESEEK_UNSET) && CONFIG_SAFESEEK_UNSET > 1
static ssize_t off_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	file->f_pos += count;
	return count;
}

static struct file_operations off_fops = {
	.read		= off_read,
};
#elif 0
static struct file_operations zero_fops = {
	.read		= off_read,
};
#endif

#ifndef CONFIG_MODULES
static struct file_operations else_fops = {
	.read		= off_read,
};
#else
static struct file_operations taken_fops = {
	.read		= on_read,
};
#endif

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver of Linux 6.1: it needs the compiler's or the kernel's stdarg.h
 * (through linux/kernel.h) and the architecture's asm/ headers, the way
 * its era laid them out.  Parsed with the tree's flags, it is analysed
 * without the bundled fallback header.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <asm/page.h>

static int demo_log(const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vprintk(fmt, args);
	va_end(args);
	return n;
}

static ssize_t demo_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (count > PAGE_SIZE)
		count = PAGE_SIZE;
	demo_log("read %lu\n", (unsigned long)count);
	file->f_pos += count;		/* expect: rw-fpos */
	return count;
}

static struct file_operations demo_fops = {
	.read		= demo_read,
};

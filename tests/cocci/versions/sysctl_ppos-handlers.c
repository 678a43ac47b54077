// SPDX-License-Identifier: GPL-2.0-only
/*
 * Proc handlers of the 2.6.7 form, as an out-of-tree driver carries them
 * into a later tree.  Which of them can take the form of the kernel given
 * depends on what they use their struct file, buffer and table for.
 */
#include <linux/sysctl.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

static int wrap_handler(ctl_table *table, int write, struct file *filp,
			void __user *buffer, size_t *lenp);
extern int other_handler(ctl_table *, int, struct file *, void __user *,
			 size_t *);

/* The struct file serves the position and is handed on: convertible. */
static int wrap_handler(ctl_table *table, int write, struct file *filp,
			void __user *buffer, size_t *lenp)
{
	int ret;

	if (!*lenp || (filp->f_pos && !write)) {
		*lenp = 0;
		return 0;
	}
	ret = proc_dointvec(table, write, filp, buffer, lenp);
	if (ret == 0 && write)
		filp->f_pos += *lenp;
	return ret;
}

/* A routine behind handlers, with more arguments after lenp. */
static int bounded(ctl_table *table, int write, struct file *filp,
		   void __user *buffer, size_t *lenp, int lo, int hi)
{
	int ret = proc_dointvec(table, write, filp, buffer, lenp);

	if (ret == 0 && (*(int *)table->data < lo || *(int *)table->data > hi))
		ret = -EINVAL;
	return ret;
}

static int ttl_handler(ctl_table *table, int write, struct file *filp,
		       void __user *buffer, size_t *lenp)
{
	return bounded(table, write, filp, buffer, lenp, 1, 255);
}

/* Copies the user buffer itself: from 5.8 on the buffer is no user pointer. */
static int copy_handler(struct ctl_table *table, int write, struct file *filp,
			void __user *buffer, size_t *lenp)
{
	char k[4];

	if (filp->f_pos)
		return 0;
	if (copy_from_user(k, buffer, 1))
		return -EFAULT;
	filp->f_pos += 1;
	return 0;
}

/* Looks at the file's flags: from 2.6.32 on there is no file to look at. */
static int flags_handler(ctl_table *table, int write, struct file *filp,
			 void __user *buffer, size_t *lenp)
{
	if (filp->f_flags & O_NONBLOCK)
		return -EAGAIN;
	return proc_dointvec(table, write, filp, buffer, lenp);
}

/* Writes to its table: from 6.11 on the table is const. */
static int sized_handler(ctl_table *table, int write, struct file *filp,
			 void __user *buffer, size_t *lenp)
{
	table->maxlen = 16;
	return proc_dostring(table, write, filp, buffer, lenp);
}

/* A comment among the parameters hides nothing. */
static int noted_handler(ctl_table *, int, struct file *,
			 /* handed on only */ void __user *, size_t *);

static int noted_handler(ctl_table *table, int write, struct file *filp,
			 /* handed on only */ void __user *buffer, size_t *lenp)
{
	if (filp->f_pos && !write)
		return 0;
	return proc_dointvec(table, write, filp, buffer, lenp);
}

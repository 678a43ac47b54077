// SPDX-License-Identifier: GPL-2.0-only
/*
 * file_operations written through macros.
 *
 * mf_fops names its read method through a one-word macro, which spatch
 * sees: it gets .llseek = no_llseek and .open = stream_open.
 *
 * mf_common_fops takes two members from MF_COMMON, which spatch cannot see
 * into: reported, left as it is.
 *
 * mf_poll_fops has .poll only under CONFIG_MF_POLL: the new members go
 * after .read, outside the #ifdef.
 *
 * mf_twin_fops is defined twice: under CONFIG_MF_TWIN a stream, else a file
 * that seeks.  Changing it by its name would change both: reported.
 *
 * DEFINE_MF_FOPS() makes a whole file_operations from its arguments:
 * spatch sees neither the file_operations nor the members; it reports the
 * read method the macro is handed, which never uses the position.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/cdev.h>
#include <linux/poll.h>
#include <asm/uaccess.h>

static char mf_byte;
static struct cdev mf_cdev, mf_common_cdev, mf_poll_cdev, mf_twin_cdev, mf_ext_cdev;

static ssize_t mf_read(struct file *file, char __user *buf, size_t count,
		       loff_t *ppos)
{
	if (count && put_user(mf_byte, buf))
		return -EFAULT;
	return count ? 1 : 0;
}

#define MF_READ	mf_read

static const struct file_operations mf_fops = {	/* expect: pread-hole, stream_open */
	.owner	= THIS_MODULE,
	.read	= MF_READ,
};

#define MF_COMMON	.owner = THIS_MODULE, .llseek = no_llseek

static const struct file_operations mf_common_fops = {	/* expect: pread-hole, stream_open */
	MF_COMMON,
	.read	= mf_read,
};

static unsigned int mf_poll(struct file *file, struct poll_table_struct *wait)
{
	return POLLIN;
}

static const struct file_operations mf_poll_fops = {	/* expect: pread-hole, stream_open */
	.owner	= THIS_MODULE,
	.read	= mf_read,
#ifdef CONFIG_MF_POLL
	.poll	= mf_poll,
#endif
};

#ifdef CONFIG_MF_TWIN
static const struct file_operations mf_twin_fops = {	/* expect: stream_open */
	.owner	= THIS_MODULE,
	.read	= mf_read,
};
#else
static const struct file_operations mf_twin_fops = {
	.owner	= THIS_MODULE,
	.llseek	= default_llseek,
	.read	= mf_read,
};
#endif

static ssize_t mf_ext_read(struct file *file, char __user *buf, size_t count,	/* expect: stream_open */
			   loff_t *ppos)
{
	return 0;
}

#define DEFINE_MF_FOPS(name, reader)					\
static const struct file_operations name##_fops = {			\
	.owner	= THIS_MODULE,						\
	.llseek	= noop_llseek,						\
	.read	= reader,						\
}

DEFINE_MF_FOPS(mf_ext, mf_ext_read);

static int __init mf_init(void)
{
	cdev_init(&mf_cdev, &mf_fops);
	cdev_init(&mf_common_cdev, &mf_common_fops);
	cdev_init(&mf_poll_cdev, &mf_poll_fops);
	cdev_init(&mf_twin_cdev, &mf_twin_fops);
	cdev_init(&mf_ext_cdev, &mf_ext_fops);
	return cdev_add(&mf_cdev, 0, 1);
}

module_init(mf_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 6.12 device in the shape of UML's hostaudio: read and write move
 * data and only advance *ppos.  With no .llseek lseek() fails, but pread() succeeds at
 * an offset they ignore: a pread hole.  The advice is nonseekable_open():
 * stream_open() would hand the methods no position, and `*ppos += n`
 * would fault.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static char audio_sample[64];

static ssize_t audio_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	if (count > sizeof(audio_sample))
		count = sizeof(audio_sample);
	if (copy_to_user(buf, audio_sample, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static ssize_t audio_write(struct file *file, const char __user *buf, size_t count,
			   loff_t *ppos)
{
	if (count > sizeof(audio_sample))
		count = sizeof(audio_sample);
	if (copy_from_user(audio_sample, buf, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static int audio_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations audio_fops = {	/* expect: pread-hole */ /* warning: call nonseekable_open() from the open method */
	.owner		= THIS_MODULE,
	.read		= audio_read,
	.write		= audio_write,
	.open		= audio_open,
};

static struct miscdevice audio_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "audiolike",
	.fops	= &audio_fops,
};

static int __init audio_init(void)
{
	return misc_register(&audio_dev);
}
module_init(audio_init);

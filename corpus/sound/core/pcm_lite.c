// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCM playback/capture device with vectored and asynchronous methods.
 * readv and writev refuse positioned transfers; the aio methods get the
 * position by value and have nothing to refuse.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <asm/uaccess.h>

#define SND_PCM_MAJOR	116
#define PCM_BUFSIZE	4096

#define snd_printd(fmt, args...) printk(KERN_DEBUG "ALSA: " fmt, ##args)

struct snd_pcm_file {
	unsigned char buf[PCM_BUFSIZE];
	size_t avail;
	int running;
};

extern ssize_t snd_pcm_lib_transfer(struct snd_pcm_file *pcm_file,
				    void __user *buf, size_t count,
				    int capture);

static ssize_t snd_pcm_aio_read(struct kiocb *iocb, char __user *buf,
				size_t count, loff_t pos)
{
	struct snd_pcm_file *pcm_file = iocb->ki_filp->private_data;

	if (!pcm_file->running)
		return -EIO;
	return snd_pcm_lib_transfer(pcm_file, buf, count, 1);
}

static ssize_t snd_pcm_aio_write(struct kiocb *iocb, const char __user *buf,
				 size_t count, loff_t pos)
{
	struct snd_pcm_file *pcm_file = iocb->ki_filp->private_data;

	if (!pcm_file->running)
		return -EIO;
	return snd_pcm_lib_transfer(pcm_file, (void __user *)buf, count, 0);
}

static ssize_t snd_pcm_readv(struct file *file, const struct iovec *_vector,
			     unsigned long count, loff_t *off)
{
	struct snd_pcm_file *pcm_file = file->private_data;
	ssize_t result = 0, n;
	unsigned long i;

	if (off != &file->f_pos) {	/* expect: espipe-test */
		snd_printd("pcm: readv at an offset\n");
		return -ESPIPE;
	}

	for (i = 0; i < count; i++) {
		n = snd_pcm_lib_transfer(pcm_file, _vector[i].iov_base,
					 _vector[i].iov_len, 1);
		if (n < 0)
			return result ? result : n;
		result += n;
	}
	return result;
}

static ssize_t snd_pcm_writev(struct file *file, const struct iovec *_vector,
			      unsigned long count, loff_t *off)
{
	struct snd_pcm_file *pcm_file = file->private_data;
	ssize_t ret = 0, n;
	unsigned long i;

	if (off != &file->f_pos) {	/* expect: espipe-test */
		ret = -ESPIPE;
		goto out;
	}
	if (!pcm_file->running) {
		ret = -EIO;
		goto out;
	}
	for (i = 0; i < count; i++) {
		n = snd_pcm_lib_transfer(pcm_file, _vector[i].iov_base,
					 _vector[i].iov_len, 0);
		if (n < 0) {
			if (!ret)
				ret = n;
			goto out;
		}
		ret += n;
	}
out:
	return ret;
}

static int snd_pcm_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	struct snd_pcm_file *pcm_file;

	pcm_file = kmalloc(sizeof(*pcm_file), GFP_KERNEL);
	if (pcm_file == NULL)
		return -ENOMEM;
	pcm_file->avail = 0;
	pcm_file->running = 1;
	file->private_data = pcm_file;
	return 0;
}

static int snd_pcm_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static struct file_operations snd_pcm_f_ops = {
	.owner		= THIS_MODULE,
	.aio_read	= snd_pcm_aio_read,
	.aio_write	= snd_pcm_aio_write,
	.readv		= snd_pcm_readv,
	.writev		= snd_pcm_writev,
	.open		= snd_pcm_open,
	.release	= snd_pcm_release,
};

static int __init alsa_pcm_init(void)
{
	return register_chrdev(SND_PCM_MAJOR, "pcm", &snd_pcm_f_ops);
}

static void __exit alsa_pcm_exit(void)
{
	unregister_chrdev(SND_PCM_MAJOR, "pcm");
}

module_init(alsa_pcm_init);
module_exit(alsa_pcm_exit);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * OSS driver for a simple ISA sound card: /dev/dsp streams samples both
 * ways, /dev/mixer only takes ioctls.  The dsp methods refuse pread and
 * pwrite; the mixer has an open method of its own, which must stay as it
 * is.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/io.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define SOUND_MAJOR	14
#define SB_BASE		0x220
#define SB_DSP_DATA	(SB_BASE + 0xa)
#define SB_DSP_WRITE	(SB_BASE + 0xc)
#define SB_MIXER_ADDR	(SB_BASE + 0x4)
#define SB_MIXER_DATA	(SB_BASE + 0x5)
#define SB_FRAGSIZE	512

struct sb_state {
	struct semaphore open_sem;
	int dsp_users;
	int mixer_users;
	unsigned char frag[SB_FRAGSIZE];
};

static struct sb_state sb_card;

static ssize_t sb_dsp_read(struct file *file, char __user *buffer,
			   size_t count, loff_t *ppos)
{
	struct sb_state *s = file->private_data;
	size_t i;

	if (count > SB_FRAGSIZE)
		count = SB_FRAGSIZE;
	for (i = 0; i < count; i++)
		s->frag[i] = inb(SB_DSP_DATA);
	if (copy_to_user(buffer, s->frag, count))
		return -EFAULT;
	return count;
}

static ssize_t sb_dsp_write(struct file *file, const char __user *buffer,
			    size_t count, loff_t *ppos)
{
	struct sb_state *s = file->private_data;
	size_t i;

	if (count > SB_FRAGSIZE)
		count = SB_FRAGSIZE;
	if (copy_from_user(s->frag, buffer, count))
		return -EFAULT;
	for (i = 0; i < count; i++)
		outb(s->frag[i], SB_DSP_WRITE);
	return count;
}

static int sb_dsp_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	struct sb_state *s = &sb_card;

	down(&s->open_sem);
	if (s->dsp_users) {
		up(&s->open_sem);
		return -EBUSY;
	}
	s->dsp_users++;
	up(&s->open_sem);
	file->private_data = s;
	return nonseekable_open(inode, file);
}

static int sb_dsp_release(struct inode *inode, struct file *file)
{
	struct sb_state *s = file->private_data;

	down(&s->open_sem);
	s->dsp_users--;
	up(&s->open_sem);
	return 0;
}

static int sb_mixer_open(struct inode *inode, struct file *file)
{
	sb_card.mixer_users++;
	file->private_data = &sb_card;
	return 0;
}

static int sb_mixer_release(struct inode *inode, struct file *file)
{
	sb_card.mixer_users--;
	return 0;
}

static int sb_mixer_ioctl(struct inode *inode, struct file *file,
			  unsigned int cmd, unsigned long arg)
{
	outb(cmd & 0xff, SB_MIXER_ADDR);
	outb(arg & 0xff, SB_MIXER_DATA);
	return 0;
}

static struct file_operations sb_dsp_fops = {	/* expect: pread-hole */
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= sb_dsp_read,
	.write		= sb_dsp_write,
	.open		= sb_dsp_open,
	.release	= sb_dsp_release,
};

static struct file_operations sb_mixer_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= sb_mixer_ioctl,
	.open		= sb_mixer_open,
	.release	= sb_mixer_release,
};

static int sb_open(struct inode *inode, struct file *file)
{
	switch (iminor(inode) & 0x0f) {
	case 0:
		file->f_op = &sb_mixer_fops;
		break;
	case 3:
		file->f_op = &sb_dsp_fops;
		break;
	default:
		return -ENXIO;
	}
	return file->f_op->open(inode, file);
}

static struct file_operations sb_fops = {
	.owner		= THIS_MODULE,
	.open		= sb_open,
};

static int __init sb_init(void)
{
	sema_init(&sb_card.open_sem, 1);
	return register_chrdev(SOUND_MAJOR, "sound", &sb_fops);
}

static void __exit sb_exit(void)
{
	unregister_chrdev(SOUND_MAJOR, "sound");
}

module_init(sb_init);
module_exit(sb_exit);
MODULE_LICENSE("GPL");

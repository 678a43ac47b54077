// SPDX-License-Identifier: GPL-2.0-only
/*
 * MPU-401 style MIDI port.  The read method refuses pread with -EPIPE
 * where -ESPIPE was meant.  midi_seq_check() makes the same comparison for
 * the in-kernel sequencer: it is no file method and stays as it is.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/io.h>
#include <asm/semaphore.h>
#include <asm/uaccess.h>

#define MIDI_MAJOR	35
#define MPU_DATA	0x330
#define MPU_STATUS	0x331
#define MPU_INPUT_EMPTY	0x80

int midi_seq_check(struct file *file, loff_t *pos);

static DECLARE_MUTEX(midi_sem);
static int midi_opened;

static ssize_t midi_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	ssize_t ret = 0;
	unsigned char c;

	down(&midi_sem);
	while (count && !(inb(MPU_STATUS) & MPU_INPUT_EMPTY)) {
		c = inb(MPU_DATA);
		if (put_user(c, buf + ret)) {
			ret = -EFAULT;
			goto out;
		}
		ret++;
		count--;
	}
out:
	up(&midi_sem);
	return ret;
}

static int midi_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	down(&midi_sem);
	if (midi_opened) {
		up(&midi_sem);
		return -EBUSY;
	}
	midi_opened = 1;
	up(&midi_sem);
	return nonseekable_open(inode, file);
}

static int midi_release(struct inode *inode, struct file *file)
{
	midi_opened = 0;
	return 0;
}

/*
 * The sequencer queues events on behalf of a MIDI file it holds; it may
 * only do so at that file's own position.
 */
int midi_seq_check(struct file *file, loff_t *pos)
{
	if (pos != &file->f_pos)	/* expect: fpos-other */
		return -ESPIPE;
	return 0;
}
EXPORT_SYMBOL(midi_seq_check);

static struct file_operations midi_fops = {
	.owner		= THIS_MODULE,
	.read		= midi_read,
	.open		= midi_open,
	.release	= midi_release,
};

static int __init midi_init(void)
{
	return register_chrdev(MIDI_MAJOR, "midi", &midi_fops);
}

static void __exit midi_exit(void)
{
	unregister_chrdev(MIDI_MAJOR, "midi");
}

module_init(midi_init);
module_exit(midi_exit);
MODULE_LICENSE("GPL");

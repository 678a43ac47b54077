// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sound card's MIDI port.  Its file_operations mixes one C99 member
 * with GNU ones, as a macro standing for ".owner =" made 2.4 drivers
 * write it; the open method is there already, so no member has to be
 * added and the style does not matter.  The refusal comes after two
 * early returns.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <asm/uaccess.h>

struct mp_state {
	int open_count;
	unsigned char last;
};

struct mp_card {
	struct mp_state *midi;
};

static struct mp_card mp_the_card;

static ssize_t mp_read(struct file *file, char __user *buffer, size_t count,
		       loff_t *ppos)
{
	struct mp_card *card = file->private_data;
	struct mp_state *s;

	if (!card)
		return -ENODEV;
	s = card->midi;
	if (!s)
		return -ENODEV;
	if (ppos != &file->f_pos)	/* expect: espipe-test */
		return -ESPIPE;
	if (!count)
		return 0;
	if (put_user(s->last, buffer))
		return -EFAULT;
	return 1;
}

static int mp_open(struct inode *inode, struct file *file)	/* expect: nonseekable_open */
{
	mp_the_card.midi->open_count++;
	file->private_data = &mp_the_card;
	return 0;
}

static struct file_operations mp_fops = {
	.owner =	THIS_MODULE,
	read:		mp_read,
	open:		mp_open,
};

static int __init mp_init(void)
{
	return register_chrdev(35, "mp", &mp_fops);
}

module_init(mp_init);
MODULE_LICENSE("GPL");

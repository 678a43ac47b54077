// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 sound device, as ad1889's: its read method is a stub that moves
 * nothing, its write method refuses pread itself.  No positioned call
 * moves data at an offset the methods ignore: no pread hole, though the
 * write method's `#if 0` leaves what it does with the position unknown to
 * a reading of the text alone.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/sound.h>

static char dac_ring[256];

static ssize_t dac_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	return 0;
}

static ssize_t dac_write(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	if (ppos != &file->f_pos)	/* expect: espipe-test */ /* note: 2.6.8 conversion */
		return -ESPIPE;
	if (count > sizeof(dac_ring))
		count = sizeof(dac_ring);
#if 0
	dac_ring_pos = *ppos;
#endif
	if (copy_from_user(dac_ring, buf, count))
		return -EFAULT;
	return count;
}

static struct file_operations dac_fops = {
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		dac_read,
	write:		dac_write,
};

static int __init dac_init(void)
{
	return register_sound_dsp(&dac_fops, -1);
}
module_init(dac_init);

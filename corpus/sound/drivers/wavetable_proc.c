// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/asound files of a wavetable synthesizer, in the style of 2.6.8-era
 * ALSA drivers: the sample memory and the register file are raw data
 * entries whose methods sit in a struct snd_info_entry_ops, not in a
 * file_operations.  Their llseek methods (long long offsets) are llseek
 * methods all the same and own f_pos; read and write are given no
 * position and have only f_pos to go by.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/uaccess.h>
#include <sound/info.h>

#define WT_MEM_SIZE	0x200000
#define WT_REGS		0x100

struct snd_wt {
	unsigned char regs[WT_REGS];
	snd_info_entry_t *mem_entry;
	snd_info_entry_t *reg_entry;
};

extern void snd_wt_read_memory(struct snd_wt *wt, char *buf,
			       unsigned long offset, unsigned long size);
extern void snd_wt_write_memory(struct snd_wt *wt, const char *buf,
				unsigned long offset, unsigned long size);
int snd_wt_create_proc(void *card, struct snd_wt *wt);

static long snd_wt_mem_read(snd_info_entry_t *entry, void *file_private_data,
			    struct file *file, char __user *_buf,
			    unsigned long count)
{
	struct snd_wt *wt = entry->private_data;
	unsigned long size = count;
	char *buf;

	if (file->f_pos + size > entry->size)	/* expect: fpos-other */
		size = entry->size - file->f_pos;	/* expect: fpos-other */
	if (size == 0)
		return 0;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	snd_wt_read_memory(wt, buf, file->f_pos, size);	/* expect: fpos-other */
	if (copy_to_user(_buf, buf, size)) {
		kfree(buf);
		return -EFAULT;
	}
	kfree(buf);
	file->f_pos += size;	/* expect: fpos-other */
	return size;
}

static long snd_wt_mem_write(snd_info_entry_t *entry, void *file_private_data,
			     struct file *file, const char __user *_buf,
			     unsigned long count)
{
	struct snd_wt *wt = entry->private_data;
	unsigned long size = count;
	char *buf;

	if (file->f_pos + size > entry->size)	/* expect: fpos-other */
		size = entry->size - file->f_pos;	/* expect: fpos-other */
	if (size == 0)
		return 0;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, _buf, size)) {
		kfree(buf);
		return -EFAULT;
	}
	snd_wt_write_memory(wt, buf, file->f_pos, size);	/* expect: fpos-other */
	kfree(buf);
	file->f_pos += size;	/* expect: fpos-other */
	return size;
}

static long long snd_wt_mem_llseek(snd_info_entry_t *entry,
				   void *file_private_data, struct file *file,
				   long long offset, int orig)
{
	long long to;

	switch (orig) {
	case 0:
		to = offset;
		break;
	case 1:
		to = file->f_pos + offset;
		break;
	case 2:
		to = entry->size + offset;
		break;
	default:
		return -EINVAL;
	}
	if (to < 0 || to > entry->size)
		return -EINVAL;
	file->f_pos = to;
	return to;
}

static struct snd_info_entry_ops snd_wt_mem_ops = {
	.read =		snd_wt_mem_read,
	.write =	snd_wt_mem_write,
	.llseek =	snd_wt_mem_llseek,
};

static long snd_wt_reg_read(snd_info_entry_t *entry, void *file_private_data,
			    struct file *file, char __user *buf,
			    unsigned long count)
{
	struct snd_wt *wt = entry->private_data;

	if (file->f_pos >= WT_REGS)	/* expect: fpos-other */
		return 0;
	if (count > WT_REGS - file->f_pos)	/* expect: fpos-other */
		count = WT_REGS - file->f_pos;	/* expect: fpos-other */
	if (copy_to_user(buf, wt->regs + file->f_pos, count))	/* expect: fpos-other */
		return -EFAULT;
	file->f_pos += count;	/* expect: fpos-other */
	return count;
}

static long long snd_wt_reg_llseek(snd_info_entry_t *entry,
				   void *file_private_data, struct file *file,
				   long long offset, int orig)
{
	switch (orig) {
	case 0:
		file->f_pos = offset;
		break;
	case 1:
		file->f_pos += offset;
		break;
	default:
		return -EINVAL;
	}
	if (file->f_pos > WT_REGS)
		file->f_pos = WT_REGS;
	return file->f_pos;
}

static struct snd_info_entry_ops snd_wt_reg_ops = {
	.read =		snd_wt_reg_read,
	.llseek =	snd_wt_reg_llseek,
};

static snd_info_entry_t *snd_wt_entry(void *card, struct snd_wt *wt,
				      const char *name, unsigned long size,
				      struct snd_info_entry_ops *ops)
{
	snd_info_entry_t *entry;

	entry = snd_info_create_card_entry(card, name, NULL);
	if (!entry)
		return NULL;
	entry->content = SNDRV_INFO_CONTENT_DATA;
	entry->private_data = wt;
	entry->size = size;
	entry->c.ops = ops;
	if (snd_info_register(entry) < 0) {
		snd_info_free_entry(entry);
		return NULL;
	}
	return entry;
}

int snd_wt_create_proc(void *card, struct snd_wt *wt)
{
	wt->mem_entry = snd_wt_entry(card, wt, "wt_mem", WT_MEM_SIZE,
				     &snd_wt_mem_ops);
	wt->reg_entry = snd_wt_entry(card, wt, "wt_regs", WT_REGS,
				     &snd_wt_reg_ops);
	return wt->mem_entry && wt->reg_entry ? 0 : -ENOMEM;
}

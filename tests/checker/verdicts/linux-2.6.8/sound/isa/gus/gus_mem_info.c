// SPDX-License-Identifier: GPL-2.0-only
/*
 * An ALSA info entry of 2.6.8 with its own llseek method: the method owns
 * the file's position, and its f_pos uses are no finding.  The read
 * method is handed the position by value and uses it as it should.
 */
#include <sound/driver.h>
#include <sound/core.h>
#include <sound/info.h>

#define GUS_MEM_SIZE 0x100000

static long snd_gf1_mem_proc_dump(snd_info_entry_t *entry, void *file_private_data,
				  struct file *file, char __user *buf,
				  unsigned long count, unsigned long pos)
{
	if (pos >= GUS_MEM_SIZE)
		return 0;
	if (count > GUS_MEM_SIZE - pos)
		count = GUS_MEM_SIZE - pos;
	return count;
}

static long long snd_gf1_mem_proc_llseek(snd_info_entry_t *entry, void *private_file_data,
					 struct file *file, long long offset, int orig)
{
	switch (orig) {
	case 0:	/* SEEK_SET */
		file->f_pos = offset;
		break;
	case 1:	/* SEEK_CUR */
		file->f_pos += offset;
		break;
	case 2:	/* SEEK_END */
		file->f_pos = GUS_MEM_SIZE - offset;
		break;
	default:
		return -EINVAL;
	}
	if (file->f_pos > GUS_MEM_SIZE)
		file->f_pos = GUS_MEM_SIZE;
	return file->f_pos;
}

static struct snd_info_entry_ops snd_gf1_mem_proc_ops = {
	.read = snd_gf1_mem_proc_dump,
	.llseek = snd_gf1_mem_proc_llseek,
};

int snd_gf1_mem_proc_init(snd_card_t *card, snd_info_entry_t *entry)
{
	entry->content = SNDRV_INFO_CONTENT_DATA;
	entry->c.ops = &snd_gf1_mem_proc_ops;
	return 0;
}

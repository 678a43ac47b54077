/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __SOUND_INFO_H
#define __SOUND_INFO_H

/*
 * The parts of the 2.6.8-era ALSA info interface the corpus uses.  A
 * /proc/asound file of raw data goes through the methods of a struct
 * snd_info_entry_ops, each handed the entry, its private data and the
 * struct file.  read and write take no position: they find it in
 * file->f_pos, which llseek moves.
 */

#include <linux/types.h>

struct file;

typedef struct snd_info_entry snd_info_entry_t;

struct snd_info_entry_ops {
	int (*open)(snd_info_entry_t *entry, unsigned short mode,
		    void **file_private_data);
	int (*release)(snd_info_entry_t *entry, unsigned short mode,
		       void *file_private_data);
	long (*read)(snd_info_entry_t *entry, void *file_private_data,
		     struct file *file, char __user *buf, unsigned long count);
	long (*write)(snd_info_entry_t *entry, void *file_private_data,
		      struct file *file, const char __user *buf,
		      unsigned long count);
	long long (*llseek)(snd_info_entry_t *entry, void *file_private_data,
			    struct file *file, long long offset, int orig);
};

#define SNDRV_INFO_CONTENT_TEXT		0
#define SNDRV_INFO_CONTENT_DATA		1

struct snd_info_entry {
	const char *name;
	mode_t mode;
	unsigned long size;
	int content;
	union {
		struct snd_info_entry_ops *ops;
	} c;
	void *private_data;
};

extern snd_info_entry_t *snd_info_create_card_entry(void *card,
						     const char *name,
						     snd_info_entry_t *parent);
extern void snd_info_free_entry(snd_info_entry_t *entry);
extern int snd_info_register(snd_info_entry_t *entry);
extern int snd_info_unregister(snd_info_entry_t *entry);

#endif /* __SOUND_INFO_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MTD_MTD_H
#define _LINUX_MTD_MTD_H

#include <linux/types.h>

/* Memory technology devices: the 2.6.7 struct mtd_info, trimmed. */
#define MTD_CHAR_MAJOR	90
#define MAX_MTD_DEVICES	16

#define MTD_WRITEABLE	0x400

struct mtd_info {
	u8 type;
	u32 flags;
	u32 size;
	u32 erasesize;
	const char *name;
	int index;
	int (*read) (struct mtd_info *mtd, loff_t from, size_t len,
		     size_t *retlen, u8 *buf);
	int (*write) (struct mtd_info *mtd, loff_t to, size_t len,
		      size_t *retlen, const u8 *buf);
	int (*read_oob) (struct mtd_info *mtd, loff_t from, size_t len,
			 size_t *retlen, u8 *buf);
	void (*sync) (struct mtd_info *mtd);
};

extern struct mtd_info *get_mtd_device(struct mtd_info *mtd, int num);
extern void put_mtd_device(struct mtd_info *mtd);

#endif /* _LINUX_MTD_MTD_H */

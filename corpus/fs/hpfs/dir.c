// SPDX-License-Identifier: GPL-2.0-only
/*
 * Directories in the style of later kernels, whose methods fill a
 * struct dir_context and are named by .iterate_shared or .iterate.  They
 * own f_pos as readdir methods do: the VFS gives them no copy of it.  One
 * hands the address of file->f_pos to a list of open positions that a
 * rename moves along; neither is a read method, for the checker or for
 * rw_ppos.  Release takes that address off the list again: the address is
 * a key there, and a copy of the position would never be found.  Release
 * runs when nothing else uses the file, so it races with nothing either;
 * only a note.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>

#define HPDIR_CURSORS	8

static loff_t *hpdir_cursors[HPDIR_CURSORS];

extern int hpdir_emit(struct inode *dir, struct dir_context *ctx, loff_t pos);

static void hpdir_add_cursor(loff_t *pos)
{
	int i;

	for (i = 0; i < HPDIR_CURSORS; i++)
		if (!hpdir_cursors[i]) {
			hpdir_cursors[i] = pos;
			return;
		}
}

static void hpdir_del_cursor(loff_t *pos)
{
	int i;

	for (i = 0; i < HPDIR_CURSORS; i++)
		if (hpdir_cursors[i] == pos)
			hpdir_cursors[i] = NULL;
}

static int hpdir_iterate(struct file *file, struct dir_context *ctx)
{
	struct inode *inode = file->f_dentry->d_inode;

	if (file->f_pos == 0)
		hpdir_add_cursor(&file->f_pos);
	while (file->f_pos < inode->i_size) {
		if (hpdir_emit(inode, ctx, file->f_pos))
			break;
		file->f_pos++;
	}
	ctx->pos = file->f_pos;
	return 0;
}

static int hpdir_iterate_flat(struct file *file, struct dir_context *ctx)
{
	struct inode *inode = file->f_dentry->d_inode;

	if (file->f_pos >= inode->i_size)
		return 0;
	if (hpdir_emit(inode, ctx, file->f_pos))
		return 0;
	file->f_pos = inode->i_size;
	return 0;
}

static int hpdir_release(struct inode *inode, struct file *filp)
{
	hpdir_del_cursor(&filp->f_pos);	/* expect: fpos-other */
	return 0;
}

static struct file_operations hpdir_operations = {
	.llseek		= generic_file_llseek,
	.iterate_shared	= hpdir_iterate,
	.release	= hpdir_release,
};

static struct file_operations hpdir_flat_operations = {
	.llseek		= generic_file_llseek,
	.iterate	= hpdir_iterate_flat,
};

// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 directories.  The readdir method keeps its place in filp->f_pos,
 * as readdir methods may, and so does ext2_dx_readdir, which no
 * file_operations here names but whose signature says what it is.  The
 * routine that skips a damaged block, though, is neither.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>

#define EXT2_BLOCK_SIZE	1024
#define EXT2_NAME_LEN	255

struct ext2_dir_entry {
	unsigned int inode;
	unsigned short rec_len;
	unsigned char name_len;
	unsigned char file_type;
	char name[EXT2_NAME_LEN];
};

extern struct ext2_dir_entry *ext2_entry_at(struct inode *dir, loff_t pos);
extern int ext2_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		      unsigned long arg);
extern int ext2_sync_file(struct file *file, struct dentry *dentry, int datasync);

extern struct file_operations ext2_dir_operations;
int ext2_dx_readdir(struct file *filp, void *dirent, filldir_t filldir);

static void ext2_skip_block(struct file *filp)
{
	filp->f_pos = (filp->f_pos | (EXT2_BLOCK_SIZE - 1)) + 1;	/* expect: fpos-other, fpos-other */
}

static int ext2_readdir(struct file *filp, void *dirent, filldir_t filldir)
{
	struct inode *inode = filp->f_dentry->d_inode;
	struct ext2_dir_entry *de;

	while (filp->f_pos < inode->i_size) {
		de = ext2_entry_at(inode, filp->f_pos);
		if (!de) {
			ext2_skip_block(filp);
			continue;
		}
		if (!de->rec_len)
			return -EIO;
		if (de->inode &&
		    filldir(dirent, de->name, de->name_len, filp->f_pos,
			    de->inode, de->file_type) < 0)
			break;
		filp->f_pos += de->rec_len;
	}
	filp->f_version = 0;
	return 0;
}

int ext2_dx_readdir(struct file *filp, void *dirent, filldir_t filldir)
{
	struct inode *inode = filp->f_dentry->d_inode;
	struct ext2_dir_entry *de = ext2_entry_at(inode, filp->f_pos);

	if (!de)
		return 0;
	if (filldir(dirent, de->name, de->name_len, filp->f_pos, de->inode,
		    de->file_type) >= 0)
		filp->f_pos += de->rec_len;
	return 0;
}

struct file_operations ext2_dir_operations = {
	.llseek =	generic_file_llseek,
	.read =		generic_read_dir,
	.readdir =	ext2_readdir,
	.ioctl =	ext2_ioctl,
	.fsync =	ext2_sync_file,
};

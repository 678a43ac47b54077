// SPDX-License-Identifier: GPL-2.0-only
/*
 * A read-only directory of hardware description files that the service
 * processor driver exports: one directory, one text file per node.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <asm/uaccess.h>

#define HWINFO_NODES	3
#define HWINFO_DT_DIR	4
#define HWINFO_DT_REG	8

struct hwinfo_node {
	const char *name;
	unsigned long ino;
	const char *text;
	size_t len;
};

extern struct file_operations hwinfo_dir_operations;
extern struct file_operations hwinfo_file_operations;

static struct hwinfo_node hwinfo_nodes[HWINFO_NODES] = {
	{ "model",	10, "x345\n",		5 },
	{ "serial",	11, "KQ0421\n",		7 },
	{ "firmware",	12, "1.07\n",		5 },
};

static int hwinfo_readdir(struct file *filp, void *dirent, filldir_t filldir)
{
	struct inode *inode = filp->f_dentry->d_inode;
	int i = filp->f_pos;

	switch (i) {
	case 0:
		if (filldir(dirent, ".", 1, i, inode->i_ino, HWINFO_DT_DIR) < 0)
			break;
		i++;
		filp->f_pos++;
		/* fall through */
	case 1:
		if (filldir(dirent, "..", 2, i, inode->i_ino, HWINFO_DT_DIR) < 0)
			break;
		i++;
		filp->f_pos++;
		/* fall through */
	default:
		for (i -= 2; i < HWINFO_NODES; i++) {
			struct hwinfo_node *node = &hwinfo_nodes[i];

			if (filldir(dirent, node->name, strlen(node->name),
				    filp->f_pos, node->ino, HWINFO_DT_REG) < 0)
				break;
			filp->f_pos++;
		}
	}
	return 0;
}

static int hwinfo_open(struct inode *inode, struct file *f)
{
	if (inode->i_ino < 10 || inode->i_ino >= 10 + HWINFO_NODES)
		return -ENOENT;
	f->private_data = &hwinfo_nodes[inode->i_ino - 10];
	return 0;
}

static ssize_t hwinfo_read(struct file *f, char __user *ubuf, size_t n,
			   loff_t *where)
{
	struct hwinfo_node *node = f->private_data;
	size_t avail;

	if (*where >= node->len)	/* expect: rw-fpos */
		return 0;
	avail = node->len - *where;	/* expect: rw-fpos */
	if (n > avail)
		n = avail;
	if (copy_to_user(ubuf, node->text + *where, n))	/* expect: rw-fpos */
		return -EFAULT;
	*where += n;	/* expect: rw-fpos */
	return n;
}

struct file_operations hwinfo_dir_operations = {
	.llseek =	generic_file_llseek,
	.read =		generic_read_dir,
	.readdir =	hwinfo_readdir,
};

struct file_operations hwinfo_file_operations = {
	.llseek =	generic_file_llseek,
	.open =		hwinfo_open,
	.read =		hwinfo_read,
};

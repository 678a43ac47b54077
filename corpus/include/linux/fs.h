/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

/*
 * The parts of the 2.6.7-era VFS that the safe-seeks conversions start
 * from, plus the pieces later kernels added that the checker knows about
 * (nonseekable_open, stream_open, read_iter/write_iter, iterate_shared).
 */

#include <linux/types.h>

#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

#define FMODE_READ	1
#define FMODE_WRITE	2

/* Internal kernel extensions */
#define FMODE_LSEEK	4
#define FMODE_PREAD	8
#define FMODE_PWRITE	FMODE_PREAD	/* These go hand in hand */

#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_NONBLOCK	00004000

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(dev)	((unsigned int) ((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int) ((dev) & MINORMASK))

struct module;
struct poll_table_struct;
struct vm_area_struct;
struct iovec;
struct kiocb;
struct iov_iter;
struct file_lock;
struct page;

struct inode {
	unsigned long		i_ino;
	dev_t			i_rdev;
	loff_t			i_size;
	umode_t			i_mode;
	void			*i_private;
};

struct dentry {
	struct inode		*d_inode;
	struct dentry		*d_parent;
	const char		*d_name;
};

struct file {
	struct dentry			*f_dentry;
	struct file_operations		*f_op;
	unsigned int			f_flags;
	mode_t				f_mode;
	loff_t				f_pos;
	unsigned long			f_version;
	void				*private_data;
};

typedef int (*filldir_t)(void *, const char *, int, loff_t, unsigned long,
			 unsigned int);

/* later kernels: what an iterate method fills, and where it has got to */
struct dir_context {
	loff_t			pos;
};

/*
 * Member order is the 2.6.7 one, so that old positional initializers line
 * up; read_iter, write_iter, iterate and iterate_shared come from much
 * later kernels and sit at the end where they cannot disturb that order.
 */
struct file_operations {
	struct module *owner;
	loff_t (*llseek) (struct file *, loff_t, int);
	ssize_t (*read) (struct file *, char __user *, size_t, loff_t *);
	ssize_t (*aio_read) (struct kiocb *, char __user *, size_t, loff_t);
	ssize_t (*write) (struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*aio_write) (struct kiocb *, const char __user *, size_t, loff_t);
	int (*readdir) (struct file *, void *, filldir_t);
	unsigned int (*poll) (struct file *, struct poll_table_struct *);
	int (*ioctl) (struct inode *, struct file *, unsigned int, unsigned long);
	int (*mmap) (struct file *, struct vm_area_struct *);
	int (*open) (struct inode *, struct file *);
	int (*flush) (struct file *);
	int (*release) (struct inode *, struct file *);
	int (*fsync) (struct file *, struct dentry *, int datasync);
	int (*fasync) (int, struct file *, int);
	int (*lock) (struct file *, int, struct file_lock *);
	ssize_t (*readv) (struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*writev) (struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*read_iter) (struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter) (struct kiocb *, struct iov_iter *);
	int (*iterate) (struct file *, struct dir_context *);
	int (*iterate_shared) (struct file *, struct dir_context *);
};

struct kiocb {
	struct file		*ki_filp;
	loff_t			ki_pos;
	void			(*ki_complete)(struct kiocb *iocb, long ret);
	void			*private;
};

static inline int is_sync_kiocb(struct kiocb *kiocb)
{
	return !kiocb->ki_complete;
}

struct iov_iter {
	int			type;
	size_t			count;
};

static inline unsigned iminor(struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned imajor(struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

extern int register_chrdev(unsigned int major, const char *name,
			   struct file_operations *fops);
extern int unregister_chrdev(unsigned int major, const char *name);

extern loff_t no_llseek(struct file *file, loff_t offset, int origin);
extern loff_t generic_file_llseek(struct file *file, loff_t offset, int origin);
extern loff_t default_llseek(struct file *file, loff_t offset, int origin);
extern loff_t remote_llseek(struct file *file, loff_t offset, int origin);
/* later kernels: lseek() succeeds and moves nothing */
extern loff_t noop_llseek(struct file *file, loff_t offset, int origin);
extern int generic_file_open(struct inode *inode, struct file *filp);
extern int nonseekable_open(struct inode *inode, struct file *filp);
/* later kernels: read() and write() pass such a file's methods no position */
extern int stream_open(struct inode *inode, struct file *filp);

/* later kernels: numeric attribute files, opened non-seekable */
extern int simple_attr_open(struct inode *inode, struct file *file,
			    int (*get)(void *, u64 *), int (*set)(void *, u64),
			    const char *fmt);
extern int simple_attr_release(struct inode *inode, struct file *file);
extern ssize_t simple_attr_read(struct file *file, char __user *buf,
				size_t len, loff_t *ppos);
extern ssize_t simple_attr_write(struct file *file, const char __user *buf,
				 size_t len, loff_t *ppos);

/* later kernels: libfs helpers for small files kept in a buffer */
extern int simple_open(struct inode *inode, struct file *file);
extern ssize_t simple_read_from_buffer(void __user *to, size_t count,
				       loff_t *ppos, const void *from,
				       size_t available);
extern ssize_t simple_write_to_buffer(void *to, size_t available,
				      loff_t *ppos, const void __user *from,
				      size_t count);

extern ssize_t vfs_read(struct file *file, char __user *buf, size_t count,
			loff_t *pos);
extern ssize_t vfs_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *pos);
extern ssize_t vfs_readv(struct file *file, const struct iovec __user *vec,
			 unsigned long vlen, loff_t *pos);
extern ssize_t vfs_writev(struct file *file, const struct iovec __user *vec,
			  unsigned long vlen, loff_t *pos);
extern ssize_t generic_read_dir(struct file *filp, char __user *buf,
				size_t siz, loff_t *ppos);

extern struct file *filp_open(const char *name, int flags, int mode);
extern int filp_close(struct file *filp, void *id);
extern struct file *fget(unsigned int fd);
extern void fput(struct file *file);

#endif /* _LINUX_FS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * safeseek-kernel.h: the kernel declarations safeseek-check's rules rely on,
 * for files whose own headers are missing (an unconfigured tree, a driver
 * outside any tree) or do not parse.  The checker force-includes it and
 * drops every include directory, so each #include of the file is skipped and
 * these declarations stand in.
 *
 * struct file_operations keeps the 2.6.7 member order, so old positional
 * initializers still line up; members of later kernels follow after them.
 * ctl_table likewise keeps the old order first.  Function pointer types are
 * the 2.6.7 ones; the checker does not reject the newer signatures.
 */
#ifndef SAFESEEK_KERNEL_H
#define SAFESEEK_KERNEL_H

/* ---- annotations ---- */
#define __user
#define __kernel
#define __iomem
#define __force
#define __nocast
#define __bitwise
#define __rcu
#define __percpu
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#define __init
#define __exit
#define __initdata
#define __exitdata
#define __initconst
#define __devinit
#define __devexit
#define __devinitdata
#define __devexit_p(x) x
#define __exit_p(x) x
#define __read_mostly
#define __cold
#define __weak __attribute__((weak))
#define __used __attribute__((__used__))
#define __attribute_used__ __attribute__((__used__))
#define __maybe_unused __attribute__((unused))
#define __always_unused __attribute__((unused))
#define __must_check
#define __packed __attribute__((packed))
#define __aligned(x) __attribute__((aligned(x)))
#define __deprecated
#define __always_inline inline
#define noinline
#define notrace
#define asmlinkage
#define __sched
#define fallthrough do {} while (0)
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* ---- Kconfig's tests, for the tree's autoconf.h when it has one ----
   CONFIG_X is 1 when built in, CONFIG_X_MODULE is 1 when a module.  A 1
   pastes into a name that expands to "0,", shifting a 1 into the picked
   place; any other spelling leaves the 0 there. */
#define __ss_if_one_1 0,
#define __ss_pick_second(ignored, v, ...) v
#define __ss_is_one_(pasted) __ss_pick_second(pasted 1, 0, 0)
#define __ss_paste_one(x) __ss_is_one_(__ss_if_one_##x)
#define __ss_is_one(x) __ss_paste_one(x)	/* x expanded first */
#ifdef MODULE
#define __ss_building_module 1
#else
#define __ss_building_module 0
#endif
#define IS_BUILTIN(option) __ss_is_one(option)
#define IS_MODULE(option) __ss_is_one(option##_MODULE)
#define IS_ENABLED(option) (IS_BUILTIN(option) || IS_MODULE(option))
#define IS_REACHABLE(option) \
	(IS_BUILTIN(option) || (IS_MODULE(option) && __ss_building_module))

/* ---- basic types ---- */
#ifndef NULL
#define NULL ((void *)0)
#endif
typedef unsigned char __u8;
typedef signed char __s8;
typedef unsigned short __u16;
typedef signed short __s16;
typedef unsigned int __u32;
typedef signed int __s32;
typedef unsigned long long __u64;
typedef signed long long __s64;
typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
typedef __u16 __le16;
typedef __u16 __be16;
typedef __u32 __le32;
typedef __u32 __be32;
typedef __u64 __le64;
typedef __u64 __be64;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ssize_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef unsigned long uintptr_t;
typedef long off_t;
typedef long long loff_t;
typedef unsigned int dev_t;
typedef unsigned short umode_t;
typedef unsigned int mode_t;
typedef unsigned int fmode_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef long time_t;
typedef long long time64_t;
typedef unsigned long sector_t;
typedef unsigned int gfp_t;
typedef unsigned int __poll_t;
typedef _Bool bool;
#define true 1
#define false 0
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { int rlock; } spinlock_t;
typedef struct { int lock; } rwlock_t;
struct list_head { struct list_head *next, *prev; };
struct mutex { atomic_t count; };
struct semaphore { int count; };
struct rw_semaphore { long count; };
typedef struct { spinlock_t lock; struct list_head head; } wait_queue_head_t;
struct qstr { unsigned int hash, len; const unsigned char *name; };
struct timespec { time_t tv_sec; long tv_nsec; };

#define DEFINE_MUTEX(name) struct mutex name
#define DEFINE_SPINLOCK(name) spinlock_t name
#define DECLARE_WAIT_QUEUE_HEAD(name) wait_queue_head_t name
#define DECLARE_MUTEX(name) struct semaphore name
#define LIST_HEAD(name) struct list_head name

/* ---- errno ---- */
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define EBADF 9
#define EAGAIN 11
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOTTY 25
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EPIPE 32
#define ERANGE 34
#define ENOSYS 38
#define ENODATA 61
#define EOVERFLOW 75
#define EOPNOTSUPP 95
#define ETIMEDOUT 110
#define ERESTARTSYS 512

/* ---- helpers drivers use everywhere ---- */
#define offsetof(type, member) __builtin_offsetof(type, member)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define IS_ERR_VALUE(x) ((unsigned long)(x) >= (unsigned long)-4095)
#define KERN_ERR ""
#define KERN_WARNING ""
#define KERN_NOTICE ""
#define KERN_INFO ""
#define KERN_DEBUG ""
int printk(const char *fmt, ...);
#define pr_err(...) printk(__VA_ARGS__)
#define pr_warn(...) printk(__VA_ARGS__)
#define pr_info(...) printk(__VA_ARGS__)
#define pr_debug(...) printk(__VA_ARGS__)
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *p);
#define GFP_KERNEL 0u
#define GFP_ATOMIC 1u
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long clear_user(void __user *to, unsigned long n);
#define get_user(x, ptr) ((x) = *(ptr), 0)
#define put_user(x, ptr) (*(ptr) = (x), 0)
typedef struct { unsigned long seg; } mm_segment_t;
#define KERNEL_DS ((mm_segment_t){ 0UL })
#define USER_DS ((mm_segment_t){ 1UL })
mm_segment_t get_fs(void);
void set_fs(mm_segment_t fs);
void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
size_t strlen(const char *s);
int sprintf(char *buf, const char *fmt, ...);
int snprintf(char *buf, size_t size, const char *fmt, ...);
int scnprintf(char *buf, size_t size, const char *fmt, ...);

/* ---- modules ---- */
struct module;
#define THIS_MODULE ((struct module *)0)
#define EXPORT_SYMBOL(sym) extern int __safeseek_export_##sym
#define EXPORT_SYMBOL_GPL(sym) extern int __safeseek_export_##sym
#define MODULE_LICENSE(x) extern int __safeseek_module_info
#define MODULE_AUTHOR(x) extern int __safeseek_module_info
#define MODULE_DESCRIPTION(x) extern int __safeseek_module_info
#define MODULE_ALIAS(x) extern int __safeseek_module_info
#define MODULE_PARM_DESC(p, x) extern int __safeseek_module_info
#define module_param(n, t, p) extern int __safeseek_module_info
#define module_init(fn) extern int __safeseek_module_info
#define module_exit(fn) extern int __safeseek_module_info
#define __initcall(fn) extern int __safeseek_module_info
#define late_initcall(fn) extern int __safeseek_module_info

/* ---- the VFS ---- */
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_LSEEK ((fmode_t)0x4)
#define FMODE_PREAD ((fmode_t)0x8)
#define FMODE_PWRITE ((fmode_t)0x10)
#define FMODE_ATOMIC_POS ((fmode_t)0x8000)
#define FMODE_STREAM ((fmode_t)0x200000)
#define O_ACCMODE 00000003
#define O_RDONLY 00000000
#define O_WRONLY 00000001
#define O_RDWR 00000002
#define O_NONBLOCK 00004000
#define O_APPEND 00002000
#define O_CREAT 00000100
#define O_TRUNC 00001000
#define O_LARGEFILE 00100000

struct poll_table_struct;
typedef struct poll_table_struct poll_table;
struct vm_area_struct;
struct file_lock;
struct page;
struct pipe_inode_info;
struct super_block;
struct address_space;
struct vfsmount;
struct cred;
struct seq_file;
struct kobject;
struct device;
struct cdev;
struct proc_dir_entry;

struct inode {
	umode_t i_mode;
	unsigned long i_ino;
	dev_t i_rdev;
	loff_t i_size;
	struct super_block *i_sb;
	struct address_space *i_mapping;
	struct cdev *i_cdev;
	void *i_private;
	void *u_generic_ip;
};

struct dentry {
	struct inode *d_inode;
	struct dentry *d_parent;
	struct qstr d_name;
	void *d_fsdata;
};

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct file {
	struct path f_path;
	struct dentry *f_dentry;
	struct vfsmount *f_vfsmnt;
	struct inode *f_inode;
	const struct file_operations *f_op;
	unsigned int f_flags;
	fmode_t f_mode;
	loff_t f_pos;
	struct mutex f_pos_lock;
	unsigned long f_version;
	const struct cred *f_cred;
	struct address_space *f_mapping;
	void *private_data;
};

/* what a binary format's core dump writer is handed (2.6.32 on) */
struct coredump_params {
	long signr;
	struct pt_regs *regs;
	struct file *file;
	unsigned long limit;
	unsigned long mm_flags;
	loff_t written;
	loff_t pos;
};

struct kiocb {
	struct file *ki_filp;
	loff_t ki_pos;
	int ki_flags;
	void *private;
};

struct iovec {
	void __user *iov_base;
	size_t iov_len;
};

struct iov_iter {
	int type;
	size_t count;
};

typedef int (*filldir_t)(void *, const char *, int, loff_t, unsigned long,
			 unsigned int);
typedef struct {
	size_t written;
	size_t count;
	char __user *buf;
	int error;
} read_descriptor_t;
typedef int (*read_actor_t)(read_descriptor_t *, struct page *,
			    unsigned long, unsigned long);
struct dir_context;

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*aio_read)(struct kiocb *, char __user *, size_t, loff_t);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*aio_write)(struct kiocb *, const char __user *, size_t, loff_t);
	int (*readdir)(struct file *, void *, filldir_t);
	unsigned int (*poll)(struct file *, struct poll_table_struct *);
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, struct dentry *, int datasync);
	int (*aio_fsync)(struct kiocb *, int datasync);
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
	ssize_t (*readv)(struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*writev)(struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*sendfile)(struct file *, loff_t *, size_t, read_actor_t, void __user *);
	ssize_t (*sendpage)(struct file *, struct page *, int, size_t, loff_t *, int);
	unsigned long (*get_unmapped_area)(struct file *, unsigned long,
					   unsigned long, unsigned long,
					   unsigned long);
	int (*check_flags)(int);
	int (*dir_notify)(struct file *, unsigned long);
	int (*flock)(struct file *, int, struct file_lock *);
	/* later kernels */
	ssize_t (*read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter)(struct kiocb *, struct iov_iter *);
	int (*iopoll)(struct kiocb *, void *, unsigned int);
	int (*iterate)(struct file *, struct dir_context *);
	int (*iterate_shared)(struct file *, struct dir_context *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	unsigned long mmap_supported_flags;
	ssize_t (*splice_write)(struct pipe_inode_info *, struct file *, loff_t *,
				size_t, unsigned int);
	ssize_t (*splice_read)(struct file *, loff_t *, struct pipe_inode_info *,
			       size_t, unsigned int);
	void (*splice_eof)(struct file *);
	int (*setlease)(struct file *, int, struct file_lock **, void **);
	long (*fallocate)(struct file *, int, loff_t, loff_t);
	void (*show_fdinfo)(struct seq_file *, struct file *);
	ssize_t (*copy_file_range)(struct file *, loff_t, struct file *, loff_t,
				   size_t, unsigned int);
	loff_t (*remap_file_range)(struct file *, loff_t, struct file *, loff_t,
				   loff_t, unsigned int);
	int (*fadvise)(struct file *, loff_t, loff_t, int);
	int (*uring_cmd)(void *, unsigned int);
	int (*uring_cmd_iopoll)(void *, void *, unsigned int);
	unsigned int fop_flags;
};

loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t default_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size);
loff_t remote_llseek(struct file *file, loff_t offset, int whence);
int generic_file_open(struct inode *inode, struct file *filp);
int nonseekable_open(struct inode *inode, struct file *filp);
int stream_open(struct inode *inode, struct file *filp);
int simple_open(struct inode *inode, struct file *filp);
ssize_t vfs_read(struct file *file, char __user *buf, size_t count, loff_t *pos);
ssize_t vfs_write(struct file *file, const char __user *buf, size_t count,
		  loff_t *pos);
ssize_t vfs_readv(struct file *file, const struct iovec __user *vec,
		  unsigned long vlen, loff_t *pos);
ssize_t vfs_writev(struct file *file, const struct iovec __user *vec,
		   unsigned long vlen, loff_t *pos);
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *file, const void *buf, size_t count,
		     loff_t *pos);
ssize_t generic_read_dir(struct file *filp, char __user *buf, size_t siz,
			 loff_t *ppos);
ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
				const void *from, size_t available);
ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
			       const void __user *from, size_t count);
struct file *filp_open(const char *name, int flags, umode_t mode);
int filp_close(struct file *filp, void *id);
struct file *fget(unsigned int fd);
void fput(struct file *file);
int register_chrdev(unsigned int major, const char *name,
		    const struct file_operations *fops);
void unregister_chrdev(unsigned int major, const char *name);
unsigned int iminor(const struct inode *inode);
unsigned int imajor(const struct inode *inode);
size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
size_t iov_iter_count(const struct iov_iter *i);

struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
};
#define MISC_DYNAMIC_MINOR 255
int misc_register(struct miscdevice *misc);

/* ---- sysctl ---- */
struct ctl_table;
typedef struct ctl_table ctl_table;
typedef int ctl_handler(ctl_table *table, int __user *name, int nlen,
			void __user *oldval, size_t __user *oldlenp,
			void __user *newval, size_t newlen, void **context);
/* Unprototyped, as the handlers below: a handler of any era's form (2.4's
   five arguments, 2.6.8's six, 6.x's without filp) fits the table, and a
   conversion that gives the whole contract a ppos breaks no call. */
typedef int proc_handler();

struct ctl_table {
	int ctl_name;
	const char *procname;
	void *data;
	int maxlen;
	umode_t mode;
	ctl_table *child;
	proc_handler *proc_handler;
	ctl_handler *strategy;
	struct proc_dir_entry *de;
	void *extra1;
	void *extra2;
	/* later kernels */
	void *poll;
	int type;
};

struct ctl_table_header {
	ctl_table *ctl_table;
};

/* Unprototyped: handlers call them with the arguments of whichever
   proc_handler form their kernel had, with or without ppos. */
int proc_dostring();
int proc_dointvec();
int proc_dointvec_minmax();
int proc_dointvec_jiffies();
int proc_doulongvec_minmax();
struct ctl_table_header *register_sysctl_table(ctl_table *table, int insert_at_head);
void unregister_sysctl_table(struct ctl_table_header *table);

/*
 * ALSA's proc info files (sound/info.h), whose llseek method owns the
 * position as a file_operations' does.  llseek has one shape in every
 * kernel; the others are unprototyped, as 2.6.8 spells them with long and
 * unsigned long and later kernels with ssize_t, size_t and loff_t.
 */
struct snd_info_entry;
struct snd_card;
typedef struct snd_info_entry snd_info_entry_t;
typedef struct snd_card snd_card_t;
struct snd_info_entry_ops {
	int (*open)();
	int (*release)();
	long (*read)();
	long (*write)();
	long long (*llseek)(struct snd_info_entry *entry, void *file_private_data,
			    struct file *file, long long offset, int orig);
	unsigned int (*poll)();
	int (*ioctl)();
	int (*mmap)();
};

#endif /* SAFESEEK_KERNEL_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * SCSI tape driver, character interface (trimmed to the read and write
 * paths).
 *
 * The file position is the number of bytes moved since the last rewind; the
 * read and write paths advance it and the rewind ioctl clears it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/mtio.h>
#include <asm/uaccess.h>
#include <asm/semaphore.h>

#define SCSI_TAPE_MAJOR	9
#define ST_MAX_TAPES	4
#define ST_BUFFER_SIZE	32768

struct scsi_tape {
	struct semaphore lock;
	int in_use;
	int ready;
	int at_filemark;
	loff_t eod_pos;		/* bytes of recorded data */
	unsigned int block_size;
	char *buffer;
	size_t buffer_bytes;
	size_t read_pointer;
};

static struct scsi_tape *scsi_tapes[ST_MAX_TAPES];

extern int st_do_scsi_read(struct scsi_tape *STp, size_t bytes);
extern int st_do_scsi_write(struct scsi_tape *STp, size_t bytes);
extern int st_space(struct scsi_tape *STp, int op, int count);
extern int st_rewind(struct scsi_tape *STp);

static int st_open(struct inode *inode, struct file *filp)
{
	unsigned int dev = iminor(inode);
	struct scsi_tape *STp;

	if (dev >= ST_MAX_TAPES || !(STp = scsi_tapes[dev]))
		return -ENXIO;
	if (STp->in_use)
		return -EBUSY;
	STp->in_use = 1;
	filp->private_data = STp;
	return 0;
}

static int st_release(struct inode *inode, struct file *filp)
{
	struct scsi_tape *STp = filp->private_data;

	STp->in_use = 0;
	return 0;
}

static ssize_t st_read(struct file *filp, char __user *buf, size_t count,
		       loff_t *ppos)
{
	struct scsi_tape *STp = filp->private_data;
	ssize_t total = 0;
	size_t transfer;
	int retval;

	if (!STp->ready)
		return -EIO;
	if (STp->at_filemark || filp->f_pos >= STp->eod_pos)	/* expect: rw-fpos */
		return 0;

	down(&STp->lock);
	while (count > 0) {
		if (STp->buffer_bytes == 0) {
			retval = st_do_scsi_read(STp, STp->block_size);
			if (retval <= 0) {
				if (total == 0)
					total = retval;
				break;
			}
			STp->buffer_bytes = retval;
			STp->read_pointer = 0;
		}
		transfer = min_t(size_t, count, STp->buffer_bytes);
		if (copy_to_user(buf, STp->buffer + STp->read_pointer, transfer)) {
			total = -EFAULT;
			break;
		}
		STp->read_pointer += transfer;
		STp->buffer_bytes -= transfer;
		filp->f_pos += transfer;	/* expect: rw-fpos */
		buf += transfer;
		total += transfer;
		count -= transfer;
	}
	up(&STp->lock);
	return total;
}

static ssize_t st_write(struct file *filp, const char __user *buf,
			size_t count, loff_t *ppos)
{
	struct scsi_tape *STp = filp->private_data;
	ssize_t total = 0;
	size_t do_count;
	int retval;

	if (!STp->ready)
		return -EIO;
	if (STp->block_size == 0 || count % STp->block_size != 0)
		return -EINVAL;

	down(&STp->lock);
	while (count > 0) {
		do_count = min_t(size_t, count, ST_BUFFER_SIZE);
		if (copy_from_user(STp->buffer, buf, do_count)) {
			total = -EFAULT;
			break;
		}
		retval = st_do_scsi_write(STp, do_count);
		if (retval < 0) {
			if (total == 0)
				total = retval;
			break;
		}
		filp->f_pos += retval;	/* expect: rw-fpos */
		buf += retval;
		total += retval;
		count -= retval;
	}
	/* Writing ends the recorded data wherever the tape now stands. */
	STp->eod_pos = filp->f_pos;	/* expect: rw-fpos */
	up(&STp->lock);
	return total;
}

static int st_ioctl(struct inode *inode, struct file *filp,
		    unsigned int cmd, unsigned long arg)
{
	struct scsi_tape *STp = filp->private_data;
	struct mtop mtc;
	struct mtpos mt_pos;
	int retval;

	switch (cmd) {
	case MTIOCTOP:
		if (copy_from_user(&mtc, (void __user *)arg, sizeof(mtc)))
			return -EFAULT;
		if (mtc.mt_op != MTREW)
			return st_space(STp, mtc.mt_op, mtc.mt_count);
		retval = st_rewind(STp);
		if (retval == 0)
			filp->f_pos = 0;	/* expect: fpos-other */
		return retval;
	case MTIOCPOS:
		mt_pos.mt_blkno = (long)filp->f_pos / STp->block_size;	/* expect: fpos-other */
		if (copy_to_user((void __user *)arg, &mt_pos, sizeof(mt_pos)))
			return -EFAULT;
		return 0;
	default:
		return -ENOTTY;
	}
}

static struct file_operations st_fops = {	/* expect: pread-hole */
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		st_read,
	.write =	st_write,
	.ioctl =	st_ioctl,
	.open =		st_open,
	.release =	st_release,
};

static int __init init_st(void)
{
	return register_chrdev(SCSI_TAPE_MAJOR, "st", &st_fops);
}

static void __exit exit_st(void)
{
	unregister_chrdev(SCSI_TAPE_MAJOR, "st");
}

module_init(init_st);
module_exit(exit_st);
MODULE_LICENSE("GPL");

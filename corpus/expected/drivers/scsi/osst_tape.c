// SPDX-License-Identifier: GPL-2.0-only
/*
 * OnStream-style tape, character interface.
 *
 * Data moves in fixed 32k frames and the file position counts frames, not
 * bytes: a read returns one frame and advances the position by one.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define OSST_MAJOR		206
#define OS_DATA_SIZE		32768
#define OS_FRAME_FILEMARK	1

struct osst_tape {
	int at_bot;		/* the drive reported beginning of tape */
	int last_frame;		/* frames of recorded data */
	char *frame_data;
};

static struct osst_tape *osst_tapes[4];

extern int osst_get_frame(struct osst_tape *tp, loff_t frame);
extern int osst_put_frames(struct osst_tape *tp, const char __user *ubuf,
			   int nframes);
extern int osst_seek_frame(struct osst_tape *tp, loff_t frame);

static int osst_open(struct inode *inode, struct file *fp)
{
	unsigned int dev = iminor(inode);

	if (dev >= 4 || !osst_tapes[dev])
		return -ENXIO;
	fp->private_data = osst_tapes[dev];
	return 0;
}

static loff_t osst_llseek(struct file *file, loff_t offset, int origin)
{
	struct osst_tape *tp = file->private_data;
	loff_t frame;

	switch (origin) {
	case SEEK_SET:
		frame = offset;
		break;
	case SEEK_CUR:
		frame = file->f_pos + offset;
		break;
	case SEEK_END:
		frame = tp->last_frame + offset;
		break;
	default:
		return -EINVAL;
	}
	if (frame < 0 || frame > tp->last_frame)
		return -EINVAL;
	if (osst_seek_frame(tp, frame) < 0)
		return -EIO;
	file->f_pos = frame;
	return frame;
}

static ssize_t osst_read(struct file *fp, char __user *ubuf, size_t len,
			 loff_t *offset)
{
	struct osst_tape *tp = fp->private_data;
	int ret;

	if (len < OS_DATA_SIZE)
		return -EINVAL;
	/* After a media change the drive knows better than we do. */
	if (tp->at_bot) {
		*offset = 0;	/* expect: rw-fpos */
		tp->at_bot = 0;
	}
	if (*offset >= tp->last_frame)	/* expect: rw-fpos */
		return 0;
	ret = osst_get_frame(tp, *offset);	/* expect: rw-fpos */
	if (ret < 0)
		return ret;
	if (ret == OS_FRAME_FILEMARK) {
		/* Step over the filemark so the next read starts the next file. */
		++*offset;	/* expect: rw-fpos */
		return 0;
	}
	if (copy_to_user(ubuf, tp->frame_data, OS_DATA_SIZE))
		return -EFAULT;
	(*offset)++;	/* expect: rw-fpos */
	return OS_DATA_SIZE;
}

static ssize_t osst_write(struct file *fp, const char __user *ubuf,
			  size_t len, loff_t *offset)
{
	struct osst_tape *tp = fp->private_data;
	int nframes = len / OS_DATA_SIZE;
	int done;

	if (nframes == 0)
		return -EINVAL;
	*offset += nframes;	/* expect: rw-fpos */
	done = osst_put_frames(tp, ubuf, nframes);
	if (done < 0) {
		*offset -= nframes;	/* expect: rw-fpos */
		return done;
	}
	if (done < nframes)
		*offset -= nframes - done;	/* expect: rw-fpos */
	/* The drive rewrites a frame whose write it could not verify. */
	if (done > 0 && osst_get_frame(tp, *offset - 1) < 0)	/* expect: rw-fpos */
		(*offset)--;	/* expect: rw-fpos */
	tp->last_frame = *offset;	/* expect: rw-fpos */
	return done * OS_DATA_SIZE;
}

static struct file_operations osst_fops = {
	.owner =	THIS_MODULE,
	.llseek =	osst_llseek,
	.read =		osst_read,
	.write =	osst_write,
	.open =		osst_open,
};

static int __init init_osst(void)
{
	return register_chrdev(OSST_MAJOR, "osst", &osst_fops);
}

module_init(init_osst);
MODULE_LICENSE("GPL");

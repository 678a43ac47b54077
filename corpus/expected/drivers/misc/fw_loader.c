// SPDX-License-Identifier: GPL-2.0-only
/*
 * Firmware image loader for a DSP board: reads the image straight from the
 * filesystem at probe time, and keeps a text log of the boot next to it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/uaccess.h>

#define DSP_FW_PATH	"/lib/firmware/dsp56k.bin"
#define DSP_LOG_PATH	"/var/log/dsp56k.boot"
#define DSP_FW_MAX	(64 * 1024)
#define DSP_FW_MAGIC	0x44535031

struct dsp_log {
	struct file *filp;
	int lines;
};

extern int dsp_upload(const u8 *image, size_t len);

static int dsp_check_header(struct file *filp)
{
	loff_t pos;
	u32 magic;
	ssize_t n;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	pos = filp->f_pos;
	n = vfs_read(filp, (__force char __user *)&magic, sizeof(magic),
		     &pos);
	filp->f_pos = pos;	/* expect: fpos-address */
	set_fs(old_fs);
	if (n != sizeof(magic))
		return -EIO;
	return magic == DSP_FW_MAGIC ? 0 : -EINVAL;
}

/* The image ends with a trailer that names its version. */
static int dsp_read_trailer(struct file *filp, loff_t pos, u32 *version)
{
	loff_t fpos;
	mm_segment_t old_fs = get_fs();
	ssize_t n;

	filp->f_pos = pos;	/* expect: fpos-other */
	set_fs(KERNEL_DS);
	fpos = filp->f_pos;
	n = vfs_read(filp, (__force char __user *)version, sizeof(*version),
		     &fpos);
	filp->f_pos = fpos;	/* expect: fpos-address */
	set_fs(old_fs);
	return n == sizeof(*version) ? 0 : -EIO;
}

static int dsp_load_firmware(u8 **image, size_t *len)
{
	loff_t pos;
	struct file *filp;
	mm_segment_t old_fs;
	size_t done = 0;
	ssize_t n = 0;
	u8 *buf;
	int err;

	filp = filp_open(DSP_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(filp))
		return PTR_ERR(filp);
	err = dsp_check_header(filp);
	if (err)
		goto out_close;
	buf = kmalloc(DSP_FW_MAX, GFP_KERNEL);
	err = -ENOMEM;
	if (!buf)
		goto out_close;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	while (done < DSP_FW_MAX) {
		pos = filp->f_pos;
		n = vfs_read(filp, (__force char __user *)buf + done,
			     DSP_FW_MAX - done, &pos);
		filp->f_pos = pos;	/* expect: fpos-address */
		if (n <= 0)
			break;
		done += n;
	}
	set_fs(old_fs);
	if (n < 0) {
		kfree(buf);
		err = n;
		goto out_close;
	}
	*image = buf;
	*len = done;
	err = 0;
	if (done > sizeof(u32)) {
		u32 version;

		if (dsp_read_trailer(filp, done - sizeof(u32), &version) == 0)
			printk(KERN_INFO "dsp56k: firmware version %u\n", version);
	}
out_close:
	filp_close(filp, NULL);
	return err;
}

static void dsp_log_line(struct dsp_log *log, const char *text)
{
	loff_t pos;
	mm_segment_t old_fs;
	size_t len = strlen(text);

	if (!log->filp)
		return;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (len) {
		pos = log->filp->f_pos;
		vfs_write(log->filp, (__force const char __user *)text, len,
			  &pos);
		log->filp->f_pos = pos;
	}	/* expect: fpos-address */
	pos = log->filp->f_pos;
	vfs_write(log->filp, (__force const char __user *)"\n", 1,
		  &pos);
	log->filp->f_pos = pos;	/* expect: fpos-address */
	set_fs(old_fs);
	log->lines++;
}

static int __init dsp_init(void)
{
	struct dsp_log log = { NULL, 0 };
	u8 *image;
	size_t len;
	int err;

	log.filp = filp_open(DSP_LOG_PATH, O_WRONLY, 0);
	if (IS_ERR(log.filp))
		log.filp = NULL;
	err = dsp_load_firmware(&image, &len);
	if (err) {
		dsp_log_line(&log, "no firmware");
		goto out;
	}
	err = dsp_upload(image, len);
	dsp_log_line(&log, err ? "upload failed" : "running");
	kfree(image);
out:
	if (log.filp)
		filp_close(log.filp, NULL);
	return err;
}

module_init(dsp_init);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Front-panel LCD.  /dev/lcd reads and writes the 4x20 character panel, the
 * file position being the cursor.  /dev/lcdlog is a stream: what is written
 * there goes to the panel through the panel's own write method and is also
 * appended to a log file opened at load time.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

#define LCD_CHARS	80
#define LCD_LOG_PATH	"/var/log/lcd"

static char lcd_text[LCD_CHARS];
static struct file *lcd_log_file;

extern void lcd_refresh(const char *text, int from, int len);

static ssize_t lcd_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	size_t n;

	if (file->f_pos >= LCD_CHARS)	/* expect: rw-fpos */
		return 0;
	n = min_t(size_t, count, LCD_CHARS - file->f_pos);	/* expect: rw-fpos */
	if (copy_to_user(buf, lcd_text + file->f_pos, n))	/* expect: rw-fpos */
		return -EFAULT;
	file->f_pos += n;	/* expect: rw-fpos */
	return n;
}

static ssize_t lcd_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	size_t n;
	int from;

	/* Writing past the last cell wraps to the top left corner. */
	if (file->f_pos >= LCD_CHARS)	/* expect: rw-fpos */
		file->f_pos = 0;	/* expect: rw-fpos */
	from = file->f_pos;	/* expect: rw-fpos */
	n = min_t(size_t, count, LCD_CHARS - from);
	if (copy_from_user(lcd_text + from, buf, n))
		return -EFAULT;
	file->f_pos += n;	/* expect: rw-fpos */
	lcd_refresh(lcd_text, from, n);
	return n;
}

static struct file_operations lcd_fops = {
	.owner =	THIS_MODULE,
	.llseek =	default_llseek,
	.read =		lcd_read,
	.write =	lcd_write,
};

static int lcdlog_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

/* Reading the log node shows the panel, as reading /dev/lcd does. */
static ssize_t lcdlog_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	return lcd_fops.read(file, buf, count, &file->f_pos);	/* expect: fpos-address */
}

static ssize_t lcdlog_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	ssize_t ret;

	ret = lcd_fops.write(file, buf, count, &file->f_pos);	/* expect: fpos-address */
	if (ret <= 0 || !lcd_log_file)
		return ret;
	lcd_log_file->f_op->write(lcd_log_file, buf, ret,
				  &lcd_log_file->f_pos);	/* expect: fpos-address */
	return ret;
}

static struct file_operations lcdlog_fops = {
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.read =		lcdlog_read,
	.write =	lcdlog_write,
	.open =		lcdlog_open,
};

static struct miscdevice lcd_dev = { MISC_DYNAMIC_MINOR, "lcd", &lcd_fops };
static struct miscdevice lcdlog_dev = { MISC_DYNAMIC_MINOR, "lcdlog", &lcdlog_fops };

static int __init lcd_init(void)
{
	int err;

	lcd_log_file = filp_open(LCD_LOG_PATH, O_WRONLY, 0);
	if (IS_ERR(lcd_log_file))
		lcd_log_file = NULL;
	err = misc_register(&lcd_dev);
	if (err)
		return err;
	err = misc_register(&lcdlog_dev);
	if (err)
		misc_deregister(&lcd_dev);
	return err;
}

module_init(lcd_init);
MODULE_LICENSE("GPL");

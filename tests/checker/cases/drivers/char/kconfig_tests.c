// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kconfig's tests in #if, with no configuration at all (there is no tree
 * here): the bundled header has IS_ENABLED() and its kin, so the
 * conditions parse, and every option is off.
 */
#include <linux/fs.h>
#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_SAFESEEK_OFF) || IS_REACHABLE(CONFIG_SAFESEEK_OFF)
static ssize_t kt_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	file->f_pos += count;
	return count;
}
#elif !IS_BUILTIN(CONFIG_SAFESEEK_OFF) && !IS_MODULE(CONFIG_SAFESEEK_OFF)
static ssize_t kt_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	file->f_pos += count;		/* expect: rw-fpos */
	return count;
}
#endif

static const struct file_operations kt_fops = {
	.owner		= THIS_MODULE,
	.read		= kt_read,
	.llseek		= default_llseek,
};

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

extern int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
extern int sprintf(char *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
extern unsigned long simple_strtoul(const char *cp, char **endp,
				    unsigned int base);
extern long simple_strtol(const char *cp, char **endp, unsigned int base);

#define min(x, y) ((x) < (y) ? (x) : (y))
#define max(x, y) ((x) > (y) ? (x) : (y))
#define min_t(type, x, y) ((type)(x) < (type)(y) ? (type)(x) : (type)(y))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define HZ 100
extern unsigned long volatile jiffies;

#endif /* _LINUX_KERNEL_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>

extern void *memcpy(void *dest, const void *src, size_t n);
extern void *memset(void *s, int c, size_t n);
extern int memcmp(const void *a, const void *b, size_t n);
extern size_t strlen(const char *s);
extern char *strcpy(char *dest, const char *src);
extern char *strncpy(char *dest, const char *src, size_t n);
extern int strcmp(const char *a, const char *b);
extern int strncmp(const char *a, const char *b, size_t n);

#endif /* _LINUX_STRING_H */

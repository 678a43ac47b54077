/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _ASM_IO_H
#define _ASM_IO_H

extern unsigned char inb(unsigned long port);
extern void outb(unsigned char value, unsigned long port);
extern unsigned short inw(unsigned long port);
extern void outw(unsigned short value, unsigned long port);

#endif /* _ASM_IO_H */

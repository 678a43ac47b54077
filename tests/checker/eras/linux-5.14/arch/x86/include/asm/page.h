/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H
#define PAGE_SIZE 4096UL
#endif

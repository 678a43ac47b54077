/* SPDX-License-Identifier: GPL-2.0-only */
#define __NR_read 0

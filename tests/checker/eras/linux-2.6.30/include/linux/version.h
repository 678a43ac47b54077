/* SPDX-License-Identifier: GPL-2.0-only */
/* what `make prepare` writes */
#define LINUX_VERSION_CODE 0
#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + (c))

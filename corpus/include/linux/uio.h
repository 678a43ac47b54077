/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_UIO_H
#define _LINUX_UIO_H

#include <linux/types.h>

struct iovec {
	void __user *iov_base;
	size_t iov_len;
};

extern size_t iov_length(const struct iovec *iov, unsigned long nr_segs);
extern size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
extern size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
extern size_t iov_iter_count(const struct iov_iter *i);

#endif /* _LINUX_UIO_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EPERM		 1
#define ENOENT		 2
#define EINTR		 4
#define EIO		 5
#define ENXIO		 6
#define E2BIG		 7
#define EBADF		 9
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define ENOTDIR		20
#define EINVAL		22
#define ENOTTY		25
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EPIPE		32
#define ERANGE		34
#define ENOSYS		38
#define ENODATA		61
#define ETIMEDOUT	110
#define EOPNOTSUPP	95

#define ERESTARTSYS	512
#define ENOIOCTLCMD	515

#endif /* _LINUX_ERRNO_H */

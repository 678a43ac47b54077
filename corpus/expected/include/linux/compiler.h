/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

/*
 * Address-space annotations as the 2.6 kernel spells them: real attributes
 * under sparse (__CHECKER__), nothing for the compiler.
 */
#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __kernel	/* default address space */
# define __iomem	__attribute__((noderef, address_space(2)))
# define __force	__attribute__((force))
# define __nocast	__attribute__((nocast))
# define __acquires(x)	__attribute__((context(x, 0, 1)))
# define __releases(x)	__attribute__((context(x, 1, 0)))
#else
# define __user
# define __kernel
# define __iomem
# define __force
# define __nocast
# define __acquires(x)
# define __releases(x)
#endif

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __attribute_used__	__attribute__((__used__))
#define __deprecated		__attribute__((deprecated))
#define noinline		__attribute__((noinline))
#define __always_inline		inline __attribute__((always_inline))

#endif /* _LINUX_COMPILER_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#define __init		__attribute__((__section__(".init.text")))
#define __exit		__attribute__((__section__(".exit.text")))
#define __initdata	__attribute__((__section__(".init.data")))

#endif /* _LINUX_INIT_H */

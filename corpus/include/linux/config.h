/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CONFIG_H
#define _LINUX_CONFIG_H

/*
 * The one configuration the corpus is built with.  Code under these
 * options is what the compilers and the checker see; the #else branches
 * are seen only by the semantic patches.
 */
#define CONFIG_PROC_FS		1
#define CONFIG_SYSCTL		1
#define CONFIG_PARPORT_1284	1
#define CONFIG_DECNET_ROUTER	1

#endif /* _LINUX_CONFIG_H */

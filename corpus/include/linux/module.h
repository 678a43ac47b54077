/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/types.h>
#include <linux/init.h>

struct module;
extern struct module __this_module;
#define THIS_MODULE (&__this_module)

extern int try_module_get(struct module *m);
extern void module_put(struct module *m);

/* Only the shape matters to the corpus: each expands to a harmless declaration. */
#define MODULE_LICENSE(x)	extern int __module_license_dummy
#define MODULE_AUTHOR(x)	extern int __module_author_dummy
#define MODULE_DESCRIPTION(x)	extern int __module_description_dummy
#define MODULE_PARM(v, t)	extern int __module_parm_dummy
#define EXPORT_SYMBOL(sym)	extern int __export_symbol_dummy
#define EXPORT_SYMBOL_GPL(sym)	extern int __export_symbol_dummy

#define module_init(fn) \
	int init_module(void) __attribute__((alias(#fn)))
#define module_exit(fn) \
	void cleanup_module(void) __attribute__((alias(#fn)))

#endif /* _LINUX_MODULE_H */

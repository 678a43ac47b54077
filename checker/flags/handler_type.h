/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_HANDLER_TYPE_H
#define SAFESEEK_HANDLER_TYPE_H

/*
 * The tree's own word on the sysctl handler contract: the proc_handler
 * typedef of its include/linux/sysctl.h, and whether that type takes the
 * position (`loff_t *ppos`, Linux 2.6.8 on).  A conversion that gives the
 * handlers a sixth parameter must convert this type, and the core that
 * calls through it, in the same run (seed 003 did all three at once).
 */

#include <stdbool.h>

struct ss_handler_type {
	char *file;		/* the header holding the typedef, or NULL: none */
	bool ppos;		/* the type takes a loff_t * */
};

/* The handler type of the kernel tree at `root` (NULL: no tree). */
void ss_handler_type_of_tree(const char *root, struct ss_handler_type *t);

void ss_handler_type_free(struct ss_handler_type *t);

#endif

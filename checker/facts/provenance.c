// SPDX-License-Identifier: GPL-2.0-only
#include "facts/provenance.h"

#include <stddef.h>

const char *const ss_kernel_openers[] = {
	"filp_open", "file_open_name", "file_open_root", "dentry_open", "open_exec",
	"shmem_file_setup", "shmem_kernel_file_setup", NULL
};

enum ss_tri ss_origin_shares_position(enum ss_file_origin o)
{
	switch (o) {
	case SS_ORIGIN_OWN:
		return SS_YES;
	case SS_ORIGIN_KERNEL:
		return SS_NO;
	case SS_ORIGIN_UNKNOWN:
		break;
	}
	return SS_UNKNOWN;
}

enum ss_tri ss_fops_missing_llseek_refuses(const struct ss_facts *s,
					   const struct ss_fops_facts *f)
{
	return ss_and(s->vfs[SS_VFS_MISSING_LLSEEK_REFUSES], ss_not(f->proc));
}

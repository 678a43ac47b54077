// SPDX-License-Identifier: GPL-2.0-only
#include "flags/vfs_era.h"

/* The release that changed each fact; `from` says which way it went. */
static const struct {
	unsigned major, minor, sub;
	bool from;			/* true: yes from that release on;
					   false: yes before it */
	const char *name;
} change[SS_VFS_FACTS] = {
	[SS_VFS_POSITION_COPY] = { 2, 6, 8, true, "2.6.8" },
	[SS_VFS_REFUSES_PREAD] = { 2, 6, 8, true, "2.6.8" },
	[SS_VFS_SYSCTL_PPOS] = { 2, 6, 8, true, "2.6.8" },
	[SS_VFS_NO_LLSEEK] = { 6, 12, 0, false, "6.12" },
	[SS_VFS_MISSING_LLSEEK_REFUSES] = { 2, 6, 37, true, "2.6.37" },
	[SS_VFS_FPOS_LOCK] = { 3, 14, 0, true, "3.14" },
	[SS_VFS_STREAM_OPEN] = { 5, 2, 0, true, "5.2" },
};

enum ss_tri ss_vfs(struct ss_kversion v, enum ss_vfs_fact f)
{
	bool since;

	if (!ss_kversion_known(v) || f < 0 || f >= SS_VFS_FACTS)
		return SS_UNKNOWN;
	since = ss_kversion_from(v, change[f].major, change[f].minor, change[f].sub);
	return since == change[f].from ? SS_YES : SS_NO;
}

const char *ss_vfs_since(enum ss_vfs_fact f)
{
	return f >= 0 && f < SS_VFS_FACTS ? change[f].name : "?";
}

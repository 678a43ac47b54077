// SPDX-License-Identifier: GPL-2.0-only
#include "flags/vfs_era.h"

/* The release that changed each fact; `from` says which way it went. */
static const struct {
	unsigned major, minor, sub;
	bool from;			/* true: yes from that release on;
					   false: yes before it */
	const char *name;
	const char *cocci;		/* the virtual rule of a tree older
					   than the change */
} change[SS_VFS_FACTS] = {
	[SS_VFS_POSITION_COPY] = { 2, 6, 8, true, "2.6.8", "vfs_hands_f_pos" },
	[SS_VFS_REFUSES_PREAD] = { 2, 6, 8, true, "2.6.8", "no_nonseekable_open" },
	[SS_VFS_SYSCTL_PPOS] = { 2, 6, 8, true, "2.6.8", "sysctl_no_ppos" },
	[SS_VFS_NO_LLSEEK] = { 6, 12, 0, false, "6.12", "no_llseek_exists" },
	[SS_VFS_MISSING_LLSEEK_REFUSES] = { 2, 6, 37, true, "2.6.37",
					    "missing_llseek_seeks" },
	[SS_VFS_FPOS_LOCK] = { 3, 14, 0, true, "3.14", "no_f_pos_lock" },
	[SS_VFS_STREAM_OPEN] = { 5, 2, 0, true, "5.2", "no_stream_open" },
	[SS_VFS_SYSCTL_FILP] = { 2, 6, 32, false, "2.6.32", "sysctl_filp" },
	[SS_VFS_SYSCTL_KERNEL_BUFFER] = { 5, 8, 0, true, "5.8", "sysctl_user_buffer" },
	[SS_VFS_SYSCTL_CONST_TABLE] = { 6, 11, 0, true, "6.11", "sysctl_mutable_table" },
};

enum ss_tri ss_vfs(struct ss_kversion v, enum ss_vfs_fact f)
{
	bool since;

	if (!ss_kversion_known(v) || f < 0 || f >= SS_VFS_FACTS)
		return SS_UNKNOWN;
	since = ss_kversion_from(v, change[f].major, change[f].minor, change[f].sub);
	return since == change[f].from ? SS_YES : SS_NO;
}

void ss_vfs_facts(struct ss_kversion v, struct ss_facts *s)
{
	for (int f = 0; f < SS_VFS_FACTS; f++)
		s->vfs[f] = ss_vfs(v, (enum ss_vfs_fact)f);
}

const char *ss_vfs_since(enum ss_vfs_fact f)
{
	return f >= 0 && f < SS_VFS_FACTS ? change[f].name : "?";
}

const char *ss_vfs_cocci_name(struct ss_kversion v, enum ss_vfs_fact f)
{
	if (f < 0 || f >= SS_VFS_FACTS)
		return NULL;
	if (!ss_kversion_known(v))
		return SS_VFS_COCCI_UNKNOWN;
	/* Every change lies in the past, so today's value is the one after it. */
	return ss_vfs_yes(v, f) == change[f].from ? NULL : change[f].cocci;
}

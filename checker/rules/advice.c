// SPDX-License-Identifier: GPL-2.0-only
#include "rules/advice.h"

const char *ss_advice_open_call(const struct ss_unit *u, bool stream)
{
	if (ss_unit_vfs(u, SS_VFS_REFUSES_PREAD) == SS_NO)
		return "nonseekable_open() (once the driver is on Linux 2.6.8 or later)";
	/* A stream is handed no position: stream_open() only where no method
	   names one, or it breaks the driver. */
	if (ss_unit_vfs(u, SS_VFS_STREAM_OPEN) != SS_YES || !stream)
		return "nonseekable_open()";
	return "stream_open()";
}

const char *ss_advice_refusing_calls(const struct ss_unit *u)
{
	return ss_unit_vfs(u, SS_VFS_STREAM_OPEN) == SS_YES ? "stream_open() or nonseekable_open()"
							     : "nonseekable_open()";
}

const struct ss_function *ss_era_stream_method(const struct ss_unit *u, const struct ss_fops *f,
					       const char **member)
{
	const struct ss_fops_facts *ff = ss_unit_fops_facts(u, f);
	enum ss_tri stream = ss_unit_vfs(u, SS_VFS_MISSING_LLSEEK_REFUSES) == SS_YES
				     ? ss_fops_ignoring(ff) : ss_fops_stream(ff);

	return stream == SS_YES ? ss_model_first_method(u->model, f, member) : NULL;
}

const char *ss_advice_no_llseek(const struct ss_unit *u)
{
	switch (ss_unit_vfs(u, SS_VFS_NO_LLSEEK)) {
	case SS_NO:
		/* code written for an older kernel, which this one no longer builds */
		return "a .llseek that Linux 6.12 no longer has (drop it)";
	case SS_YES:
		return "no_llseek";
	case SS_UNKNOWN:
		break;
	}
	return "no_llseek (which Linux 6.12 removed)";
}

// SPDX-License-Identifier: GPL-2.0-only
#include "flags/fallback.h"

#include <stddef.h>

/* fallback_data.c, written at build time from fallback/safeseek-kernel.h */
extern const char ss_fallback_header[];
extern const size_t ss_fallback_header_len;

struct CXUnsavedFile ss_fallback_unsaved(void)
{
	struct CXUnsavedFile f = {
		.Filename = SS_FALLBACK_PATH,
		.Contents = ss_fallback_header,
		.Length = (unsigned long)ss_fallback_header_len,
	};
	return f;
}

void ss_fallback_args(struct strvec *args)
{
	strvec_push(args, "-nostdinc");
	strvec_push(args, "-D__KERNEL__");
	strvec_push(args, "-include");
	strvec_push(args, SS_FALLBACK_PATH);
}

// SPDX-License-Identifier: GPL-2.0-only
#include "rules/advice.h"

#include "flags/kversion.h"

bool ss_advice_no_llseek_gone(const struct ss_unit *u)
{
	return ss_kversion_from(u->kernel, 6, 12, 0);
}

const char *ss_advice_open_call(const struct ss_unit *u, bool stream)
{
	if (ss_kversion_before(u->kernel, 2, 6, 8))
		return "nonseekable_open() (once the driver is on Linux 2.6.8 or later)";
	if (!ss_kversion_from(u->kernel, 5, 2, 0))
		return "nonseekable_open()";
	return stream ? "stream_open()"
		      : "stream_open() (nonseekable_open() if read or write use the position)";
}

const char *ss_advice_refusing_calls(const struct ss_unit *u)
{
	return ss_kversion_from(u->kernel, 5, 2, 0) ? "stream_open() or nonseekable_open()"
						     : "nonseekable_open()";
}

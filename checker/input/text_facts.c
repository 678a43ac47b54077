// SPDX-License-Identifier: GPL-2.0-only
#include "input/text_facts.h"

#include "input/espipe_text.h"
#include "input/fops_text.h"
#include "input/member_text.h"

#include <string.h>

void ss_text_facts(const char *s, size_t len, struct ss_facts *out)
{
	/* What the parse read (fpos_typed, ...) the text cannot know: unknown. */
	memset(out, 0, sizeof(*out));
	out->fpos_member = ss_text_fpos_member(s, len) ? SS_UNKNOWN : SS_NO;
	out->espipe_llseek = ss_text_espipe_body(s, len) ? SS_UNKNOWN : SS_NO;
	ss_fops_text_facts(s, len, out);
	/* Such a body may be the llseek of a file_operations that a header's
	   macro makes, out of the text's sight. */
	if (out->espipe_llseek != SS_NO)
		ss_facts_add_fops(out);
}

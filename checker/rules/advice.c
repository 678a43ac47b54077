// SPDX-License-Identifier: GPL-2.0-only
#include "rules/advice.h"

#include "facts/provenance.h"
#include "input/fops_text.h"

#include <stdio.h>
#include <string.h>

void ss_require(char *req, size_t n, char sign, char kind, const char *names)
{
	size_t at = strlen(req);

	if (*names && at < n)
		snprintf(req + at, n - at, "%c%c %s;", sign, kind, names);
}

void ss_method_names(const struct ss_unit *u, const struct ss_fops *f, bool elsewhere, char *out,
		     size_t n)
{
	*out = '\0';
	for (size_t j = 0; ss_data_methods[j]; j++) {
		const char *name = ss_fops_method(f, ss_data_methods[j]);
		size_t at = strlen(out);

		if (!name || (elsewhere && ss_model_function_named(u->model, name)) || at >= n)
			continue;
		snprintf(out + at, n - at, "%s%s", at ? "," : "", name);
	}
}


/* A member naming a method that may move data: one that always fails or
   is a stub makes no positioned call succeed. */
static bool has_one(const struct ss_unit *u, const struct ss_fops *f, const char *const *members)
{
	for (size_t i = 0; members[i]; i++) {
		const char *name = ss_fops_method(f, members[i]);

		if (name && ss_model_moves_data(u->model, name) != SS_NO)
			return true;
	}
	return false;
}

/* 0: both or neither, 1: reads only, 2: writes only. */
static int direction(const struct ss_unit *u, const struct ss_fops *f)
{
	bool r = has_one(u, f, ss_read_methods), w = has_one(u, f, ss_write_methods);

	return r == w ? 0 : r ? 1 : 2;
}

bool ss_advice_one_direction(const struct ss_unit *u, const struct ss_fops *f)
{
	return direction(u, f) != 0;
}

bool ss_opened_nonseekable(const struct ss_unit *u, const char *function)
{
	size_t n = ss_model_fops_count(u->model);
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		const struct ss_fops *fops = ss_model_fops(u->model, i);
		bool names = false;

		for (size_t j = 0; j < fops->nmethods && !names; j++)
			names = fops->methods[j].function &&
				strcmp(fops->methods[j].function, function) == 0;
		if (!names)
			continue;
		if (u->facts->fops[i].open_nonseekable != SS_YES)
			return false;
		any = true;
	}
	return any;
}

void ss_pread_method_names(const struct ss_fops *f, char *out, size_t n)
{
	const char *r = ss_pread_member(f, false), *w = ss_pread_member(f, true);

	snprintf(out, n, "%s%s%s", r ? r : "", r && w ? "," : "", w ? w : "");
}

/* Whether the method pread() (write: pwrite()) reaches before 2.6.8 is
   there and does not surely refuse it. */
static bool unrefused(const struct ss_unit *u, const struct ss_fops *f, bool write)
{
	const char *name = ss_pread_member(f, write);
	const struct ss_function *fn = name ? ss_model_function_named(u->model, name) : NULL;

	return name && !(fn && ss_model_refuses_pread(u->model, fn)) &&
	       ss_model_moves_data(u->model, name) != SS_NO;
}

const char *ss_unrefused_calls(const struct ss_unit *u, const struct ss_fops *f,
			       const char **methods, bool *one)
{
	bool r = unrefused(u, f, false), w = unrefused(u, f, true);

	if (!r && !w)
		return NULL;
	*one = r != w;
	*methods = r && w ? "read and write methods" : r ? "read method" : "write method";
	return r && w ? "pread() and pwrite()" : r ? "pread()" : "pwrite()";
}

const char *ss_advice_positioned_calls(const struct ss_unit *u, const struct ss_fops *f,
				       bool lseek)
{
	static const char *const words[2][3] = {
		{ "pread() and pwrite()", "pread()", "pwrite()" },
		{ "pread(), pwrite() and lseek()", "pread() and lseek()", "pwrite() and lseek()" },
	};

	return words[lseek][direction(u, f)];
}


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
	enum ss_tri stream = ss_fops_missing_llseek_refuses(u->facts, ff) == SS_YES
				     ? ss_fops_ignoring(ff) : ss_fops_stream(ff);
	const struct ss_function *moving;

	if (stream != SS_YES)
		return NULL;
	moving = ss_advice_moving_method(u, f, member);
	return moving ? moving : ss_model_first_method(u->model, f, member);
}

const struct ss_function *ss_advice_moving_method(const struct ss_unit *u, const struct ss_fops *f,
						  const char **member)
{
	for (size_t j = 0; ss_data_methods[j]; j++) {
		const char *name = ss_fops_method(f, ss_data_methods[j]);

		if (!name || ss_model_moves_data(u->model, name) == SS_NO)
			continue;
		*member = ss_data_methods[j];
		return ss_model_function_named(u->model, name);
	}
	return NULL;
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

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_ADVICE_H
#define SAFESEEK_ADVICE_H

/*
 * What the rules judge and say by the kernel a file is written for, from
 * what its VFS does (flags/vfs_era.h): the unit's facts, the streams its
 * kernel reports, and the parts of messages, worded so that they also
 * hold for every kernel when the version is unknown.
 */

#include <stdbool.h>
#include <stddef.h>

#include "flags/vfs_era.h"
#include "model/model.h"
#include "model/unit.h"

/* The fact for the unit's kernel. */
static inline enum ss_tri ss_unit_vfs(const struct ss_unit *u, enum ss_vfs_fact f)
{
	return ss_vfs(u->kernel, f);
}

/* The facts of one of the model's file_operations. */
static inline const struct ss_fops_facts *ss_unit_fops_facts(const struct ss_unit *u,
							     const struct ss_fops *f)
{
	return &u->facts->fops[f - ss_model_fops(u->model, 0)];
}

/*
 * What to call from the open method: "stream_open()" from 5.2 when no
 * method names the position (`stream`: ss_fops_stream_safe());
 * "nonseekable_open()" otherwise, and before 5.2 or when the version is
 * unknown, as it holds on every kernel since 2.6.8 (which added it).
 */
const char *ss_advice_open_call(const struct ss_unit *u, bool stream);

/* The calls an open method may make to refuse seeks: "nonseekable_open()",
   or from 5.2 "stream_open() or nonseekable_open()". */
const char *ss_advice_refusing_calls(const struct ss_unit *u);

/* The first data method, if defined here, that may move data (a stub or
   one that always fails answers no positioned call; one of another file
   stops the search with NULL as well as none), its member into *member. */
const struct ss_function *ss_advice_moving_method(const struct ss_unit *u, const struct ss_fops *f,
						  const char **member);

/*
 * For a fops without .llseek: its first data method that may move data
 * (ss_advice_moving_method(), else its first) when every one it has
 * leaves the position alone, as the unit's kernel judges it; else NULL.
 * Where a missing .llseek refuses lseek (2.6.37 on), methods that only
 * store or advance the position count (ss_fops_ignoring()): such
 * a fops is a pread-hole.  Before, or with the version unknown, only
 * methods that use no position (ss_fops_stream()): a
 * seekable-default.  *member gets the member naming it.
 */
const struct ss_function *ss_era_stream_method(const struct ss_unit *u, const struct ss_fops *f,
					       const char **member);

/* A term of a finding's requirements (run/xfile.h), "+O name;", added
   to `req` when `names` is not empty. */
void ss_require(char *req, size_t n, char sign, char kind, const char *names);
/* The names of the fops' data methods, all of them or those defined in
   another file, separated by commas. */
void ss_method_names(const struct ss_unit *u, const struct ss_fops *f, bool elsewhere, char *out,
		     size_t n);

/* Whether every fops of the file naming `function` as a method is opened
   non-seekable, and one does: no pread reaches it. */
bool ss_opened_nonseekable(const struct ss_unit *u, const char *function);

/* The names of the methods pread() and pwrite() reach before 2.6.8
   (ss_pread_member()), separated by commas. */
void ss_pread_method_names(const struct ss_fops *f, char *out, size_t n);

/* Before 2.6.8: the calls among pread() and pwrite() whose method does
   not refuse them itself and may move data ("pread() and pwrite()", "pread()", "pwrite()"),
   that method or methods in a phrase into *methods ("read method"), and
   whether it is one call; NULL when each method this file defines refuses
   them or moves no data, and no other remains. */
const char *ss_unrefused_calls(const struct ss_unit *u, const struct ss_fops *f,
			       const char **methods, bool *one);

/* The positioned calls that reach the fops' data methods: "pread() and
   pwrite()", "pread()" with no write method, "pwrite()" with no read
   method, a method that always fails or is a stub counting as none;
   `lseek` appends lseek(). */
const char *ss_advice_positioned_calls(const struct ss_unit *u, const struct ss_fops *f,
				       bool lseek);
/* Whether it reads or writes but not both (one call, one verb). */
bool ss_advice_one_direction(const struct ss_unit *u, const struct ss_fops *f);

/* How the file refuses lseek with `no_llseek`, in its kernel's words. */
const char *ss_advice_no_llseek(const struct ss_unit *u);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_MODEL_H
#define SAFESEEK_MODEL_H

/*
 * What the rules share about one translation unit: the role of each
 * function (read method, llseek method, sysctl proc handler, ...) and the
 * file_operations and ctl_table objects that give those roles.  Built once
 * per unit by the core, before any rule runs, in a single walk of the
 * main file's declarations.
 */

#include "facts/facts.h"
#include "facts/provenance.h"
#include "input/handoff_text.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

struct ss_unit;
struct ss_model;

struct ss_model *ss_model_build(struct ss_unit *u);
void ss_model_free(struct ss_model *m);

/* The fact sheet of the unit's file as its model shows it (model/facts.c),
   with what the parse may have missed unknown (model/gaps.c); the era's
   facts are left unknown.  The caller frees it with ss_facts_free(). */
void ss_model_facts(const struct ss_unit *u, struct ss_facts *out);

/* Roles a function plays; one function may have several. */
enum {
	SS_ROLE_READ = 1u << 0,
	SS_ROLE_WRITE = 1u << 1,
	SS_ROLE_AIO_READ = 1u << 2,
	SS_ROLE_AIO_WRITE = 1u << 3,
	SS_ROLE_READV = 1u << 4,
	SS_ROLE_WRITEV = 1u << 5,
	SS_ROLE_READ_ITER = 1u << 6,
	SS_ROLE_WRITE_ITER = 1u << 7,
	SS_ROLE_LLSEEK = 1u << 8,
	SS_ROLE_READDIR = 1u << 9,
	SS_ROLE_OPEN = 1u << 10,
	SS_ROLE_SYSCTL = 1u << 11,	/* a ctl_table proc_handler */
	SS_ROLE_OTHER = 1u << 12,	/* any other file_operations member */
	SS_ROLE_RELEASE = 1u << 13,
	SS_ROLE_IOCTL = 1u << 14	/* ioctl, unlocked_ioctl, compat_ioctl */
};

/* Methods that get the position through a `loff_t *ppos` (or, for aio, a value). */
#define SS_ROLES_RW (SS_ROLE_READ | SS_ROLE_WRITE | SS_ROLE_AIO_READ | \
		     SS_ROLE_AIO_WRITE | SS_ROLE_READV | SS_ROLE_WRITEV)
#define SS_ROLES_ITER (SS_ROLE_READ_ITER | SS_ROLE_WRITE_ITER)
/* Members whose methods are handed no position: named, nothing more. */
#define SS_ROLES_UNPOSITIONED (SS_ROLE_OTHER | SS_ROLE_IOCTL)
/* Methods that legitimately own file->f_pos. */
#define SS_ROLES_OWN_FPOS (SS_ROLE_LLSEEK | SS_ROLE_READDIR)

/* The position parameter of read/write/aio/readv/writev methods. */
#define SS_POSITION_PARAM 3

struct ss_function {
	const char *name;
	CXCursor cursor;		/* the definition; its location is the name */
	CXCursor body;			/* its compound statement */
	unsigned roles;			/* SS_ROLE_* */
	bool role_from_shape;		/* referenced nowhere: roles guessed from the signature */
	const char *object;		/* first file_operations or ctl_table naming it, or NULL */
	const char *method;		/* the member that first named it ("read", "ioctl"), or NULL */
	unsigned position;		/* index of its loff_t * position parameter: the last
					   one, SS_POSITION_PARAM when it has none */
	int position_uses;		/* references to that parameter in the body, less
					   those in dead tests (an if with an empty branch);
					   one handed whole to a function of this file
					   counts as what that function does with it
					   (model/follow.c), here and below */
	int position_reads;		/* uses of the position's value: `*ppos` read,
					   `ppos` handed to a call, ->ki_pos read; not a
					   store, an advance (`*ppos += n`) or a test of
					   the pointer */
	int position_examined;		/* uses of the position or ->ki_pos other than a
					   store or an advance (`*ppos = n`, `ki_pos += n`):
					   reads, tests, hand-offs */
	bool uses_ki_pos;		/* the body, or a function of this file it
					   hands its kiocb to, reads or writes some
					   ->ki_pos */
	bool hands_kiocb;		/* its first parameter, a struct kiocb *, is
					   handed to a call that may read ki_pos: one
					   defined elsewhere (bar a few of the VFS's own
					   that never do), or here and examining it; where
					   a parse error may have lost the call, as the
					   text shows it */
	bool touches_fpos;		/* the body accesses some struct file's f_pos */
	bool calls_nonseekable;		/* calls nonseekable_open() or stream_open()
					   itself */
	bool stream_only;		/* `if (ppos) return -ESPIPE;`: a method for
					   FMODE_STREAM files, which the VFS hands no
					   position, so f_pos is the method's own */
};

struct ss_fops_method {
	const char *member;		/* "read" */
	const char *function;		/* "foo_read": defined here or not */
};

struct ss_fops {
	const char *name;		/* the variable holding it */
	CXCursor cursor;		/* that variable: its location is the name */
	struct ss_fops_method *methods;
	size_t nmethods;
	bool pseudo;			/* handed to anon_inode_getfile() or the like: its
					   files are made without any open, and never
					   with FMODE_PREAD or FMODE_PWRITE */
	unsigned handed;		/* SS_HANDED_* (input/handoff_text.h): where
					   this file hands it */
};

struct ss_sysctl_entry {
	const char *table;		/* the ctl_table variable */
	const char *handler;		/* its proc_handler */
	CXCursor cursor;		/* the entry's initializer */
};

/* How one `X->f_pos` (X a struct file) is used. */
enum ss_fpos_use {
	SS_FPOS_READ,
	SS_FPOS_WRITE,			/* =, +=, -=, ..., ++, -- */
	SS_FPOS_ADDRESS_ARG,		/* &X->f_pos passed straight to a call */
	SS_FPOS_ADDRESS,		/* &X->f_pos used some other way */
	SS_FPOS_ESPIPE_COMPARE		/* p != &X->f_pos (or ==), either order */
};

struct ss_fpos_access {
	CXCursor member;		/* the member access; its location is the f_pos token */
	CXCursor address;		/* the `&` taking its address, or a null cursor */
	CXCursor compare;		/* SS_FPOS_ESPIPE_COMPARE: the `!=` or `==` */
	CXCursor branch;		/* ... and the if statement testing it, or a null cursor */
	CXCursor before;		/* ... and the statement before that if, or a null cursor */
	enum ss_fpos_use use;
	const struct ss_function *function;	/* the enclosing definition, or NULL */
	const char *base;		/* the struct file expression: "file", "iocb->ki_filp" */
	bool own_file;			/* base is the file the function was given: a struct
					   file * parameter, its kiocb's ki_filp, or a local
					   initialized from that ki_filp */
	const char *other;		/* compare: the other operand; address-arg: the callee */
	bool dead_test;			/* compare: the if's branch is empty; nothing refused */
	bool position_copy;		/* `pos = X->f_pos;` or `X->f_pos = pos;` where a call
					   gets &pos: the local copy seed 004 makes */
	enum ss_file_origin origin;	/* where X comes from: the method's own file, one
					   the kernel holds itself (a core dump's file, one
					   the function opens with filp_open()), or not known */
};

size_t ss_model_function_count(const struct ss_model *m);
const struct ss_function *ss_model_function(const struct ss_model *m, size_t i);
const struct ss_function *ss_model_function_named(const struct ss_model *m, const char *name);
/* The definition whose body holds `loc`, or NULL. */
const struct ss_function *ss_model_function_at(const struct ss_model *m, CXSourceLocation loc);

size_t ss_model_fops_count(const struct ss_model *m);
const struct ss_fops *ss_model_fops(const struct ss_model *m, size_t i);
/* The function a file_operations member names, or NULL if it names none. */
const char *ss_fops_method(const struct ss_fops *f, const char *member);

size_t ss_model_sysctl_count(const struct ss_model *m);
const struct ss_sysctl_entry *ss_model_sysctl(const struct ss_model *m, size_t i);

/* Every struct file f_pos access in the main file, in source order. */
size_t ss_model_fpos_count(const struct ss_model *m);
const struct ss_fpos_access *ss_model_fpos(const struct ss_model *m, size_t i);

/*
 * Whether an open method makes the file non-seekable: it is
 * nonseekable_open()/stream_open() itself, or a function of this file that
 * calls one of them (directly or through other functions of the file) or
 * clears FMODE_PREAD from f_mode.
 */
bool ss_model_open_is_nonseekable(struct ss_model *m, const char *open);

/* What an open method (NULL: none) does to seekability, as far as this file tells. */
enum ss_open_kind {
	SS_OPEN_SEEKABLE,		/* none, or one that never makes the file non-seekable */
	SS_OPEN_NONSEEKABLE,
	SS_OPEN_UNKNOWN			/* defined elsewhere and not a known VFS function */
};
enum ss_open_kind ss_model_open_kind(struct ss_model *m, const char *open);
/* The functions of no definition in this file that the function `fn`
   calls, itself or through those of this file it calls: names separated
   by commas, into out (empty when none fit or `fn` is not defined here). */
void ss_model_calls_outside(struct ss_model *m, const char *fn, char *out, size_t n);

/* Whether the function calls `callee` itself. */
bool ss_function_calls(const struct ss_model *m, const struct ss_function *f, const char *callee);

/* Whether a function's body does nothing but return -ESPIPE. */
bool ss_model_espipe_only(struct ss_model *m, const struct ss_function *f);

/* Whether the function is an llseek method that does nothing but return
   -ESPIPE, other than no_llseek itself (what the others should become):
   the espipe_llseek fact, function by function. */
bool ss_model_espipe_llseek(struct ss_model *m, const struct ss_function *f);

/*
 * Whether a read/write-like method uses the file position at all: its
 * position parameter, ->ki_pos or ->f_pos.
 */
bool ss_function_uses_position(const struct ss_function *f);

/*
 * Whether a read/write-like method honours the position: reads its value
 * or hands it to another function (position_reads).
 */
bool ss_function_reads_position(const struct ss_function *f);

/*
 * Whether a read/write-like method ignores the position's value: it
 * neither reads nor tests *ppos or ->ki_pos, hands neither its position
 * nor its kiocb to a call, and touches no f_pos.  It may store or advance
 * the position, which on a file of no position nothing reads back (tun's
 * read_iter advances ->ki_pos, UML's hostaudio write advances *ppos).
 */
bool ss_function_ignores_position(const struct ss_function *f);

/* Whether the fops names one of the data methods (ss_data_methods[],
   input/fops_text.h). */
bool ss_fops_has_data_method(const struct ss_fops *f);

/*
 * Whether the function refuses pread/pwrite itself, the way methods did
 * before Linux 2.6.8: a test `ppos != &file->f_pos` that does refuse.
 */
bool ss_model_refuses_pread(const struct ss_model *m, const struct ss_function *f);

/* Whether the methods pread and pwrite reach before 2.6.8 are defined
   here and refuse them, and there is one. */
bool ss_model_methods_refuse_pread(const struct ss_model *m, const struct ss_fops *f);

/* Whether the method `name` of this file may move data: no when it always
   fails or never touches its buffer (a stub), unknown when it is not
   defined here or a directive hides how it ends (facts/summary.h). */
enum ss_tri ss_model_moves_data(const struct ss_model *m, const char *name);
/* Whether the function `name` of this file returns an error on every path. */
bool ss_model_always_fails(const struct ss_model *m, const char *name);
/* The method pread() (write: pwrite()) reaches before 2.6.8: .read, or
   .aio_read without one; readv and writev take no offset. */
const char *ss_pread_member(const struct ss_fops *f, bool write);

/*
 * Whether the fops refuses lseek: its llseek is no_llseek or a function of
 * this file that only returns -ESPIPE.  `how` gets "no_llseek" or
 * "'foo_llseek', which returns -ESPIPE".
 */
bool ss_model_refuses_lseek(struct ss_model *m, const struct ss_fops *f, char *how, size_t n);

/* The first data method the fops names, when it is defined in this file;
   else NULL.  *member gets the member naming it.  Whether the fops is a
   stream is a fact of its sheet (ss_fops_stream()). */
const struct ss_function *ss_model_first_method(const struct ss_model *m, const struct ss_fops *f,
						const char **member);

/*
 * Why a fops that pread-hole or seekable-default would warn about may well
 * be fine, as far as this file tells.
 */
enum ss_seek_doubt {
	SS_DOUBT_NONE,
	SS_DOUBT_POSITIONAL,		/* its reads (or, with none, its writes) all
					   honour the position: pread is a working
					   positional read, only lseek is refused */
	SS_DOUBT_ELSEWHERE,		/* no open method, and this file neither
					   registers it as a device nor makes named
					   files of it: its files are made elsewhere
					   (anonymous files, or swapped into files
					   another open already made) */
	SS_DOUBT_CONTROL		/* made a debugfs file, or listed in a table
					   of named files, and registered as no device:
					   a control file, where an ignored offset
					   does no harm */
};
/* For a fops that refuses lseek (pread-hole). */
enum ss_seek_doubt ss_model_refusal_doubt(const struct ss_model *m, const struct ss_fops *f);
/* SS_DOUBT_POSITIONAL with the methods of another file left to the tree:
   whether every method of the list that decides (the reads; with none,
   the writes) that is defined here honours its position, the names of
   those of another file into `out`; false when one defined here does
   not, or the fops has none of the list. */
bool ss_model_positional_here(const struct ss_model *m, const struct ss_fops *f, char *out,
			      size_t n);
/* For a stream fops with no llseek (seekable-default). */
enum ss_seek_doubt ss_model_stream_doubt(const struct ss_fops *f);

/*
 * Whether the access is the file position's owner at work: in the VFS core,
 * in an llseek or readdir method, or in a stream-only method (to which the
 * VFS passes no position).  No rule reports those.
 */
bool ss_fpos_exempt(const struct ss_unit *u, const struct ss_fpos_access *a);

/* Whether both of the above answer alike whatever role the function has:
   a role the parse missed could change no report on the access. */
bool ss_fpos_verdict_roleless(const struct ss_unit *u, const struct ss_fpos_access *a);

/* What handing &X->f_pos to a call risks (model/fpos_handoff.c). */
enum ss_fpos_handoff {
	SS_HANDOFF_NONE,		/* no address handed to a call, or f_pos's owner
					   at work (ss_fpos_exempt()) */
	SS_HANDOFF_OWN_UNRACED,		/* an open, release or ioctl method's own file:
					   no read or write races with it */
	SS_HANDOFF_AS_THE_VFS,		/* the era's read() and write() hand methods
					   &file->f_pos themselves (before 2.6.8) */
	SS_HANDOFF_SHARED,		/* a user's position, to a callee that may use it */
	SS_HANDOFF_UNUSED,		/* a user's position, to a function of this file
					   that never uses it */
	SS_HANDOFF_KERNEL_FILE,		/* a file the kernel holds itself */
	SS_HANDOFF_OTHER_FILE		/* a file the VFS did not hand the function */
};
enum ss_fpos_handoff ss_fpos_handoff(const struct ss_unit *u, const struct ss_fpos_access *a);

/* Whether the access is a read or write method's pread refusal,
   `ppos != &file->f_pos` (anywhere but in an llseek or readdir method). */
bool ss_fpos_pread_refusal(const struct ss_fpos_access *a);

/* "reads", "writes" or "takes the address of": what an access does to f_pos. */
const char *ss_fpos_verb(const struct ss_fpos_access *a);

/*
 * "read method 'foo_read' of 'foo_fops'", "sysctl handler 'h' of 't'",
 * "function 'reset_pos'": how messages name a function.
 */
const char *ss_describe_function(const struct ss_function *f, char *buf, size_t n);

#endif /* SAFESEEK_MODEL_H */

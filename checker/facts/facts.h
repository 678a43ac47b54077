/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_FACTS_H
#define SAFESEEK_FACTS_H

/*
 * The fact sheet of one file: every fact a rule's condition reads, each
 * yes, no or unknown.  Two producers fill it: the text scan before a parse
 * (input/text_facts.h), which says unknown whenever it is not sure, and
 * the model after one (model/facts.c).  The era facts come from
 * flags/vfs_era.c.  A rule states its condition once, over the sheet; the
 * prefilter skips a file when every condition is no on the text's sheet,
 * and a rule passes over what its condition rules out on the model's.
 *
 * Adding a fact: a field here, its value in both producers.
 */

#include <stdbool.h>
#include <stddef.h>

/* Zero is unknown: a sheet nobody filled knows nothing. */
enum ss_tri { SS_UNKNOWN = 0, SS_NO, SS_YES };

/* What the VFS of the file's kernel does with the position
   (flags/vfs_era.h says how each was established). */
enum ss_vfs_fact {
	SS_VFS_POSITION_COPY,		/* read()/write() hand methods a copy of
					   f_pos, not &file->f_pos itself */
	SS_VFS_REFUSES_PREAD,		/* the VFS refuses pread/pwrite when open
					   said so (nonseekable_open()); before,
					   each method had to */
	SS_VFS_SYSCTL_PPOS,		/* proc handlers take a loff_t *ppos */
	SS_VFS_NO_LLSEEK,		/* no_llseek exists */
	SS_VFS_MISSING_LLSEEK_REFUSES,	/* a fops without .llseek refuses lseek */
	SS_VFS_FPOS_LOCK,		/* read()/write() of a regular file or directory
					   lock f_pos around the method */
	SS_VFS_STREAM_OPEN,		/* stream_open() and FMODE_STREAM exist */
	SS_VFS_SYSCTL_FILP,		/* proc handlers take a struct file * */
	SS_VFS_SYSCTL_KERNEL_BUFFER,	/* proc handlers get a kernel buffer */
	SS_VFS_SYSCTL_CONST_TABLE,	/* proc handlers get a const table */
	SS_VFS_FACTS
};

/* How many calls deep a method's position (or kiocb) handed to a function
   of the same file is followed, by the text scan and the parse alike. */
#define SS_FOLLOW_DEPTH 4

/* One data method of a file_operations (ss_data_methods[]). */
struct ss_method_facts {
	enum ss_tri here;		/* defined in this file */
	enum ss_tri uses_position;	/* names its position, ->ki_pos or an f_pos */
	enum ss_tri examines_position;	/* does more than store or advance it: reads,
					   tests, hands it or its kiocb on */
	enum ss_tri names_position;	/* names its position parameter at all */
};

#define SS_FACTS_METHODS 12

struct ss_fops_facts {
	const char *name;		/* the variable, or NULL when the producer has none */
	enum ss_tri names_method;	/* names a data method or .llseek, NULL ones too */
	enum ss_tri data;		/* has a data method */
	enum ss_tri llseek;		/* has an .llseek */
	enum ss_tri no_llseek;		/* .llseek = no_llseek */
	enum ss_tri own_llseek;		/* an .llseek other than no_llseek and noop_llseek */
	enum ss_tri refuses_lseek;	/* .llseek is no_llseek or a method of this file
					   that only returns -ESPIPE */
	enum ss_tri open_seekable;	/* this file shows an open that leaves pread on:
					   none, a seekable VFS one, or one defined here
					   that never makes the file non-seekable */
	enum ss_tri open_nonseekable;	/* this file shows the open making the file
					   non-seekable */
	enum ss_tri open_stream;	/* the open is stream_open() or calls it
					   itself: a stream already */
	enum ss_tri pseudo;		/* handed to an anonymous file maker */
	enum ss_tri debatable;		/* what this file shows makes the case
					   doubtful (model/model.h's ss_seek_doubt):
					   its refusal of lseek with an .llseek, its
					   stream without one */
	enum ss_tri methods_refuse_pread;	/* every data method is defined here
						   and refuses pread itself, as
						   before 2.6.8 */
	enum ss_tri proc;		/* handed to proc_create() or a /proc entry's
					   proc_fops (facts/provenance.h) */
	struct ss_method_facts methods[SS_FACTS_METHODS];	/* its data methods */
	size_t nmethods;
	bool more;			/* more than fit: of those nothing is known */
	struct ss_method_facts spare;	/* where they are written, unread */
};

struct ss_facts {
	enum ss_tri fpos_member;	/* a struct file's f_pos reached outside an
					   llseek method */
	enum ss_tri espipe_llseek;	/* an llseek method that only returns -ESPIPE */
	/* Whether the parse read all the code the rules' findings rest on
	   (model/gaps.c): yes when the AST, with what the text plainly shows
	   where a parse error cost it something, holds it; unknown when a
	   parse with the real headers might find more.  The text scan, which
	   parses nothing, leaves them unknown. */
	enum ss_tri fpos_typed;		/* every f_pos of the code a rule may report
					   is a struct file's the model holds; unknown:
					   one whose base has a type the parse did not
					   know */
	enum ss_tri fops_read;		/* every file_operations initializer of the
					   code is on the sheet */
	enum ss_tri methods_read;	/* no parse error inside a method (or a helper
					   it hands its position to) cost a word that
					   decides how it uses the position */
	enum ss_tri fpos_roles;		/* every function using f_pos has the role the
					   real headers would give it; unknown: one of
					   no known role beside parse errors, which may
					   have hidden the table naming it */
	enum ss_tri vfs[SS_VFS_FACTS];	/* the era's, for the file's kernel */
	struct ss_fops_facts *fops;	/* every file_operations of the file; after the
					   model's own, in its order, one knowing
					   nothing stands for those the parse did not
					   read (fops_read) */
	size_t nfops, capfops;
};

void ss_facts_free(struct ss_facts *s);
/* A new file_operations on the sheet, knowing nothing yet. */
struct ss_fops_facts *ss_facts_add_fops(struct ss_facts *s);
/* A new data method of `f`, knowing nothing yet. */
struct ss_method_facts *ss_fops_facts_add_method(struct ss_fops_facts *f);

/* Kleene's logic: no wins an and, yes wins an or. */
static inline enum ss_tri ss_not(enum ss_tri a)
{
	return a == SS_YES ? SS_NO : a == SS_NO ? SS_YES : SS_UNKNOWN;
}

static inline enum ss_tri ss_and(enum ss_tri a, enum ss_tri b)
{
	if (a == SS_NO || b == SS_NO)
		return SS_NO;
	return a == SS_YES && b == SS_YES ? SS_YES : SS_UNKNOWN;
}

static inline enum ss_tri ss_or(enum ss_tri a, enum ss_tri b)
{
	return ss_not(ss_and(ss_not(a), ss_not(b)));
}

static inline enum ss_tri ss_tri_of(bool b)
{
	return b ? SS_YES : SS_NO;
}

/* Facts of a file_operations drawn from those of its data methods. */
/* Every data method defined here and none using the position. */
enum ss_tri ss_fops_stream(const struct ss_fops_facts *f);
/* Every data method defined here and none examining the position. */
enum ss_tri ss_fops_ignoring(const struct ss_fops_facts *f);
/* ... nor naming its position parameter: stream_open() suits it (a
   stream is handed no position, so `*ppos += n` would fault; ->ki_pos is
   always there to store to). */
enum ss_tri ss_fops_stream_safe(const struct ss_fops_facts *f);
/* A stream as the file's kernel judges one without .llseek: ignoring
   where a missing .llseek refuses lseek, else stream (rules/advice.h). */
enum ss_tri ss_fops_era_stream(const struct ss_facts *s, const struct ss_fops_facts *f);

/* Whether every data method ignores the position, one of another file
   counting as `elsewhere` (what run/xfile.h asks the tree).  Where a
   missing .llseek refuses lseek a method storing its position still
   ignores it. */
enum ss_tri ss_fops_methods_ignore(const struct ss_facts *s, const struct ss_fops_facts *f,
				   enum ss_tri elsewhere);
/* Whether it refuses lseek by having no .llseek: where the kernel
   refuses lseek on such a fops, while its methods ignore the position
   (ss_fops_methods_ignore()). */
enum ss_tri ss_fops_unset_llseek_refuses(const struct ss_facts *s, const struct ss_fops_facts *f,
					 enum ss_tri elsewhere);
/* Whether pread may be refused by the methods alone, as before 2.6.8
   (methods_refuse_pread), where nothing in this era's VFS refuses it. */
enum ss_tri ss_fops_pread_unrefused(const struct ss_facts *s, const struct ss_fops_facts *f);

/* The condition of the rules about f_pos accesses: an f_pos reached
   outside an llseek method, which owns it (fpos_member). */
enum ss_tri ss_facts_fpos_member(const struct ss_facts *s);

/*
 * Why a parse's sheet is not enough, each a reason to parse the file again
 * with its real headers (run/analyse.c): one bit for each of the facts
 * above that is not yes, and one for a file nothing was parsed of.
 */
enum {
	SS_UNDECIDED_FPOS = 1u << 0,	/* fpos_typed */
	SS_UNDECIDED_FOPS = 1u << 1,	/* fops_read */
	SS_UNDECIDED_METHOD = 1u << 2,	/* methods_read */
	SS_UNDECIDED_ROLE = 1u << 3,	/* fpos_roles */
	SS_UNDECIDED_UNPARSED = 1u << 4	/* not analysed at all (run/analyse.c says so) */
};
#define SS_UNDECIDED_REASONS 5
/* The SS_UNDECIDED_* bits of the parse facts of the sheet that are not yes. */
unsigned ss_facts_undecided(const struct ss_facts *s);
/* A copy of the sheet as it reads when the words of the methods' bodies
   that decide their use of the position (methods_read) may be anything:
   the methods' facts on the position, and what their open does, are
   unknown.  Free it with ss_facts_free(). */
void ss_facts_blind_methods(const struct ss_facts *s, struct ss_facts *out);
/* "f_pos of an unknown type": one reason bit, for messages. */
const char *ss_undecided_name(unsigned bit);

/* Whether some file_operations of the sheet meets `cond`. */
enum ss_tri ss_facts_some_fops(const struct ss_facts *s,
			       enum ss_tri (*cond)(const struct ss_facts *,
						   const struct ss_fops_facts *));

#endif /* SAFESEEK_FACTS_H */

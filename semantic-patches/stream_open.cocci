// SPDX-License-Identifier: GPL-2.0-only
/// Open stream-like files with stream_open(), or with nonseekable_open() on
/// kernels before Linux 5.2, and give them the .llseek their kernel wants.
///
/// A file_operations is stream-like when its read, write, read_iter and
/// write_iter methods never use the file position, and it has no method
/// that works at an offset (mmap, splice, copy_file_range, ...).  Such a
/// file should refuse pread(), pwrite() and lseek(); from Linux 5.2 on,
/// stream_open() also lets read() and write() run at the same time.
///
//# What patch mode does, by the tree's kernel version:
//#  - open method calls nonseekable_open() (5.2+): it calls stream_open();
//#  - .open = nonseekable_open (5.2+): .open = stream_open;
//#  - open method calling neither: every `return 0;` becomes
//#    `return stream_open(inode, file);` (nonseekable_open() before 5.2),
//#    or, where it returns anything else, it calls it first;
//#  - no open method: .open = stream_open (or nonseekable_open), written
//#    the way the other members are (C99 `.open = f` or GNU `open: f`),
//#    after the last member that comes before .open in the structure;
//#  - .llseek, once the file is opened so: before Linux 6.12 it is
//#    no_llseek (added if absent, noop_llseek replaced); from 6.12, where
//#    no_llseek is gone, there is none (the VFS refuses lseek() to a file
//#    opened with stream_open() or nonseekable_open() whatever .llseek
//#    says).  From 6.12 `.llseek = no_llseek` is dropped from every
//#    file_operations, as it no longer builds.
//# An absent .llseek meant default_llseek before Linux 2.6.37 (lseek()
//# moved f_pos); from 2.6.37 lseek() fails with -ESPIPE without one, but
//# until 6.0 the file keeps FMODE_LSEEK; from 6.0 open clears FMODE_LSEEK
//# for a file without .llseek, so an absent .llseek and no_llseek are the
//# same thing.
//#
//# The tree's era is told with virtual rules: -D era_given alone (today's
//# kernel), with -D no_llseek_exists (before 6.12), -D no_stream_open
//# (before 5.2), -D no_f_pos_lock (before 3.14), -D no_nonseekable_open
//# (before 2.6.8: nothing is done).  -D kernel_unknown leaves every file
//# alone, and a line on standard error names each that holds a
//# stream-like file_operations.  Told nothing, the patch reads the era
//# from the file, and from the <linux/fs.h> it includes when spatch reads
//# headers (--all-includes, one file at a time); a file that shows none is
//# left alone and the report names the -D it needs.
//#
//# Report and org modes name each place; ERROR where the read method can
//# block (it calls a wait_* function, directly or through functions of its
//# file, two calls deep at most) while the file has a write method and is
//# opened with nonseekable_open(): from Linux 3.14 read() and write() hold
//# the f_pos lock of such a file for the whole call (when it is a regular
//# file, procfs or debugfs ones included), so a blocked read keeps every
//# write waiting.  stream_open() clears FMODE_ATOMIC_POS and ends that.
//#
//# How it decides: each file_operations, or each element of an array of
//# them, is a unit.  Facts are rules that match or not, first for each
//# member and method of a unit (a method that never uses the position, an
//# .llseek that is no_llseek, an open method that calls
//# nonseekable_open()), then for the unit, by `depends on`.  A fact that
//# may hold for one member and not another is made the unit's by matching
//# the unit again, so that its negation holds for every member.  Python
//# words the messages, spaces new members like their neighbours, and tells
//# whether a member sits under an #if of its initializer, which spatch
//# does not show.
//#
//# Left for review and reported ("by hand"): an open method that lives in
//# another file, that a file_operations left as it is also names, that is
//# used elsewhere in the file, or that reaches nonseekable_open() only
//# through another function; an initializer that holds a macro standing
//# for several members, or mixes C99 and GNU members; a file_operations
//# defined twice (under #if and #else).  A read or write method that a
//# macro call hands to a file_operations spatch cannot see
//# (DEFINE_..._FOPS(name, read, write)) is reported at the method, in a
//# file where spatch sees another file_operations with a read, write or
//# llseek member: it parses no other file.
//# Narrower than it could be: calls are followed a fixed number of levels
//# (two to an opener, two to a wait: an open method that reaches
//# nonseekable_open() three calls down is given a call of its own, and a
//# read method that waits deeper is a WARNING); a read method named
//# through a macro is not followed to a wait; an array that mixes
//# designated and plain elements is seen through its plain ones only; new
//# members follow one of .read to .mmap (a stream has one of its methods
//# there), so they are not added where all of those are under an #if, and
//# before Linux 2.6.36 they may go before .ioctl.
//# Not looked at: positional initializers, arrays written GNU-style,
//# file_operations whose methods are named only inside a macro, anonymous
//# files (handed to anon_inode_getfd() and the like, never opened through
//# .open), struct proc_ops.
//#
// Confidence: Moderate
// Copyright: (C) 2026 The safeseek authors.
// Comments: Needs the tree's era when it is older than today's (-D
//  no_stream_open and the like).  A read or write method that hands its
//  file to a function of another file, which uses f_pos, looks stream-like
//  here.  A converted file refuses pread() and pwrite() (-ESPIPE).
// Options: --no-includes --include-headers
// Keywords: stream_open, nonseekable_open, no_llseek, FMODE_ATOMIC_POS
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.  No
// isomorphism of standard.iso: every rule spells out what it matches, and
// trying them on each rule is a third of the time spatch takes to read
// this patch.  spatch still matches `static const` declarations as it
// does with them.
#spatch --no-includes --include-headers --iso-file /dev/null

virtual patch
virtual context
virtual org
virtual report
virtual no_nonseekable_open
virtual no_f_pos_lock
virtual no_stream_open
virtual no_llseek_exists
virtual kernel_unknown
virtual era_given

// Every rule below needs a struct file_operations initializer with a
// member this patch may act on, so that spatch does not even parse other
// files: it picks them by the words of the rules, each member spelled out.

@so_file@
identifier fops;
expression E, N;
@@
(
struct file_operations fops = { ..., .read = E, ... };
|
struct file_operations fops = { ..., .write = E, ... };
|
struct file_operations fops = { ..., .read_iter = E, ... };
|
struct file_operations fops = { ..., .write_iter = E, ... };
|
struct file_operations fops = { ..., .llseek = E, ... };
|
struct file_operations fops = { ..., read: E, ... };
|
struct file_operations fops = { ..., write: E, ... };
|
struct file_operations fops = { ..., llseek: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .read = E, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .write = E, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .llseek = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .read = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .write = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .llseek = E, ... }, ... };
)

@initialize:python depends on report || org@
@@
import sys

# The words of the messages; what they say was decided by the rules.
SO = {"opener": "stream_open", "out": [], "notes": {}, "label": {}, "tail": {},
      "dead": set()}


def so_key(p):
    return (p[0].file, int(p[0].line), int(p[0].column))


def so_label(fops, pu):
    return SO["label"].get(so_key(pu), (str(fops), pu))[0]


def so_note(pu, fld):
    SO["notes"].setdefault(so_key(pu), set()).add(str(fld))


def so_what(pu):
    order = ("read", "write", "read_iter", "write_iter")
    names = [".%s" % m for m in order if m in SO["notes"].get(so_key(pu), ())]
    text = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
    return text + (" never uses" if len(names) == 1 else " never use")


def so_say(p, severity, text):
    p = SO["label"].get(so_key(p), (None, p))[1]
    SO["out"].append((p, "%s: %s" % (severity, text)))


def so_hand(fops, pu, why):
    so_say(pu, "WARNING", "%s: %s the position, but %s: give it %s() by hand"
           % (so_label(fops, pu), so_what(pu), why, SO["opener"]))


def so_dead(fops, pu):
    return ("%s: its read method can block while its write method waits on the f_pos lock "
            "(a deadlock if the file is a regular one, as in procfs or debugfs)"
            % so_label(fops, pu))


def so_conv(fops, pu, q, what):
    """A conversion: an ERROR where it ends a deadlock."""
    if so_key(pu) in SO["dead"]:
        head, severity = so_dead(fops, pu), "ERROR"
    else:
        head, severity = "%s: %s the position" % (so_label(fops, pu), so_what(pu)), "WARNING"
    so_say(q, severity, "%s: %s%s" % (head, what, SO["tail"].get(so_key(pu), "")))


def so_old_dead(fops, pu, q):
    so_say(q, "ERROR", "%s, and its kernel has no stream_open() (before Linux 5.2): clear "
           "FMODE_ATOMIC_POS in the open method" % so_dead(fops, pu))


def so_flush(org):
    seen = set()
    for p, msg in sorted(SO["out"], key=lambda m: so_key(m[0])):
        if (so_key(p), msg) not in seen:
            seen.add((so_key(p), msg))
            if org:
                coccilib.org.print_todo(p[0], msg)
            else:
                coccilib.report.print_report(p[0], msg)
    del SO["out"][:]
    for k in ("notes", "label", "tail"):
        SO[k].clear()
    SO["dead"].clear()


// ------------------------------------------------------------------------
// The units: a file_operations, or one element of an array of them; n or
// N names an element, by its rank or its designator.

@u depends on so_file@
identifier fops;
initializer list IL;
initializer list[n] before;
expression N;
position pu;
@@
(
struct file_operations fops@pu = { IL };
|
struct file_operations fops[...] = { before, {IL}@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = {IL}@pu, ... };
)

// The era.  What -D says wins (-D era_given alone: today's kernel, as
// run-check.sh tells it).  Told nothing, the patch reads it from the file:
// a pread test `ppos != &file->f_pos` shows a kernel before 2.6.8 (as -D
// no_nonseekable_open); stream_open() in use shows 5.2 or later, and
// no_llseek in use a kernel before 6.12.  When spatch also reads the
// headers the file includes (--all-includes, the tree's include/ in reach),
// the tree's <linux/fs.h> tells: it declares stream_open() from 5.2 on, and
// no_llseek, a function or from 6.0 a NULL, until 6.12.  A file that shows
// less is left alone, as with -D kernel_unknown, and the report says what
// it needs.

@so_old depends on u && !era_given && !no_nonseekable_open && !no_f_pos_lock && !no_stream_open && !no_llseek_exists && !kernel_unknown@
identifier fl, ppos;
@@
\(ppos != &fl->f_pos\|&fl->f_pos != ppos\)

@so_seen depends on u && !era_given && !no_nonseekable_open && !no_f_pos_lock && !no_stream_open && !no_llseek_exists && !kernel_unknown && !so_old@
identifier so = {stream_open};
@@
so

@so_nlf depends on u && !era_given && !no_nonseekable_open && !no_f_pos_lock && !no_stream_open && !no_llseek_exists && !kernel_unknown && !so_old@
identifier nl = {no_llseek};
@@
nl

@so_hso depends on u && !era_given && !no_nonseekable_open && !no_f_pos_lock && !no_stream_open && !no_llseek_exists && !kernel_unknown && !so_old@
identifier so = {stream_open};
@@
int so(...);

@so_hnl depends on u && so_hso@
identifier nl = {no_llseek};
type T;
@@
(
T nl(...);
|
#define nl NULL
)

@so_nl depends on u && ((so_nlf && !so_hso) || so_hnl)@
identifier u.fops;
position u.pu;
initializer list IL;
expression N;
@@
(
struct file_operations fops@pu = { IL };
|
struct file_operations fops[...] = { ..., {IL}@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = {IL}@pu, ... };
)

@so_untold depends on u && !era_given && !no_nonseekable_open && !no_f_pos_lock && !no_stream_open && !no_llseek_exists && !kernel_unknown && !so_old && !(so_seen && so_nlf) && !so_hso@
identifier u.fops;
position u.pu;
initializer list IL;
expression N;
@@
(
struct file_operations fops@pu = { IL };
|
struct file_operations fops[...] = { ..., {IL}@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = {IL}@pu, ... };
)

@script:python depends on u && (report || org) && no_stream_open@
@@
SO["opener"] = "nonseekable_open"

// Where an element is named: its first token (spatch places {...} at its
// closing brace).

@brace_at depends on u && (report || org)@
identifier u.fops;
initializer list[u.n] before;
initializer I;
position pi;
@@
struct file_operations fops[...] = { before, I@pi, ... };

@desig_at depends on u && (report || org)@
identifier u.fops;
expression u.N;
position u.pu, pi;
@@
struct file_operations fops[...] = { ..., [N@pi] = {...}@pu, ... };

@script:python depends on u && (report || org)@
pu << u.pu;
fops << u.fops;
n << u.n;
pi << brace_at.pi;
@@
SO["label"][so_key(pu)] = ("%s[%s]" % (fops, n), pi)

@script:python depends on u && (report || org)@
pu << u.pu;
fops << u.fops;
N << u.N;
pi << desig_at.pi;
@@
SO["label"][so_key(pu)] = ("%s[%s]" % (fops, N), pi)

// ------------------------------------------------------------------------
// For each read, write, read_iter and write_iter member: whether it names
// a function of this file, directly or through a one-word macro, that
// never uses the position (the loff_t * of read and write; f_pos or
// ki_pos; the kiocb of read_iter and write_iter other than to reach one
// of its members).  A member that does not is bad.

@dm depends on u@
identifier u.fops;
position u.pu;
expression N;
identifier fld = {read, write, read_iter, write_iter};
expression E;
position pm;
@@
(
struct file_operations fops@pu = { ..., .fld = E@pm, ... };
|
struct file_operations fops@pu = { ..., fld: E@pm, ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = E@pm, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pm, ... }@pu, ... };
)

@dnul depends on u@
position dm.pm;
@@
\(NULL@pm\|0@pm\)

@dr depends on u@
position dm.pm;
identifier R != NULL;
expression E;
@@
\(R@pm\|\(E@pm \& &R\)\)

@dal depends on u@
identifier dr.R, Y;
@@
#define R Y

@script:python depends on u && (report || org) && !dnul@
pu << u.pu;
fld << dm.fld;
@@
so_note(pu, fld)

// F is the method itself, or the function its macro names.

@md depends on u@
identifier dr.R, F, P, I, X, b, c;
type T, T1, T2;
@@
(
T R(struct file *F, T1 b, T2 c, loff_t *P) { ... }
|
T R(struct kiocb *I, struct iov_iter *X) { ... }
)

@ma depends on u@
identifier dal.Y, F, P, I, X, b, c;
type T, T1, T2;
@@
(
T Y(struct file *F, T1 b, T2 c, loff_t *P) { ... }
|
T Y(struct kiocb *I, struct iov_iter *X) { ... }
)

// What a function does, here and below, is found on one path through it
// (exists): checked on all paths, <+... P ...+> takes minutes on a long
// method that uses *ppos at many places between loops and gotos (what
// rw_ppos.cocci makes of one).

@mdp depends on u exists@
identifier dr.R, md.P;
@@
R(...) { ... P ... }

@map depends on u exists@
identifier dal.Y, ma.P;
@@
Y(...) { ... P ... }

@kfld depends on u@
struct kiocb *K;
identifier fld;
position q;
@@
K@q->fld

@mdk depends on u exists@
identifier dr.R, md.I;
position q != kfld.q;
@@
R(...) { ... I@q ... }

@mak depends on u exists@
identifier dal.Y, ma.I;
position q != kfld.q;
@@
Y(...) { ... I@q ... }

@mdf depends on u exists@
identifier dr.R;
expression X;
@@
R(...) { ... \(X->f_pos\|X->ki_pos\) ... }

@maf depends on u exists@
identifier dal.Y;
expression X;
@@
Y(...) { ... \(X->f_pos\|X->ki_pos\) ... }

@mbad depends on u && !dnul && !(md && !mdp && !mdk && !mdf) && !(ma && !map && !mak && !maf)@
position dm.pm;
expression E;
@@
E@pm

@mset depends on u && !dnul@
position dm.pm;
expression E;
@@
E@pm

// The unit matched again, so that a fact of one of its members is one of
// the unit as a whole (its negation holds for all members): bad_u, a
// method that uses the position or is not of this file; set_u, a method.

@bad_u depends on u && (mbad)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

@set_u depends on u && (mset)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// A read method that can block: it calls a wait_* function, or a function
// of this file that does, up to two levels down.  A write method.

@blk1 depends on u exists@
identifier g1;
identifier w =~ "^wait_";
@@
g1(...) { ... w(...) ... }

@blk2 depends on u exists@
identifier blk1.g1, g2;
@@
g2(...) { ... g1(...) ... }

@rdr depends on u@
identifier u.fops;
position u.pu;
expression N;
identifier fld = {read, read_iter};
identifier R != NULL;
@@
(
struct file_operations fops@pu = { ..., .fld = R, ... };
|
struct file_operations fops@pu = { ..., fld: R, ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = R, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = R, ... }@pu, ... };
)

@rb0 depends on u exists@
identifier rdr.R;
identifier w =~ "^wait_";
@@
R(...) { ... w(...) ... }

@rb1 depends on u exists@
identifier rdr.R, blk1.g1;
@@
R(...) { ... g1(...) ... }

@rb2 depends on u exists@
identifier rdr.R, blk2.g2;
@@
R(...) { ... g2(...) ... }

@wrt depends on u@
identifier u.fops;
position u.pu;
expression N;
identifier fld = {write, write_iter};
identifier W != NULL;
@@
(
struct file_operations fops@pu = { ..., .fld = W, ... };
|
struct file_operations fops@pu = { ..., fld: W, ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = W, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = W, ... }@pu, ... };
)

// ------------------------------------------------------------------------
// The open member: absent, NULL, nonseekable_open, stream_open, or a
// function O; O in this file, of the usual shape, calling an opener
// itself or through functions it calls (two levels down).

@op depends on u@
identifier u.fops;
position u.pu;
expression N;
expression E;
position po;
@@
(
struct file_operations fops@pu = { ..., .open = E@po, ... };
|
struct file_operations fops@pu = { ..., open: E@po, ... };
|
struct file_operations fops[...] = { ..., { ..., .open = E@po, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .open = E@po, ... }@pu, ... };
)

@op_null depends on u@
position op.po;
@@
\(NULL@po\|0@po\)

@op_nso depends on u@
position op.po;
symbol nonseekable_open;
@@
nonseekable_open@po

@op_so depends on u@
position op.po;
symbol stream_open;
@@
stream_open@po

@op_id depends on u@
position op.po;
identifier O != {NULL, nonseekable_open, stream_open};
expression E;
@@
\(O@po\|\(E@po \& &O\)\)

@op_fn depends on u@
identifier op_id.O;
@@
O(...) { ... }

@op_def depends on u@
identifier op_id.O, I, F;
type T;
@@
T O(struct inode *I, struct file *F) { ... }

@op_dnso depends on u exists@
identifier op_id.O;
symbol nonseekable_open;
@@
O(...) { ... nonseekable_open ... }

@op_dso depends on u exists@
identifier op_id.O;
symbol stream_open;
@@
O(...) { ... stream_open ... }

@nso_h1 depends on u exists@
identifier h1;
symbol nonseekable_open;
@@
h1(...) { ... nonseekable_open ... }

@nso_h2 depends on u exists@
identifier nso_h1.h1, h2;
@@
h2(...) { ... h1(...) ... }

@so_h1 depends on u exists@
identifier h1;
symbol stream_open;
@@
h1(...) { ... stream_open ... }

@so_h2 depends on u exists@
identifier so_h1.h1, h2;
@@
h2(...) { ... h1(...) ... }

@op_rnso1 depends on u exists@
identifier op_id.O, nso_h1.h1;
@@
O(...) { ... h1(...) ... }

@op_rnso2 depends on u exists@
identifier op_id.O, nso_h2.h2;
@@
O(...) { ... h2(...) ... }

@op_rso1 depends on u exists@
identifier op_id.O, so_h1.h1;
@@
O(...) { ... h1(...) ... }

@op_rso2 depends on u exists@
identifier op_id.O, so_h2.h2;
@@
O(...) { ... h2(...) ... }

@rn_u depends on u && (op_rnso1 || op_rnso2)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

@rs_u depends on u && (op_rso1 || op_rso2)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// ------------------------------------------------------------------------
// The rest of what a unit is: its .llseek; how its initializer is
// written; a method that works at an offset of the file (no stream); a
// file made by anon_inode_getfd() and the like, or given its f_op once
// open, which is never opened through .open.

@ll depends on u@
identifier u.fops;
position u.pu;
expression N;
expression E;
position pl;
@@
(
struct file_operations fops@pu = { ..., .llseek = E@pl, ... };
|
struct file_operations fops@pu = { ..., llseek: E@pl, ... };
|
struct file_operations fops[...] = { ..., { ..., .llseek = E@pl, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .llseek = E@pl, ... }@pu, ... };
)

@ll_null depends on u@
position ll.pl;
@@
\(NULL@pl\|0@pl\)

@ll_no depends on u@
position ll.pl;
symbol no_llseek;
@@
no_llseek@pl

@ll_noop depends on u@
position ll.pl;
symbol noop_llseek;
@@
noop_llseek@pl

@gnu depends on u@
identifier u.fops;
position u.pu;
identifier fld;
expression E;
@@
struct file_operations fops@pu = { ..., fld: E, ... };

@c99 depends on u@
identifier u.fops;
position u.pu;
identifier fld;
expression E;
@@
struct file_operations fops@pu = { ..., .fld = E, ... };

// A macro standing for members, which spatch cannot see into.

@opaque depends on u@
identifier u.fops;
position u.pu;
expression N;
expression E;
@@
(
struct file_operations fops@pu = { ..., E, ... };
|
struct file_operations fops[...] = { ..., { ..., E, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., E, ... }@pu, ... };
)

@positioned depends on u@
identifier u.fops;
position u.pu;
expression N;
identifier fld = {mmap, aio_read, aio_write, readv, writev, readdir, iterate, iterate_shared, sendfile, sendpage, splice_read, splice_write, copy_file_range, remap_file_range, clone_file_range, dedupe_file_range};
expression E;
position pp;
@@
(
struct file_operations fops@pu = { ..., .fld = \(NULL\|0\|E@pp\), ... };
|
struct file_operations fops@pu = { ..., fld: \(NULL\|0\|E@pp\), ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = \(NULL\|0\|E@pp\), ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = \(NULL\|0\|E@pp\), ... }@pu, ... };
)

// Only a method that is there: NULL is none.

@posn depends on u@
position positioned.pp;
expression E;
@@
E@pp

@pos_u depends on u && posn@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

@anon depends on u@
identifier u.fops;
identifier af =~ "^(anon_inode_get|anon_inode_create_get|alloc_file_pseudo|replace_fops$)";
expression list es1, es2;
expression F;
@@
(
af(es1, &fops, es2)
|
F->f_op = &fops
)

// ------------------------------------------------------------------------
// What is to be done.  A unit is a stream when it has a method and none is bad, and no method
// works at an offset.  It is left alone when it is anonymous or spatch
// cannot see all of its members; its open member must name this file's
// function of the usual shape (or nonseekable_open); an .llseek but
// no_llseek (or noop_llseek when nonseekable_open() already refuses
// lseek()) is the file's own.  `ok` says all that, for the patch's era.

@ok depends on u && set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && !(op && !op_null && !op_nso && !op_so && !op_id) && !(op_id && !op_fn) && !(op_fn && !op_def && !op_dnso && !rn_u) && !(op_so || op_dso || rs_u) && (!ll || ll_null || ll_no || (ll_noop && (op_nso || op_dnso || rn_u)))@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// The open method's edit: swap the opener (5.2+), or call one; an open
// method that reaches nonseekable_open() only through another function is
// left for review from 5.2.

@ed1 depends on u && ok && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ((op_dnso && !no_stream_open) || (op_def && !op_dnso && !rn_u))@
identifier u.fops;
position u.pu, pe;
expression N;
@@
(
struct file_operations fops@pu@pe = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu@pe, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu@pe, ... };
)

// Such an edit is one for every file it opens and every user: another
// file_operations naming the method that is left as it is, or any other
// use of the method in the file, leaves it for review.

@onames depends on u@
identifier F2, G;
expression N;
position q;
@@
(
struct file_operations F2 = { ..., .open = \(G@q\|&G@q\), ... };
|
struct file_operations F2 = { ..., open: \(G@q\|&G@q\), ... };
|
struct file_operations F2[...] = { ..., { ..., .open = \(G@q\|&G@q\), ... }, ... };
|
struct file_operations F2[...] = { ..., [N] = { ..., .open = \(G@q\|&G@q\), ... }, ... };
)

@sh_use depends on u && ed1@
identifier op_id.O;
position q != onames.q;
@@
O@q

@sh_other depends on u && ed1@
identifier op_id.O, F2;
expression N;
position p2 != ed1.pe;
@@
(
struct file_operations F2@p2 = { ..., .open = \(O\|&O\), ... };
|
struct file_operations F2@p2 = { ..., open: \(O\|&O\), ... };
|
struct file_operations F2[...] = { ..., { ..., .open = \(O\|&O\), ... }@p2, ... };
|
struct file_operations F2[...] = { ..., [N] = { ..., .open = \(O\|&O\), ... }@p2, ... };
)

// A plain file_operations defined twice (under #if and #else) is changed
// by its name: left for review.

@twin depends on u && ok@
identifier u.fops;
position u.pu, pt;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops@pt = { ... };
)

@twin2 depends on u@
identifier u.fops;
position twin.pt;
@@
struct file_operations fops@pt = { ... };

@tw_u depends on u && (twin2)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// Units converted: ed (the open method's edit or the new .open member)
// once nothing holds them back.  e_add: no open method to edit.

@ed depends on u && ok && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ((ed1 && !sh_use && !sh_other) || (!op || op_null) || (op_nso && !no_stream_open)) && !tw_u@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// ------------------------------------------------------------------------
// What an open method returns: the call goes in place of each `return 0;`
// when it returns constants only, else first.

@ret0 depends on u && ed && op_def exists@
identifier op_id.O;
@@
O(...) { ... return 0; ... }

@retx depends on u && ed && op_def exists@
identifier op_id.O;
identifier K =~ "^[A-Z0-9_]+$";
constant C;
expression E;
position pr;
@@
O(...) { ...
(
return 0;
|
return -K;
|
return K;
|
return -C;
|
return C;
|
return E@pr;
)
... }

@ret_odd depends on u@
position retx.pr;
expression E;
@@
E@pr

@odd_u depends on u && (ret_odd)@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// From 6.12 a no_llseek goes from every file_operations left as it is:
// no stream, anonymous, or opened with stream_open() already.

@lo depends on u && ll_no && !(no_llseek_exists || so_nl) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && !(gnu && c99) && (!set_u || bad_u || pos_u || anon || (!opaque && !(op && !op_null && !op_nso && !op_so && !op_id) && !(op_id && !op_fn) && (op_so || op_dso || rs_u)))@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations fops@pu = { ... };
|
struct file_operations fops[...] = { ..., { ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ... }@pu, ... };
)

// Where new members go: after the last member present that comes before
// .open in the structure, outside any #if of the initializer, among .read
// to .mmap (NULL in a stream; those before .read come last only when all
// of these are under an #if).  Designated members match in any order: a member
// followed in the structure by another is not last.

@cand depends on u && patch && ed && (!op || op_null || ((no_llseek_exists || so_nl) && (!ll || ll_null)))@
identifier u.fops;
position u.pu;
expression N;
identifier fld = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl, mmap};
expression E;
position pa;
@@
(
struct file_operations fops@pu = { ..., .fld = E@pa, ... };
|
struct file_operations fops@pu = { ..., fld: E@pa, ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = E@pa, ... }@pu, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa, ... }@pu, ... };
)

// spatch shows no #if of an initializer: the lines above the member, up to
// the declaration, tell.  A candidate under one is dropped.

@script:python flat depends on u@
pa << cand.pa;
@@
import re
with open(pa[0].file, encoding="utf-8", errors="replace") as src:
    lines = src.read().split("\n")[:int(pa[0].line) - 1]
depth = 0
for text in reversed(lines):
    text = text.strip()
    if re.match(r"^%s\s*endif" % chr(35), text):
        depth -= 1
    elif re.match(r"^%s\s*if" % chr(35), text):
        depth += 1
    if "file_operations" in text:
        break
if depth > 0:
    cocci.include_match(False)

@flatpos depends on u@
position cand.pa, q;
expression E;
@@
E@pa@q

// Members that cannot go before new ones: under an #if.

@nonflat depends on u@
identifier fops;
expression N;
identifier fld = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl, mmap};
expression E;
position pa != flatpos.q;
@@
(
struct file_operations fops = { ..., .fld = E@pa, ... };
|
struct file_operations fops = { ..., fld: E@pa, ... };
|
struct file_operations fops[...] = { ..., { ..., .fld = E@pa, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa, ... }, ... };
)

@nl_c99 depends on u@
identifier fops;
identifier a7 = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl};
identifier a6 = {read, write, read_iter, write_iter, poll, unlocked_ioctl};
identifier a5 = {read, write, read_iter, write_iter, poll};
identifier a4 = {read, write, read_iter, write_iter};
identifier a3 = {read, write, read_iter};
identifier a2 = {read, write};
identifier a1 = {read};
identifier b7 = {mmap};
identifier b6 = {compat_ioctl};
identifier b5 = {unlocked_ioctl};
identifier b4 = {poll};
identifier b3 = {write_iter};
identifier b2 = {read_iter};
identifier b1 = {write};
expression E1, E2;
position cand.pa, pb != nonflat.pa;
@@
(
struct file_operations fops = { ..., .a7 = E1@pa, ..., .b7 = E2@pb, ... };
|
struct file_operations fops = { ..., .a6 = E1@pa, ..., .b6 = E2@pb, ... };
|
struct file_operations fops = { ..., .a5 = E1@pa, ..., .b5 = E2@pb, ... };
|
struct file_operations fops = { ..., .a4 = E1@pa, ..., .b4 = E2@pb, ... };
|
struct file_operations fops = { ..., .a3 = E1@pa, ..., .b3 = E2@pb, ... };
|
struct file_operations fops = { ..., .a2 = E1@pa, ..., .b2 = E2@pb, ... };
|
struct file_operations fops = { ..., .a1 = E1@pa, ..., .b1 = E2@pb, ... };
)

@nl_gnu depends on u@
identifier fops;
identifier a7 = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl};
identifier a6 = {read, write, read_iter, write_iter, poll, unlocked_ioctl};
identifier a5 = {read, write, read_iter, write_iter, poll};
identifier a4 = {read, write, read_iter, write_iter};
identifier a3 = {read, write, read_iter};
identifier a2 = {read, write};
identifier a1 = {read};
identifier b7 = {mmap};
identifier b6 = {compat_ioctl};
identifier b5 = {unlocked_ioctl};
identifier b4 = {poll};
identifier b3 = {write_iter};
identifier b2 = {read_iter};
identifier b1 = {write};
expression E1, E2;
position cand.pa, pb != nonflat.pa;
@@
(
struct file_operations fops = { ..., a7: E1@pa, ..., b7: E2@pb, ... };
|
struct file_operations fops = { ..., a6: E1@pa, ..., b6: E2@pb, ... };
|
struct file_operations fops = { ..., a5: E1@pa, ..., b5: E2@pb, ... };
|
struct file_operations fops = { ..., a4: E1@pa, ..., b4: E2@pb, ... };
|
struct file_operations fops = { ..., a3: E1@pa, ..., b3: E2@pb, ... };
|
struct file_operations fops = { ..., a2: E1@pa, ..., b2: E2@pb, ... };
|
struct file_operations fops = { ..., a1: E1@pa, ..., b1: E2@pb, ... };
)

@nl_arr depends on u@
identifier fops;
identifier a7 = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl};
identifier a6 = {read, write, read_iter, write_iter, poll, unlocked_ioctl};
identifier a5 = {read, write, read_iter, write_iter, poll};
identifier a4 = {read, write, read_iter, write_iter};
identifier a3 = {read, write, read_iter};
identifier a2 = {read, write};
identifier a1 = {read};
identifier b7 = {mmap};
identifier b6 = {compat_ioctl};
identifier b5 = {unlocked_ioctl};
identifier b4 = {poll};
identifier b3 = {write_iter};
identifier b2 = {read_iter};
identifier b1 = {write};
expression E1, E2;
position cand.pa, pb != nonflat.pa;
@@
(
struct file_operations fops[...] = { ..., { ..., .a7 = E1@pa, ..., .b7 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a6 = E1@pa, ..., .b6 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a5 = E1@pa, ..., .b5 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a4 = E1@pa, ..., .b4 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a3 = E1@pa, ..., .b3 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a2 = E1@pa, ..., .b2 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., { ..., .a1 = E1@pa, ..., .b1 = E2@pb, ... }, ... };
)

@nl_des depends on u@
identifier fops;
expression N;
identifier a7 = {read, write, read_iter, write_iter, poll, unlocked_ioctl, compat_ioctl};
identifier a6 = {read, write, read_iter, write_iter, poll, unlocked_ioctl};
identifier a5 = {read, write, read_iter, write_iter, poll};
identifier a4 = {read, write, read_iter, write_iter};
identifier a3 = {read, write, read_iter};
identifier a2 = {read, write};
identifier a1 = {read};
identifier b7 = {mmap};
identifier b6 = {compat_ioctl};
identifier b5 = {unlocked_ioctl};
identifier b4 = {poll};
identifier b3 = {write_iter};
identifier b2 = {read_iter};
identifier b1 = {write};
expression E1, E2;
position cand.pa, pb != nonflat.pa;
@@
(
struct file_operations fops[...] = { ..., [N] = { ..., .a7 = E1@pa, ..., .b7 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a6 = E1@pa, ..., .b6 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a5 = E1@pa, ..., .b5 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a4 = E1@pa, ..., .b4 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a3 = E1@pa, ..., .b3 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a2 = E1@pa, ..., .b2 = E2@pb, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .a1 = E1@pa, ..., .b1 = E2@pb, ... }, ... };
)

// The anchor: a candidate outside an #if that no member outside one
// follows in the structure.

@anchor depends on u && !nl_c99 && !nl_gnu && !nl_arr && !nl_des@
position cand.pa;
expression E;
@@
E@pa

// Where the f_pos lock can keep a write waiting on a blocked read.

@nso_at depends on u && ok && (op_dnso || rn_u) exists@
identifier op_id.O;
symbol nonseekable_open;
position q;
@@
O(...) { ... nonseekable_open@q ... }

@o_at depends on u && ok@
identifier op_id.O;
position q;
@@
O@q(...) { ... }

// ------------------------------------------------------------------------
// patch: the text of new members, spaced like the member they follow.

// The era's opener, for the new .open member.

@old_era depends on u && patch && anchor && no_stream_open@
position cand.pa, q;
expression E;
@@
E@pa@q

@script:python fmt depends on u && patch && anchor@
pa << cand.pa;
old << old_era.q = [];
t_ll;
t_op;
@@
import re

def fill(prefix, goal, tabs):
    col = len(prefix.expandtabs(8))
    if tabs:
        out, c = "", col
        while c < goal:
            c = c - c % 8 + 8
            out += "\t"
        if out and c == goal:
            return out
    return " " * max(1, goal - col)

def member(line, name, value):
    m = re.match(r"^(\s*)(\w+):(\s*)", line)
    if m:
        head = name + ":"
        if m.group(3) in ("", " "):
            return head + m.group(3) + value
        goal = len((m.group(1) + m.group(2) + ":" + m.group(3)).expandtabs(8))
        return head + fill(m.group(1) + head, goal, "\t" in m.group(3)) + value
    m = re.match(r"^(\s*)\.(\w+)(\s*)=(\s*)", line)
    head = "." + name
    if not m:
        return head + " = " + value
    indent, old, sep, after = m.groups()
    gap, gap2 = sep, after
    if sep not in ("", " "):
        gap = fill(indent + head, len((indent + "." + old + sep).expandtabs(8)), "\t" in sep)
    if after not in ("", " "):
        goal = len((indent + "." + old + sep + "=" + after).expandtabs(8))
        gap2 = fill(indent + head + gap + "=", goal, "\t" in after)
    return head + gap + "=" + gap2 + value

with open(pa[0].file, encoding="utf-8", errors="replace") as src:
    line = src.read().split("\n")[int(pa[0].line) - 1]
coccinelle.t_ll = cocci.make_ident(member(line, "llseek", "no_llseek"))
coccinelle.t_op = cocci.make_ident(member(line, "open", "nonseekable_open" if old else "stream_open"))

// ------------------------------------------------------------------------
// patch.  No position: spatch refuses one over an earlier change.  An
// array element is found by its rank or its designator, a plain
// file_operations by its name (one defined twice is left alone).  Arrays
// first: spatch places what a rule adds to an array only while nothing
// else in it has changed.  A new .open of an array element that loses its
// .llseek takes the place of that member.

@depends on u && patch && ed && (!op || op_null) && ed && ll && !ll_null && !(no_llseek_exists || so_nl)@
identifier u.fops;
initializer list[u.n] before;
identifier fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { before, { ...,
- .llseek = E,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (!op || op_null) && ed && ll && !ll_null && !(no_llseek_exists || so_nl)@
identifier u.fops;
expression u.N;
identifier fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { ..., [N] = { ...,
- .llseek = E,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (!op || op_null) && ed && (no_llseek_exists || so_nl) && (!ll || ll_null)@
identifier u.fops;
initializer list[u.n] before;
identifier cand.fld, fmt.t_ll, fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { before, { ..., .fld = E,
+ t_ll,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (!op || op_null) && ed && (no_llseek_exists || so_nl) && (!ll || ll_null)@
identifier u.fops;
expression u.N;
identifier cand.fld, fmt.t_ll, fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E,
+ t_ll,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (!op || op_null) && !(ed && (no_llseek_exists || so_nl) && (!ll || ll_null)) && !(ed && ll && !ll_null && !(no_llseek_exists || so_nl))@
identifier u.fops;
initializer list[u.n] before;
identifier cand.fld, fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { before, { ..., .fld = E,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (!op || op_null) && !(ed && (no_llseek_exists || so_nl) && (!ll || ll_null)) && !(ed && ll && !ll_null && !(no_llseek_exists || so_nl))@
identifier u.fops;
expression u.N;
identifier cand.fld, fmt.t_op;
expression E;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E,
+ t_op,
  ... }, ... };

@depends on u && patch && ed && (no_llseek_exists || so_nl) && (!ll || ll_null) && !(ed && (!op || op_null))@
identifier u.fops;
initializer list[u.n] before;
identifier cand.fld, fmt.t_ll;
expression E;
@@
struct file_operations fops[...] = { before, { ..., .fld = E,
+ t_ll,
  ... }, ... };

@depends on u && patch && ed && (no_llseek_exists || so_nl) && (!ll || ll_null) && !(ed && (!op || op_null))@
identifier u.fops;
expression u.N;
identifier cand.fld, fmt.t_ll;
expression E;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E,
+ t_ll,
  ... }, ... };

@depends on u && patch && ((ed && ll && !ll_null && !(no_llseek_exists || so_nl) && !(ed && (!op || op_null))) || lo)@
identifier u.fops;
initializer list[u.n] before;
expression E;
@@
struct file_operations fops[...] = { before, { ...,
- .llseek = E,
  ... }, ... };

@depends on u && patch && ((ed && ll && !ll_null && !(no_llseek_exists || so_nl) && !(ed && (!op || op_null))) || lo)@
identifier u.fops;
expression u.N;
expression E;
@@
struct file_operations fops[...] = { ..., [N] = { ...,
- .llseek = E,
  ... }, ... };

@depends on u && patch && ed && op_nso && !no_stream_open@
identifier u.fops;
initializer list[u.n] before;
symbol nonseekable_open;
@@
struct file_operations fops[...] = { before, { ..., .open =
- nonseekable_open
+ stream_open
  ,
  ... }, ... };

@depends on u && patch && ed && op_nso && !no_stream_open@
identifier u.fops;
expression u.N;
symbol nonseekable_open;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .open =
- nonseekable_open
+ stream_open
  ,
  ... }, ... };

@depends on u && patch && ed && ll_noop && (no_llseek_exists || so_nl)@
identifier u.fops;
initializer list[u.n] before;
symbol noop_llseek;
@@
struct file_operations fops[...] = { before, { ..., .llseek =
- noop_llseek
+ no_llseek
  ,
  ... }, ... };

@depends on u && patch && ed && ll_noop && (no_llseek_exists || so_nl)@
identifier u.fops;
expression u.N;
symbol noop_llseek;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .llseek =
- noop_llseek
+ no_llseek
  ,
  ... }, ... };

// Plain file_operations, by name.

@depends on u && patch && ((ed && ll && !ll_null && !(no_llseek_exists || so_nl)) || lo)@
identifier u.fops;
symbol no_llseek, noop_llseek;
@@
(
struct file_operations fops = { ...,
- .llseek = \(no_llseek\|noop_llseek\),
  ... };
|
struct file_operations fops = { ...,
- llseek: \(no_llseek\|noop_llseek\),
  ... };
)

@depends on u && patch && ed && op_nso && !no_stream_open@
identifier u.fops;
symbol nonseekable_open;
@@
(
struct file_operations fops = { ..., .open =
- nonseekable_open
+ stream_open
  , ... };
|
struct file_operations fops = { ..., open:
- nonseekable_open
+ stream_open
  , ... };
)

@depends on u && patch && ed && ll_noop && (no_llseek_exists || so_nl)@
identifier u.fops;
symbol noop_llseek;
@@
(
struct file_operations fops = { ..., .llseek =
- noop_llseek
+ no_llseek
  , ... };
|
struct file_operations fops = { ..., llseek:
- noop_llseek
+ no_llseek
  , ... };
)

@depends on u && patch && ed && (!op || op_null) && ed && (no_llseek_exists || so_nl) && (!ll || ll_null)@
identifier u.fops;
identifier cand.fld, fmt.t_ll, fmt.t_op;
expression E;
@@
(
struct file_operations fops = { ..., .fld = E,
+ t_ll,
+ t_op,
  ... };
|
struct file_operations fops = { ..., fld: E,
+ t_ll,
+ t_op,
  ... };
)

@depends on u && patch && ed && (!op || op_null) && !(ed && (no_llseek_exists || so_nl) && (!ll || ll_null))@
identifier u.fops;
identifier cand.fld, fmt.t_op;
expression E;
@@
(
struct file_operations fops = { ..., .fld = E,
+ t_op,
  ... };
|
struct file_operations fops = { ..., fld: E,
+ t_op,
  ... };
)

@depends on u && patch && ed && (no_llseek_exists || so_nl) && (!ll || ll_null) && !(ed && (!op || op_null))@
identifier u.fops;
identifier cand.fld, fmt.t_ll;
expression E;
@@
(
struct file_operations fops = { ..., .fld = E,
+ t_ll,
  ... };
|
struct file_operations fops = { ..., fld: E,
+ t_ll,
  ... };
)

// Open methods.

@depends on u && patch && ed && op_dnso && !no_stream_open@
identifier op_id.O;
symbol nonseekable_open;
expression E1, E2;
@@
O(...) { <...
(
// A call is written anew, its arguments spaced as checkpatch wants.
- nonseekable_open(E1, E2)
+ stream_open(E1, E2)
|
- nonseekable_open
+ stream_open
)
...> }

@depends on u && patch && ed && op_def && !op_dnso && !rn_u && ret0 && !odd_u && !no_stream_open@
identifier op_id.O, op_def.I, op_def.F;
@@
O(...) { <...
- return 0;
+ return stream_open(I, F);
...> }

@depends on u && patch && ed && op_def && !op_dnso && !rn_u && !(ret0 && !odd_u) && !no_stream_open@
identifier op_id.O, op_def.I, op_def.F;
statement S1, S2;
@@
O(...)
{
... when != S1
+ stream_open(I, F);
S2
... when any
}

@depends on u && patch && ed && op_def && !op_dnso && !rn_u && ret0 && !odd_u && no_stream_open@
identifier op_id.O, op_def.I, op_def.F;
@@
O(...) { <...
- return 0;
+ return nonseekable_open(I, F);
...> }

@depends on u && patch && ed && op_def && !op_dnso && !rn_u && !(ret0 && !odd_u) && no_stream_open@
identifier op_id.O, op_def.I, op_def.F;
statement S1, S2;
@@
O(...)
{
... when != S1
+ nonseekable_open(I, F);
S2
... when any
}


// ------------------------------------------------------------------------
// org and report: the words for what was decided above.

@script:python depends on u && (report || org) && (ed && ll && !ll_null && !(no_llseek_exists || so_nl))@
pu << u.pu;
@@
SO["tail"][so_key(pu)] = "; drop .llseek (from Linux 6.12 a stream has none)"

@script:python depends on u && (report || org) && ((ed && (no_llseek_exists || so_nl) && (!ll || ll_null)) || (ed && ll_noop && (no_llseek_exists || so_nl)))@
pu << u.pu;
@@
SO["tail"][so_key(pu)] = "; .llseek = no_llseek"

@script:python depends on u && (report || org) && ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock@
pu << u.pu;
@@
SO["dead"].add(so_key(pu))

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && set_u && !bad_u && !pos_u && (gnu && c99)@
fops << u.fops;
pu << u.pu;
@@
so_hand(fops, pu, "its initializer mixes C99 and GNU members")

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && set_u && !bad_u && !pos_u && !(gnu && c99) && !anon && opaque@
fops << u.fops;
pu << u.pu;
@@
so_hand(fops, pu, "its initializer holds a macro spatch cannot see into")

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op && !op_null && !op_nso && !op_so && !op_id)@
fops << u.fops;
pu << u.pu;
@@
so_hand(fops, pu, "its open member is no function name")

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op_id && !op_fn)@
fops << u.fops;
pu << u.pu;
O << op_id.O;
@@
so_hand(fops, pu, "its open method %s is not in this file" % O)

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op_fn && !op_def && !op_dnso && !rn_u && !(op_so || op_dso || rs_u))@
fops << u.fops;
pu << u.pu;
O << op_id.O;
@@
so_hand(fops, pu, "its open method %s does not take (struct inode *, struct file *)" % O)

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ok && !op_dnso && rn_u && !no_stream_open@
fops << u.fops;
pu << u.pu;
O << op_id.O;
@@
so_hand(fops, pu, "its open method %s reaches nonseekable_open() only through another function" % O)

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ed1 && (sh_use || sh_other)@
fops << u.fops;
pu << u.pu;
O << op_id.O;
@@
so_hand(fops, pu, "its open method %s is also used elsewhere in this file" % O)

@script:python depends on u && (report || org) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ok && tw_u && ((ed1 && !sh_use && !sh_other) || !op || op_null || (op_nso && !no_stream_open)) && !(ed1 && (sh_use || sh_other))@
fops << u.fops;
pu << u.pu;
@@
so_hand(fops, pu, "it is defined more than once")

@script:python depends on u && (report || org) && lo@
fops << u.fops;
pu << u.pu;
@@
so_say(pu, "WARNING", "%s: no_llseek is gone since Linux 6.12: drop .llseek (lseek() is refused without it)" % so_label(fops, pu))

@script:python depends on u && (report || org) && ed && op_dnso && !no_stream_open@
fops << u.fops;
pu << u.pu;
q << nso_at.q;
@@
so_conv(fops, pu, q, "call stream_open() instead of nonseekable_open()")

@script:python depends on u && (report || org) && ed && op_nso && !no_stream_open@
fops << u.fops;
pu << u.pu;
@@
so_conv(fops, pu, pu, ".open = stream_open instead of nonseekable_open")

@script:python depends on u && (report || org) && ed && op_def && !op_dnso && !rn_u@
fops << u.fops;
pu << u.pu;
O << op_id.O;
q << o_at.q;
@@
so_conv(fops, pu, q, "open method %s: call %s()" % (O, SO["opener"]))

@script:python depends on u && (report || org) && ed && (!op || op_null)@
fops << u.fops;
pu << u.pu;
@@
so_conv(fops, pu, pu, "no open method: add .open = %s" % SO["opener"])

@script:python depends on u && (report || org) && ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open && op_nso@
fops << u.fops;
pu << u.pu;
@@
so_old_dead(fops, pu, pu)

@script:python depends on u && (report || org) && ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open && op_dnso@
fops << u.fops;
pu << u.pu;
q << nso_at.q;
@@
so_old_dead(fops, pu, q)

@script:python depends on u && (report || org) && ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open && !op_nso && !op_dnso@
fops << u.fops;
pu << u.pu;
q << o_at.q;
@@
so_old_dead(fops, pu, q)

// Read and write methods by their signature that never use the position,
// handed to a macro spatch cannot see into (DEFINE_..._FOPS(name, read)):
// named nowhere else, they likely make a file_operations of their own.

@hid depends on u && (report || org || context) && !(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold)@
identifier H, F, P, b, c;
type T, T1, T2;
position ph;
@@
T H@ph(struct file *F, T1 b, T2 c, loff_t *P) { ... }

@hid_pos depends on u exists@
identifier hid.H, hid.P;
@@
H(...) { ... P ... }

@hid_fpos depends on u exists@
identifier hid.H;
expression X;
@@
H(...) { ... \(X->f_pos\|X->ki_pos\) ... }

@hid_named depends on u@
identifier hid.H, F2, fld;
expression N;
@@
(
struct file_operations F2 = { ..., .fld = H, ... };
|
struct file_operations F2 = { ..., fld: H, ... };
|
struct file_operations F2[...] = { ..., { ..., .fld = H, ... }, ... };
|
struct file_operations F2[...] = { ..., [N] = { ..., .fld = H, ... }, ... };
|
#define F2 H
)

@hid_used depends on u exists@
identifier hid.H, g;
@@
g(...) { ... H ... }

@hid_macro depends on u && !hid_pos && !hid_fpos && !hid_named && !hid_used@
identifier hid.H;
position pm;
@@
H@pm

@script:python depends on u && (report || org) && hid_macro@
H << hid.H;
ph << hid.ph;
pm << hid_macro.pm;
@@
so_say(ph, "WARNING", "%s: a read or write method by its signature that never uses the position, named only through a macro (line %s) spatch cannot see into: if that makes a file_operations, give it %s() by hand" % (H, pm[0].line, SO["opener"]))

@script:python depends on u && report@
@@
so_flush(False)

@script:python depends on u && org@
@@
so_flush(True)

// Left alone for want of an era, or before nonseekable_open().

@script:python depends on u && ok && kernel_unknown@
pu << u.pu;
@@
import sys
seen = globals().setdefault("so_alone", set())
if pu[0].file not in seen:
    seen.add(pu[0].file)
    sys.stderr.write("stream_open.cocci: %s: its kernel's era is not known (-D kernel_unknown): "
                     "its stream-like file_operations are left alone\n" % pu[0].file)

@script:python depends on u && ok && so_untold && report@
fops << u.fops;
pu << u.pu;
@@
coccilib.report.print_report(pu[0], "WARNING: %s: stream-like, but this file does not show "
                             "its kernel's era (stream_open() and no_llseek in use, or the "
                             "tree's <linux/fs.h> read with --all-includes): give -D era_given "
                             "(today's), -D no_llseek_exists, -D no_stream_open or the like to "
                             "convert it" % fops)

@script:python depends on u && ok && (no_nonseekable_open || so_old) && !(kernel_unknown || so_untold)@
pu << u.pu;
@@
import sys
seen = globals().setdefault("so_alone", set())
if pu[0].file not in seen:
    seen.add(pu[0].file)
    sys.stderr.write("stream_open.cocci: %s: its kernel has no nonseekable_open() (before "
                     "Linux 2.6.8): its stream-like file_operations are left alone\n" % pu[0].file)

// ------------------------------------------------------------------------
// context

@depends on u && context && (lo || (!(no_nonseekable_open || so_old) && !(kernel_unknown || so_untold) && ((set_u && !bad_u && !pos_u && (gnu && c99)) || (set_u && !bad_u && !pos_u && !(gnu && c99) && !anon && opaque) || (set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op && !op_null && !op_nso && !op_so && !op_id)) || (set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op_id && !op_fn)) || (set_u && !bad_u && !pos_u && !anon && !(gnu && c99) && !opaque && (op_fn && !op_def && !op_dnso && !rn_u && !(op_so || op_dso || rs_u))) || (ok && !op_dnso && rn_u && !no_stream_open) || (ed1 && (sh_use || sh_other)) || (ok && tw_u && ((ed1 && !sh_use && !sh_other) || !op || op_null || (op_nso && !no_stream_open))) || (ed && op_nso && !no_stream_open) || (ed && (!op || op_null)) || (ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open && op_nso))))@
identifier u.fops;
position u.pu;
expression N;
@@
(
struct file_operations
* fops@pu
  = { ... };
|
struct file_operations fops[...] = { ...,
* {...}@pu
  , ... };
|
struct file_operations fops[...] = { ...,
* [N] = {...}@pu
  , ... };
)

@depends on u && context && op_dnso && ((ed && !no_stream_open) || (ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open))@
identifier op_id.O;
symbol nonseekable_open;
@@
O(...) { <+...
* nonseekable_open
...+> }

@depends on u && context && ((ed && op_def && !op_dnso && !rn_u) || (ok && (!(op_so || op_dso || rs_u) && (op_nso || op_dnso || rn_u)) && wrt && (rb0 || rb1 || rb2) && !no_f_pos_lock && no_stream_open && !op_nso && !op_dnso))@
identifier op_id.O;
@@
* O(...)
  { ... }

@depends on u && context && hid_macro@
identifier hid.H;
@@
* H(...)
  { ... }


// SPDX-License-Identifier: GPL-2.0-only
/// Read and write methods must use the position they are given, not
/// file->f_pos; other code hands read and write a copy of f_pos.
//#
//# Since Linux 2.6.8 read() and write() pass their method a copy of f_pos
//# and store the copy back afterwards:
//#
//#	loff_t pos = file_pos_read(file);
//#	ret = vfs_read(file, buf, count, &pos);
//#	file_pos_write(file, pos);
//#
//# What a method writes to file->f_pos is then thrown away, and what it
//# reads there is not the position of a pread() or pwrite().
//#
//# Each fact about a function is a rule of its own, and depends on puts
//# them together per function.  A table names a read, write, readv or
//# writev method when a member of that name in an initializer of any
//# struct (proc_read and so on in struct proc_ops) holds the function,
//# and the method takes a struct file * and a loff_t *.  Positional
//# initializers of struct file_operations count for the members up to
//# release.  A function nothing refers to is a method by its signature
//# alone.  There every f_pos of the method's own file becomes *ppos and
//# &file->f_pos becomes ppos.  In an aio_read, aio_write, read_iter or
//# write_iter method, iocb->ki_filp->f_pos, also through a struct file
//# variable set from iocb->ki_filp, becomes iocb->ki_pos.
//#
//# Anywhere else, a call given &file->f_pos as a statement of its own or
//# as the initializer of a declaration followed by a statement (a write
//# method writing to another file, as the tty core's console redirection
//# did, vfs_read() of a file the driver opened itself) gets a local
//# loff_t copy, pos, or fpos where the function already uses pos, that is
//# stored back after the call.
//#
//# Left alone: llseek and readdir methods (llseek, readdir, iterate,
//# iterate_shared of any table, or by signature), which own f_pos; the
//# open and release methods' own file, which nothing else uses while they
//# run, and the ioctl methods' own file, as 2.6.8 left it; stream-only read and write methods, which refuse any position
//# (`if (ppos) return -ESPIPE;`, as after stream_open()) and keep their
//# own offset in f_pos; and the VFS core: a file the checker names so
//# (-D vfs_core: one directly in fs/ or io_uring/), and in any file the
//# functions that look their file up by descriptor (fget()).  A comparison with &file->f_pos is a
//# pread refusal, nonseekable_open's business.  A call given
//# &file->f_pos in a condition, a return or another expression is
//# reported, not converted; so is one in a function that uses both pos
//# and fpos.
//#
//# -D vfs_hands_f_pos says the tree is older than 2.6.8; it changes only
//# how the messages explain why f_pos is wrong there; -D era_given, which
//# every patch takes, changes nothing here.  Patch mode runs no
//# Python but on a file of the VFS core, where an empty script is the one
//# rule spatch may run; the others only word and print report and org
//# messages.
//#
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: The method and its table must be in the same file.  Arrays
//  of operations tables are not looked at.
// Options: --no-includes --include-headers
// Keywords: f_pos, ppos, ki_pos, vfs_read, vfs_write, file_operations
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.  The
// isomorphisms of arithmetic and control flow touch none of the patterns
// here; left on, spatch would spend most of a run expanding the rules
// with them.
#spatch --no-includes --include-headers
#spatch --disable-iso add_signed --disable-iso add_int1 --disable-iso add_int2
#spatch --disable-iso not_int1 --disable-iso not_int2 --disable-iso bitor_comm
#spatch --disable-iso bitand_comm --disable-iso plus_comm
#spatch --disable-iso mult_comm --disable-iso plus_assoc
#spatch --disable-iso minus_assoc --disable-iso plus_minus_assoc1
#spatch --disable-iso plus_minus_assoc2 --disable-iso times_assoc
#spatch --disable-iso div_assoc --disable-iso times_div_assoc1
#spatch --disable-iso times_div_assoc2 --disable-iso gtr_lss
#spatch --disable-iso gtr_lss_eq --disable-iso inc --disable-iso for_inc
#spatch --disable-iso bsd_branch_pred --disable-iso zero_multiple_format
#spatch --disable-iso neg_if --disable-iso ne_if --disable-iso drop_else
#spatch --disable-iso neg_if_exp --disable-iso ret --disable-iso fld_to_ptr
#spatch --disable-iso sizeof_type_expr

virtual patch
virtual context
virtual org
virtual report
virtual vfs_hands_f_pos
virtual vfs_core
virtual era_given

@initialize:python depends on report || org@
@@
import re

# Per file: the words that name each method in the messages, and whether
# the tree predates the copy (-D vfs_hands_f_pos).
WHO = {}
ERA = {}

def who(fn, text):
    WHO.setdefault(str(fn), "%s, %s" % (fn, text))

def role(m, pm):
    return str(m) if m else str(pm)[len("proc_"):]

def show(x):
    return re.sub(r"\s*(->|\.)\s*", r"\1", str(x))

def say(ps, text):
    for p in ps:
        ERA["print"](p, "WARNING: " + text)

def touches(q, fn, x, verb, use):
    if verb == "reads":
        why = "which is not the position under pread() and pwrite()"
    elif ERA.get("hands"):
        why = ("not the position it was given (another under pread() and "
               "pwrite(), and a copy from Linux 2.6.8 on)")
    else:
        why = "which read() and write() overwrite with their own copy"
    say(q, "%s %s %s->f_pos, %s: use %s" % (WHO[str(fn)], verb, show(x), why, use))

def passes(q, who, x, fe, what):
    say(q, "%s passes &%s->f_pos to %s: %s" % (who, show(x), show(fe), what))

// A file of the VFS core (-D vfs_core, as the checker says of
// fs/read_write.c) owns the f_pos of its files: nothing below runs there.
// spatch refuses a patch none of whose rules may run, hence this one.

@script:python depends on vfs_core@
@@
pass

// Every rule below needs an f_pos somewhere in the file, so that files
// without one are not even parsed.  A file that defines read(2), lseek(2)
// or the VFS functions behind them is the VFS core by its role, wherever
// it stands and whether or not -D says so: nothing below runs there.

@fpos_any depends on !vfs_core@
expression X;
@@
X->f_pos

@vfs_role depends on fpos_any@
identifier core =~ "^(sys_read|sys_write|sys_lseek|ksys_read|ksys_write|vfs_read|vfs_write|vfs_llseek|default_llseek|generic_file_llseek)$";
@@
core(...) { ... }

@fpos_file depends on fpos_any && !vfs_role@
expression X;
@@
X->f_pos

@script:python depends on fpos_file && (report || org)@
@@
WHO.clear()
ERA.clear()
ERA["print"] = coccilib.report.print_report

@script:python depends on fpos_file && org@
@@
ERA["print"] = coccilib.org.print_todo

@script:python depends on fpos_file && vfs_hands_f_pos && (report || org)@
@@
ERA["hands"] = True

// ------------------------------------------------------------------------
// What each function that touches f_pos is.  Every fact below is about
// one such function, fn, so that depends on reads per function.

@fn_fpos depends on fpos_file exists@
identifier fn;
expression X;
@@
fn(...) { ... when any
  X->f_pos
  ... when any
}

// Whatever refers to fn other than its definition: a table, a call, a
// function pointer.  A signature makes a method only of a function
// nothing refers to.

@refd@
identifier fn_fpos.fn;
@@
fn

// The VFS core looks its files up by descriptor and owns their f_pos:
// sys_read() handed &file->f_pos itself before 2.6.8.

@vfs_fd exists@
identifier fn_fpos.fn;
identifier fg =~ "^fget";
@@
fn(...) { ... when any
  fg(...)
  ... when any
}

// Tables.  Designated (.read = f), GNU (read: f) and proc_ops
// (.proc_read = f) initializers of any struct; positional ones of
// struct file_operations, in the order of its members.

@rw_named@
identifier fn_fpos.fn, S, T;
identifier m =~ "^(read|write|readv|writev)$";
identifier pm =~ "^proc_(read|write|readv|writev)$";
@@
(
struct S T = { .m = fn, };
|
struct S T = { .m = &fn, };
|
struct S T = { m: fn, };
|
struct S T = { m: &fn, };
|
struct proc_ops T = { .pm = fn, };
|
struct proc_ops T = { .pm = &fn, };
)

@rw_pos_read@
identifier fn_fpos.fn, T;
expression E0, E1;
@@
struct file_operations T = { E0, E1, fn, ... };

@rw_pos_write@
identifier fn_fpos.fn, T;
expression E0, E1, E2, E3;
@@
struct file_operations T = { E0, E1, E2, E3, fn, ... };

@kio_named@
identifier fn_fpos.fn, S, T;
identifier m =~ "^(aio_read|aio_write|read_iter|write_iter)$";
identifier pm =~ "^proc_(aio_read|aio_write|read_iter|write_iter)$";
@@
(
struct S T = { .m = fn, };
|
struct S T = { .m = &fn, };
|
struct S T = { m: fn, };
|
struct S T = { m: &fn, };
|
struct proc_ops T = { .pm = fn, };
|
struct proc_ops T = { .pm = &fn, };
)

@kio_pos_read@
identifier fn_fpos.fn, T;
expression E0, E1, E2;
@@
struct file_operations T = { E0, E1, E2, fn, ... };

@kio_pos_write@
identifier fn_fpos.fn, T;
expression E0, E1, E2, E3, E4;
@@
struct file_operations T = { E0, E1, E2, E3, E4, fn, ... };

// llseek and readdir methods own f_pos; open and release run when
// nothing else uses their file; an ioctl works on its own file at the
// caller's bidding, and 2.6.8 left random_ioctl()'s &file->f_pos as it
// was.

@seek_named@
identifier fn_fpos.fn, S, T;
identifier m =~ "^llseek$";
expression E0;
@@
(
struct S T = { .m = fn, };
|
struct S T = { .m = &fn, };
|
struct S T = { m: fn, };
|
struct S T = { m: &fn, };
|
struct proc_ops T = { .proc_lseek = fn, };
|
struct proc_ops T = { .proc_lseek = &fn, };
|
struct file_operations T = { E0, fn, ... };
)

@dir_named@
identifier fn_fpos.fn, S, T;
identifier m =~ "^(readdir|iterate|iterate_shared)$";
identifier pm =~ "^proc_(readdir|iterate|iterate_shared)$";
expression E0, E1, E2, E3, E4, E5;
@@
(
struct S T = { .m = fn, };
|
struct S T = { .m = &fn, };
|
struct S T = { m: fn, };
|
struct S T = { m: &fn, };
|
struct proc_ops T = { .pm = fn, };
|
struct proc_ops T = { .pm = &fn, };
|
struct file_operations T = { E0, E1, E2, E3, E4, E5, fn, ... };
)

@alone_named@
identifier fn_fpos.fn, S, T;
identifier m =~ "^(open|release|ioctl|unlocked_ioctl|compat_ioctl)$";
identifier pm =~ "^proc_(open|release|ioctl|compat_ioctl)$";
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9, E10, E11;
@@
(
struct S T = { .m = fn, };
|
struct S T = { .m = &fn, };
|
struct S T = { m: fn, };
|
struct S T = { m: &fn, };
|
struct proc_ops T = { .pm = fn, };
|
struct proc_ops T = { .pm = &fn, };
|
struct file_operations T = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9, fn, ... };
|
struct file_operations T = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9, E10, E11, fn, ... };
)

// Signatures.  A table makes a read or write method of a function that
// takes a struct file * and a loff_t *; an aio or iter method of one
// that takes a struct kiocb * first.  Unnamed, unreferenced functions
// need the exact signature.

@rw_shaped depends on !refd@
identifier fn_fpos.fn, F, P, x1, x2;
type T0, T1, T2;
@@
T0 fn(struct file *F, T1 x1, T2 x2, loff_t *P) { ... }

@rw_meth depends on (rw_named || rw_pos_read || rw_pos_write || rw_shaped) && !vfs_fd@
identifier fn_fpos.fn, F, P;
type T0;
@@
T0 fn(..., struct file *F, ..., loff_t *P, ...) { ... }

// A method that refuses any position, `if (ppos) return -ESPIPE;`,
// serves only stream files (stream_open()), to which read() and write()
// pass none: it keeps its own offset in f_pos, and *ppos there would be a
// NULL dereference.

@stream_only exists@
identifier fn_fpos.fn, rw_meth.P;
@@
fn(...) {
  ... when any
  if (\(P\|P != NULL\|unlikely(P)\)) \( return -ESPIPE; \| { ... return -ESPIPE; } \)
  ... when any
}

@rw_ok depends on !stream_only@
identifier fn_fpos.fn, rw_meth.F;
@@
fn(..., struct file *F, ...) { ... }

@kio_shaped depends on !refd@
identifier fn_fpos.fn, I, x1, x2, x3;
type T0, T1, T2;
@@
(
T0 fn(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T0 fn(struct kiocb *I, struct iov_iter *x1) { ... }
)

@kio_meth depends on (kio_named || kio_pos_read || kio_pos_write || kio_shaped) && !rw_meth && !vfs_fd@
identifier fn_fpos.fn, I, x1, x2, x3;
type T0, T1, T2;
@@
(
T0 fn(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T0 fn(struct kiocb *I, struct iov_iter *x1) { ... }
)

// An aio or iter method often names its file first:
//	struct file *file = iocb->ki_filp;

@kio_alias exists@
identifier fn_fpos.fn, kio_meth.I, A;
type T0;
@@
(
T0 fn(...) {
  ... when any
  struct file *A = I->ki_filp;
  ... when any
}
|
T0 fn(...) { ... when any
  A = I->ki_filp
  ... when any
}
)

@owner_shaped depends on !refd@
identifier fn_fpos.fn, F, x1, x2;
type T0;
@@
(
T0 fn(struct file *F, loff_t x1, int x2) { ... }
|
T0 fn(struct file *F, void *x1, filldir_t x2) { ... }
|
T0 fn(struct file *F, struct dir_context *x1) { ... }
)

@owner_named depends on !rw_meth && !kio_meth@
identifier fn_fpos.fn, F, x;
type T0;
@@
(
T0 fn(..., struct file *F, ..., loff_t x, ...) { ... }
|
T0 fn(..., struct file *F, ..., long long x, ...) { ... }
)

@owner_seek depends on seek_named && owner_named@
identifier fn_fpos.fn;
@@
fn(...) { ... }

@owner_dir depends on dir_named && !rw_meth && !kio_meth@
identifier fn_fpos.fn, F;
type T0;
@@
T0 fn(..., struct file *F, ...) { ... }

@alone depends on alone_named@
identifier fn_fpos.fn, I, F, cmd, arg;
type T0, T1, T2;
@@
(
T0 fn(struct inode *I, struct file *F) { ... }
|
T0 fn(struct inode *I, struct file *F, T1 cmd, T2 arg) { ... }
|
T0 fn(struct file *F, T1 cmd, T2 arg) { ... }
)

// The words each method goes by.

@script:python depends on (report || org) && rw_ok@
fn << fn_fpos.fn;
m << rw_named.m = "";
pm << rw_named.pm = "";
T << rw_named.T;
@@
who(fn, "the %s method of %s" % (role(m, pm), T))

@script:python depends on (report || org) && rw_ok@
fn << fn_fpos.fn;
T << rw_pos_read.T;
@@
who(fn, "the read method of %s" % T)

@script:python depends on (report || org) && rw_ok@
fn << fn_fpos.fn;
T << rw_pos_write.T;
@@
who(fn, "the write method of %s" % T)

@script:python depends on (report || org) && rw_ok@
fn << fn_fpos.fn;
@@
who(fn, "a read or write method by its signature")

@script:python depends on (report || org) && kio_meth@
fn << fn_fpos.fn;
m << kio_named.m = "";
pm << kio_named.pm = "";
T << kio_named.T;
@@
who(fn, "the %s method of %s" % (role(m, pm), T))

@script:python depends on (report || org) && kio_meth@
fn << fn_fpos.fn;
T << kio_pos_read.T;
@@
who(fn, "the aio_read method of %s" % T)

@script:python depends on (report || org) && kio_meth@
fn << fn_fpos.fn;
T << kio_pos_write.T;
@@
who(fn, "the aio_write method of %s" % T)

@script:python depends on (report || org) && kio_meth@
fn << fn_fpos.fn;
@@
who(fn, "an aio or iter method by its signature")

// ------------------------------------------------------------------------
// Where f_pos is touched.  A comparison with &file->f_pos is a pread
// refusal, nonseekable_open.cocci's business, and no use of f_pos.

@cmp depends on fpos_file && (report || org || context)@
expression E, X;
position pc;
@@
\( E != &X->f_pos@pc \| &X->f_pos@pc != E \| E == &X->f_pos@pc \| &X->f_pos@pc == E \)

// The method's own file: handed to a call, written, read.

@rw_call depends on rw_ok && (report || org || context)@
identifier fn_fpos.fn, rw_meth.F;
expression fe;
expression list es1, es2;
position q;
@@
fn(...) { <... fe(es1, &F->f_pos@q, es2) ...> }

@rw_write depends on rw_ok && (report || org || context)@
identifier fn_fpos.fn, rw_meth.F;
expression E;
assignment operator aop;
position q;
@@
fn(...) { <... \( F->f_pos@q aop E \| F->f_pos@q++ \| F->f_pos@q-- \| ++F->f_pos@q \| --F->f_pos@q \) ...> }

@rw_read depends on rw_ok && (report || org || context)@
identifier fn_fpos.fn, rw_meth.F;
position q != {cmp.pc, rw_call.q, rw_write.q};
@@
fn(...) { <... F->f_pos@q ...> }

@kio_call depends on (report || org || context)@
identifier fn_fpos.fn, kio_meth.I;
expression fe;
expression list es1, es2;
position q;
@@
fn(...) { <... fe(es1, &I->ki_filp->f_pos@q, es2) ...> }

@kio_write depends on (report || org || context)@
identifier fn_fpos.fn, kio_meth.I;
expression E;
assignment operator aop;
position q;
@@
fn(...) {
  <...
  \( I->ki_filp->f_pos@q aop E \| I->ki_filp->f_pos@q++ \| I->ki_filp->f_pos@q-- \|
     ++I->ki_filp->f_pos@q \| --I->ki_filp->f_pos@q \)
  ...>
}

@kio_read depends on (report || org || context)@
identifier fn_fpos.fn, kio_meth.I;
position q != {cmp.pc, kio_call.q, kio_write.q};
@@
fn(...) { <... I->ki_filp->f_pos@q ...> }

@alias_call depends on (report || org || context)@
identifier fn_fpos.fn, kio_alias.A;
expression fe;
expression list es1, es2;
position q;
@@
fn(...) { <... fe(es1, &A->f_pos@q, es2) ...> }

@alias_write depends on (report || org || context)@
identifier fn_fpos.fn, kio_alias.A;
expression E;
assignment operator aop;
position q;
@@
fn(...) { <... \( A->f_pos@q aop E \| A->f_pos@q++ \| A->f_pos@q-- \| ++A->f_pos@q \| --A->f_pos@q \) ...> }

@alias_read depends on (report || org || context)@
identifier fn_fpos.fn, kio_alias.A;
position q != {cmp.pc, alias_call.q, alias_write.q};
@@
fn(...) { <... A->f_pos@q ...> }

// Anywhere else, a call given &file->f_pos gets a copy, except in the
// functions that own f_pos and for the own file of open, release and ioctl.

@alone_call depends on (report || org || context)@
identifier fn_fpos.fn, alone.F;
position q;
@@
fn(...) { <... &F->f_pos@q ...> }

@other_call depends on (report || org || context) && !vfs_fd && !stream_only && !owner_seek && !owner_dir && !owner_shaped@
identifier fn_fpos.fn;
expression X, fe;
expression list es1, es2;
position q != {cmp.pc, rw_call.q, kio_call.q, alias_call.q, alone_call.q};
@@
fn(...) { <... fe(es1, &X->f_pos@q, es2) ...> }

// The report words a call patch mode can give a copy (a statement of its
// own, the initializer of a declaration that a statement follows) apart
// from one left to hand work.

@copy_call depends on report || org@
expression other_call.X, fe, E;
expression list es1, es2;
assignment operator aop;
position other_call.q, pc;
type T;
identifier v;
statement S;
@@
(
  fe(es1, &X->f_pos@q@pc, es2);
|
  E aop fe(es1, &X->f_pos@q@pc, es2);
|
  T v = fe(es1, &X->f_pos@q@pc, es2);
  S
)

@hand_call depends on report || org@
expression other_call.X, other_call.fe;
expression list es1, es2;
position other_call.q, pc != copy_call.pc;
@@
fe(es1, &X->f_pos@q@pc, es2)

// ------------------------------------------------------------------------
// report and org

@script:python depends on report || org@
fn << fn_fpos.fn;
F << rw_meth.F;
P << rw_meth.P;
q << rw_write.q;
@@
touches(q, fn, F, "writes", "*" + P)

@script:python depends on report || org@
fn << fn_fpos.fn;
F << rw_meth.F;
P << rw_meth.P;
q << rw_read.q;
@@
touches(q, fn, F, "reads", "*" + P)

@script:python depends on report || org@
fn << fn_fpos.fn;
F << rw_meth.F;
P << rw_meth.P;
fe << rw_call.fe;
q << rw_call.q;
@@
passes(q, WHO[fn], F, fe, "pass %s" % P)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
q << kio_write.q;
@@
touches(q, fn, "%s->ki_filp" % I, "writes", "%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
q << kio_read.q;
@@
touches(q, fn, "%s->ki_filp" % I, "reads", "%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
fe << kio_call.fe;
q << kio_call.q;
@@
passes(q, WHO[fn], "%s->ki_filp" % I, fe, "pass &%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
A << kio_alias.A;
q << alias_write.q;
@@
touches(q, fn, A, "writes", "%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
A << kio_alias.A;
q << alias_read.q;
@@
touches(q, fn, A, "reads", "%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
I << kio_meth.I;
A << kio_alias.A;
fe << alias_call.fe;
q << alias_call.q;
@@
passes(q, WHO[fn], A, fe, "pass &%s->ki_pos" % I)

@script:python depends on report || org@
fn << fn_fpos.fn;
X << other_call.X;
fe << other_call.fe;
q << copy_call.pc;
@@
passes(q, fn, X, fe, "pass a copy of the position and store it back")

@script:python depends on report || org@
fn << fn_fpos.fn;
X << other_call.X;
fe << other_call.fe;
q << hand_call.pc;
@@
passes(q, fn, X, fe, "pass a copy of the position and store it back "
       "(by hand: the call is not a statement of its own)")

// ------------------------------------------------------------------------
// context

@depends on context@
expression X;
position rw_write.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position rw_read.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position rw_call.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position kio_write.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position kio_read.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position kio_call.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position alias_write.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position alias_read.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position alias_call.q;
@@
* X->f_pos@q

@depends on context@
expression X;
position other_call.q;
@@
* X->f_pos@q

// ------------------------------------------------------------------------
// patch: read, write, readv and writev methods use their position pointer,
// aio and iter methods iocb->ki_pos.  Places do not survive a rule that
// changes the code, so each rule finds the comparisons it leaves alone
// anew.

@cmp_rw depends on fpos_file && patch@
expression E, X;
position pc;
@@
\( E != &X->f_pos@pc \| &X->f_pos@pc != E \| E == &X->f_pos@pc \| &X->f_pos@pc == E \)

@depends on patch && rw_ok disable ptr_to_array@
identifier fn_fpos.fn, rw_meth.F, rw_meth.P;
position q != cmp_rw.pc;
@@
fn(...) {
  <...
(
- F->f_pos@q++
+ (*P)++
|
- F->f_pos@q--
+ (*P)--
|
- &F->f_pos@q
+ P
|
- F->f_pos@q
+ *P
)
  ...>
}

@cmp_kio depends on fpos_file && patch@
expression E, X;
position pc;
@@
\( E != &X->f_pos@pc \| &X->f_pos@pc != E \| E == &X->f_pos@pc \| &X->f_pos@pc == E \)

@depends on patch && kio_meth disable ptr_to_array@
identifier fn_fpos.fn, kio_meth.I;
position q != cmp_kio.pc;
@@
fn(...) {
  <...
- I->ki_filp->f_pos@q
+ I->ki_pos
  ...>
}

@cmp_alias depends on fpos_file && patch@
expression E, X;
position pc;
@@
\( E != &X->f_pos@pc \| &X->f_pos@pc != E \| E == &X->f_pos@pc \| &X->f_pos@pc == E \)

@depends on patch && kio_meth disable ptr_to_array@
identifier fn_fpos.fn, kio_meth.I, kio_alias.A;
position q != cmp_alias.pc;
@@
fn(...) {
  <...
- A->f_pos@q
+ I->ki_pos
  ...>
}

// patch: anywhere else, a call given &file->f_pos gets a copy of the
// position, stored back after the call.  The copy is named pos, or fpos
// where the function already uses pos.  Each change below moves the
// places, so each finds its calls anew.

@pos_taken exists@
identifier fn_fpos.fn;
symbol pos;
type T0, T;
@@
(
T0 fn(..., T pos, ...) { ... }
|
T0 fn(...) { ... when any
  pos
  ... when any
}
)

@fpos_taken exists@
identifier fn_fpos.fn;
symbol fpos;
type T0, T;
@@
(
T0 fn(..., T fpos, ...) { ... }
|
T0 fn(...) { ... when any
  fpos
  ... when any
}
)

@alone_poss depends on patch@
identifier fn_fpos.fn, alone.F;
position q;
@@
fn(...) { <... &F->f_pos@q ...> }

@call_poss depends on patch && !pos_taken && !vfs_fd && !stream_only && !owner_seek && !owner_dir && !owner_shaped@
identifier fn_fpos.fn;
expression X, fe;
expression list es1, es2;
position q != alone_poss.q;
@@
fn(...) { <... fe(es1, &X->f_pos@q, es2) ...> }

@stmt_pos@
expression call_poss.X, fe, E;
expression list es1, es2;
assignment operator aop;
position call_poss.q;
@@
(
  fe(es1, &X->f_pos@q, es2);
|
  E aop fe(es1, &X->f_pos@q, es2);
)

@depends on patch disable ptr_to_array@
expression call_poss.X, fe, E;
expression list es1, es2;
assignment operator aop;
position call_poss.q;
@@
(
+ pos = X->f_pos;
  fe(es1,
- &X->f_pos@q
+ &pos
  , es2);
+ X->f_pos = pos;
|
+ pos = X->f_pos;
  E aop fe(es1,
- &X->f_pos@q
+ &pos
  , es2);
+ X->f_pos = pos;
)

@alone_posi depends on patch@
identifier fn_fpos.fn, alone.F;
position q;
@@
fn(...) { <... &F->f_pos@q ...> }

@call_posi depends on patch && !pos_taken && !vfs_fd && !stream_only && !owner_seek && !owner_dir && !owner_shaped@
identifier fn_fpos.fn;
expression X, fe;
expression list es1, es2;
position q != alone_posi.q;
@@
fn(...) { <... fe(es1, &X->f_pos@q, es2) ...> }

@depends on patch disable ptr_to_array@
expression call_posi.X, fe;
expression list es1, es2;
position call_posi.q;
type T;
identifier v;
statement S;
@@
+ loff_t pos = X->f_pos;
  T v = fe(es1,
- &X->f_pos@q
+ &pos
  , es2);
+
+ X->f_pos = pos;
  S

// Where the function has declarations the copy goes before the first;
// where it has none, a blank line separates it from the statements.

@depends on patch && stmt_pos@
identifier fn_fpos.fn, x;
type T;
@@
fn(...) {
+ loff_t pos;
(
  T x;
|
  T x = ...;
)
  ... when any
}

@depends on patch && stmt_pos@
identifier fn_fpos.fn;
statement S;
@@
fn(...) {
+ loff_t pos;
+
  S
  ... when any
}

@alone_fposs depends on patch@
identifier fn_fpos.fn, alone.F;
position q;
@@
fn(...) { <... &F->f_pos@q ...> }

@call_fposs depends on patch && pos_taken && !fpos_taken && !vfs_fd && !stream_only && !owner_seek && !owner_dir && !owner_shaped@
identifier fn_fpos.fn;
expression X, fe;
expression list es1, es2;
position q != alone_fposs.q;
@@
fn(...) { <... fe(es1, &X->f_pos@q, es2) ...> }

@stmt_fpos@
expression call_fposs.X, fe, E;
expression list es1, es2;
assignment operator aop;
position call_fposs.q;
@@
(
  fe(es1, &X->f_pos@q, es2);
|
  E aop fe(es1, &X->f_pos@q, es2);
)

@depends on patch disable ptr_to_array@
expression call_fposs.X, fe, E;
expression list es1, es2;
assignment operator aop;
position call_fposs.q;
@@
(
+ fpos = X->f_pos;
  fe(es1,
- &X->f_pos@q
+ &fpos
  , es2);
+ X->f_pos = fpos;
|
+ fpos = X->f_pos;
  E aop fe(es1,
- &X->f_pos@q
+ &fpos
  , es2);
+ X->f_pos = fpos;
)

@alone_fposi depends on patch@
identifier fn_fpos.fn, alone.F;
position q;
@@
fn(...) { <... &F->f_pos@q ...> }

@call_fposi depends on patch && pos_taken && !fpos_taken && !vfs_fd && !stream_only && !owner_seek && !owner_dir && !owner_shaped@
identifier fn_fpos.fn;
expression X, fe;
expression list es1, es2;
position q != alone_fposi.q;
@@
fn(...) { <... fe(es1, &X->f_pos@q, es2) ...> }

@depends on patch disable ptr_to_array@
expression call_fposi.X, fe;
expression list es1, es2;
position call_fposi.q;
type T;
identifier v;
statement S;
@@
+ loff_t fpos = X->f_pos;
  T v = fe(es1,
- &X->f_pos@q
+ &fpos
  , es2);
+
+ X->f_pos = fpos;
  S

// Where the function has declarations the copy goes before the first;
// where it has none, a blank line separates it from the statements.

@depends on patch && stmt_fpos@
identifier fn_fpos.fn, x;
type T;
@@
fn(...) {
+ loff_t fpos;
(
  T x;
|
  T x = ...;
)
  ... when any
}

@depends on patch && stmt_fpos@
identifier fn_fpos.fn;
statement S;
@@
fn(...) {
+ loff_t fpos;
+
  S
  ... when any
}

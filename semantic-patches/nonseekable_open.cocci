// SPDX-License-Identifier: GPL-2.0-only
/// Make non-seekable files refuse pread/pwrite through nonseekable_open()
/// instead of comparing the position pointer with &file->f_pos.
//#
//# Before Linux 2.6.8 a read or write method of a file that cannot seek
//# refused pread() and pwrite() itself:
//#
//#	if (ppos != &file->f_pos)
//#		return -ESPIPE;
//#
//# Since 2.6.8 the VFS refuses them for a file whose open method called
//# nonseekable_open(), and read() and write() hand the methods a copy of
//# f_pos, so the old test fails on every call.
//#
//# The rules find facts and combine them with `depends on` and with
//# positions that other rules may not take: the tests and the methods
//# holding them, the file_operations naming those methods, what their open
//# members are.  A file_operations is converted when a read, write, readv
//# or writev method it names holds a test, its open method is defined here
//# (or is nonseekable_open, or can be added), no method of it holds a test
//# of another shape, and no method or open method it shares belongs to a
//# file_operations left alone.  Its tests then go, with the comment above
//# them; only the test goes when other conditions share its `if`.  Its
//# open method returns nonseekable_open() where it returned 0, or calls it
//# first when it returns something else; a missing open member is added
//# after the members that precede it in 2.6.7's struct.
//#
//# A test whose `if` does nothing never refused anything: it goes, and the
//# open method is left as it is.  A method that no file_operations names
//# and nothing but EXPORT_SYMBOL() names (seq_read) loses its test too, and
//# the one function that installs file->private_data clears FMODE_PREAD
//# and FMODE_PWRITE: such a file stays seekable.
//#
//# An llseek method that only returns -ESPIPE becomes no_llseek; a static
//# one goes once nothing names it.  Linux 6.12 has no no_llseek: there the
//# member goes, since lseek() on a file without llseek fails with -ESPIPE
//# as well.  -D no_llseek_exists or -D kernel_unknown keep no_llseek, -D
//# era_given alone says today's kernel.  Told nothing, the patch reads the
//# era from the file: one naming no_llseek, or holding a pread test of a
//# kernel before 2.6.8, keeps no_llseek; one showing neither keeps its
//# method, and the report asks for the era.
//#
//# An open method that only fails never opens a file: the files of its
//# file_operations are made by hand (sockets), without FMODE_PREAD from
//# 2.6.8 on, so their tests go, a sendpage method's too, and the open
//# method stays.  A method put
//# into file->f_op at run time is reported, not converted.
//#
//# A refusal with another errno is converted too; the report says that
//# pread/pwrite now fail with -ESPIPE.  What the patch leaves alone is
//# reported for hand work.
//#
//# Python only formats: the messages, and the text of an added open member,
//# spaced like the member before it.
//#
//# Struct, type and member names stand in metavariable constraints, not in
//# the code of the rules: spatch then still parses only the files naming
//# f_pos or ESPIPE.
//
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: Requires the file_operations of a method in the same file as
//  the method.  Arrays of file_operations are not looked at.  Takes the
//  tree's era as -D no_llseek_exists or -D kernel_unknown.  Limits: a
//  file_operations is held back by one left alone through one shared
//  method or open method, not through a chain of them; a positional
//  initializer names read and write, not readv and writev; an open member
//  that is not a function name (.open = NULL too) is left for hand work; a
//  branch that jumps elsewhere before its errno is not a refusal; a
//  library method is converted only when no other function of the file
//  stores ->private_data of a struct file; an empty test in a library
//  method stays.
// Options: --no-includes --include-headers
// Keywords: nonseekable_open, no_llseek, ESPIPE, pread, pwrite, f_pos
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.  Of the
// standard isomorphisms only ptr_to_array and add_signed change a pattern
// here (the tests spell likely() and unlikely() out); the others would
// only make spatch take twice as long to build the rules.
#spatch --no-includes --include-headers
#spatch --disable-iso drop_cast --disable-iso add_int1 --disable-iso add_int2
#spatch --disable-iso not_int1 --disable-iso not_int2 --disable-iso not_ptr1
#spatch --disable-iso not_ptr2 --disable-iso commeq --disable-iso commneq
#spatch --disable-iso is_zero --disable-iso isnt_zero --disable-iso is_null
#spatch --disable-iso isnt_null1 --disable-iso bitor_comm
#spatch --disable-iso bitand_comm --disable-iso plus_comm
#spatch --disable-iso mult_comm --disable-iso plus_assoc
#spatch --disable-iso minus_assoc --disable-iso plus_minus_assoc1
#spatch --disable-iso plus_minus_assoc2 --disable-iso times_assoc
#spatch --disable-iso div_assoc --disable-iso times_div_assoc1
#spatch --disable-iso times_div_assoc2 --disable-iso gtr_lss
#spatch --disable-iso gtr_lss_eq --disable-iso inc --disable-iso for_inc
#spatch --disable-iso unlikely --disable-iso bsd_branch_pred
#spatch --disable-iso paren --disable-iso zero_multiple_format
#spatch --disable-iso neg_if --disable-iso ne_if --disable-iso drop_else
#spatch --disable-iso neg_if_exp --disable-iso decl_init
#spatch --disable-iso extern_decl_init --disable-iso static_decl_init
#spatch --disable-iso braces0 --disable-iso braces1 --disable-iso braces2
#spatch --disable-iso braces3 --disable-iso braces4 --disable-iso ret
#spatch --disable-iso mkinit --disable-iso fld_to_ptr
#spatch --disable-iso sizeof_type_expr

virtual patch
virtual context
virtual org
virtual report
virtual no_llseek_exists
virtual kernel_unknown
virtual era_given

// Files with neither an f_pos nor an ESPIPE are not even parsed.  A
// file that defines read(2), lseek(2) or the VFS functions behind them is
// the VFS core by its role, wherever it stands: it refuses pread itself
// for the objects it makes, and nothing below runs there.
@nso_any@
expression X;
@@
(
X->f_pos
|
ESPIPE
)

@vfs_role depends on nso_any@
identifier core =~ "^(sys_read|sys_write|sys_lseek|ksys_read|ksys_write|vfs_read|vfs_write|vfs_llseek|default_llseek|generic_file_llseek)$";
@@
core(...) { ... }

@nso_file depends on nso_any && !vfs_role@
expression X;
@@
(
X->f_pos
|
ESPIPE
)

// ---------------------------------------------------------------------
// The tests.  pt is the `if`, pc the comparison, pp the operand naming the
// position pointer, perr the errno.  A branch must not jump elsewhere
// before its errno: a goto would take `...` out of it.  Each shape of
// condition is written once, with the branches it may have as a
// disjunction, and likely() and unlikely() as one metavariable: every
// copy of the comparison is one more pattern for spatch to build.

@tst depends on nso_file@
identifier fl, ppos, l, l2, ret;
identifier hint = {likely, unlikely};
identifier E =~ "^E[A-Z0-9]+$";
expression T, C;
statement S;
position pt, pc, pp, perr, pcomb, pdead;
@@
(
if@pt@pdead (\(T@pc \& \(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)\)) ;
|
if@pt (\(\(T@pc \& \(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)\)\|
        hint(\(T@pc \& \(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)\))\))
(
	return -E@perr;
|
	return (-E@perr);
|
	{
	... when != goto l2;
	\(return -E@perr;\|return (-E@perr);\)
	}
|
	{
	... when != goto l2;
	\(ret = -E@perr;\|ret = (-E@perr);\)
	goto l;
	}
)
|
if@pt@pcomb (\(\(T@pc \& \(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)\) || C\|
             C || \(T@pc \& \(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)\)\))
	\(return -E@perr;\|return (-E@perr);\|S\)
)

// Whether a test's branch is empty.
@isdead depends on nso_file@
position tst.pdead;
expression X;
@@
if@pdead (X) ;

// Any other comparison: never converted.
@cmp depends on nso_file@
identifier fl, ppos;
position pp != tst.pp;
@@
\(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)

// The function holding each, when it compares its own file and position
// pointer.  One path at a time: a test need not lie on every path.

@tfn depends on nso_file exists@
identifier tst.fl, tst.ppos, fn;
position tst.pt;
typedef loff_t;
expression X;
statement S;
type TFI = {struct file *};
type TPP = {loff_t *};
@@
fn(TFI fl, ..., TPP ppos, ...) {
... when any
if@pt (X) S
... when any
}

@ofn depends on nso_file exists@
identifier cmp.fl, cmp.ppos, fn;
position cmp.pp;
type TFI = {struct file *};
type TPP = {loff_t *};
@@
fn(TFI fl, ..., TPP ppos) {
... when any
\(ppos@pp != &fl->f_pos\|&fl@pp->f_pos != ppos\)
... when any
}

// The file_operations naming such a function as a read, write, readv or
// writev method (`.read = f`, `read: f`, `read: &f`, or by position).

@user depends on nso_file && !isdead@
identifier tfn.fn, F;
identifier role = {read, write, readv, writev, sendpage};
expression E0, E1, E2, E3;
position pf, prd, pwr;
type TFO = {struct file_operations};
@@
(
TFO F@pf = { ..., .role = \(fn\|&fn\), ...};
|
TFO F@pf = { ..., role: \(fn\|&fn\), ...};
|
TFO F@pf = { E0, E1, fn@prd, ...};
|
TFO F@pf = { E0, E1, E2, E3, fn@pwr, ...};
)

@duser depends on nso_file && isdead@
identifier tfn.fn, F;
identifier role = {read, write, readv, writev, sendpage};
expression E0, E1, E2, E3;
position pf, prd, pwr;
type TFO = {struct file_operations};
@@
(
TFO F@pf = { ..., .role = \(fn\|&fn\), ...};
|
TFO F@pf = { ..., role: \(fn\|&fn\), ...};
|
TFO F@pf = { E0, E1, fn@prd, ...};
|
TFO F@pf = { E0, E1, E2, E3, fn@pwr, ...};
)

@ouser depends on nso_file@
identifier ofn.fn, F;
identifier role = {read, write, readv, writev, sendpage};
expression E0, E1, E2, E3;
position pf, prd, pwr;
type TFO = {struct file_operations};
@@
(
TFO F@pf = { ..., .role = \(fn\|&fn\), ...};
|
TFO F@pf = { ..., role: \(fn\|&fn\), ...};
|
TFO F@pf = { E0, E1, fn@prd, ...};
|
TFO F@pf = { E0, E1, E2, E3, fn@pwr, ...};
)

// A file_operations whose files this file makes itself, setting their
// f_mode (do_pipe() in 2.4): 2.6.8 left such files without FMODE_PREAD.

@omade depends on nso_file && (report || org) && ouser exists@
identifier ouser.F;
expression X, M;
@@
(
X->f_op = &F;
... when any
X->f_mode = M;
|
X->f_mode = M;
... when any
X->f_op = &F;
)

// ---------------------------------------------------------------------
// Each file_operations: what its open member is, how it is written.

@fops depends on nso_file@
identifier F;
type TFO = {struct file_operations};
@@
TFO F = { ... };

// Not named by a method holding a test, or naming one with a test of
// another shape.
@untested depends on nso_file@
identifier fops.F;
position pf != user.pf;
type TFO = {struct file_operations};
@@
TFO F@pf = { ... };

@clean depends on nso_file@
identifier fops.F;
position pf != ouser.pf;
type TFO = {struct file_operations};
@@
TFO F@pf = { ... };

@o_nso depends on nso_file@
identifier fops.F;
identifier nso = {nonseekable_open};
identifier op = {open};
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9;
type TFO = {struct file_operations};
@@
(
TFO F = { ..., .op = nso, ...};
|
TFO F = { ..., op: nso, ...};
|
TFO F = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9,
                             nso, ...};
)

@o_fn depends on nso_file@
identifier fops.F;
identifier of != {nonseekable_open, NULL};
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9;
type TFO = {struct file_operations};
@@
(
TFO F = { ..., .open = \(of\|&of\), ...};
|
TFO F = { ..., open: \(of\|&of\), ...};
|
TFO F = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9, of, ...};
)

@o_def depends on nso_file@
identifier o_fn.of, ino, fl;
type TFI = {struct file *};
type TIN = {struct inode *};
@@
of(TIN ino, TFI fl) { ... }

// What a body holds somewhere, one path at a time: checked on all paths
// at once, a long open method of 2.4 (osst_open) takes seconds.
@o_calls depends on nso_file exists@
identifier o_fn.of;
identifier nso = {nonseekable_open};
@@
of(...) { ... when any
nso(...)
... when any
}

@o_ret0 depends on nso_file exists@
identifier o_fn.of;
@@
of(...) { ... when any
return 0;
... when any
}

// A return of neither 0 nor an errno constant: pv is bound by the last
// branch only.
@o_ret depends on nso_file exists@
identifier o_fn.of;
expression E;
constant C;
identifier I;
position pv;
@@
of(...) {
... when any
\(return 0;\|return -C;\|return -I;\|return@pv E;\)
}

@o_retv depends on nso_file@
position o_ret.pv;
expression E;
@@
return@pv E;

// An open method that returns nothing but errno constants never opens a
// file: the files of its file_operations are made by hand elsewhere
// (sock_map_fd() for sockets), and so from 2.6.8 on without FMODE_PREAD.
// Their tests go as 2.6.8 removed them; the open method stays as it is.
// o_retv is no help here: where pv is unbound it does not match.
@o_errret depends on nso_file && o_def exists@
identifier o_fn.of;
constant C;
identifier I;
position pe;
@@
of(...) { ... when any
\(return@pe -C;\|return@pe -I;\|return@pe (-C);\|return@pe (-I);\)
... when any
}

@o_okret depends on nso_file && o_def exists@
identifier o_fn.of;
expression E;
position pv != o_errret.pe;
@@
of(...) { ... when any
return@pv E;
... when any
}

@o_fails depends on nso_file && o_def && !o_okret@
identifier o_fn.of;
position p;
@@
of@p(...) { ... }

// Any open member at all, and a positional one left NULL.
@o_any depends on nso_file@
identifier fops.F;
expression E;
identifier op = {open};
type TFO = {struct file_operations};
@@
\(TFO F = { ..., .op = E, ...};\|
  TFO F = { ..., op: E, ...};\)

@o_null depends on nso_file@
identifier fops.F;
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9;
type TFO = {struct file_operations};
@@
TFO F = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9,
                             \(NULL\|0\), ...};

@has_c99 depends on nso_file@
identifier fops.F, fld;
expression E;
type TFO = {struct file_operations};
@@
TFO F = { ..., .fld = E, ...};

@has_gnu depends on nso_file@
identifier fops.F, fld;
expression E;
type TFO = {struct file_operations};
@@
TFO F = { ..., fld: E, ...};

@has_pos depends on nso_file@
identifier fops.F;
expression E;
type TFO = {struct file_operations};
@@
TFO F = { ..., E, ...};

// Installed into files already open (`file->f_op = &F`, as a hung-up tty
// is) and named nowhere else but in tests of file->f_op: its open member
// is never called, so none is added.
@o_fop depends on nso_file@
identifier fops.F;
expression X;
position ps;
@@
\(X->f_op = &F@ps\|X->f_op == &F@ps\|X->f_op != &F@ps\)

@o_named depends on nso_file@
identifier fops.F;
position pe != o_fop.ps;
@@
F@pe

@o_put depends on nso_file@
identifier fops.F;
expression X;
@@
X->f_op = &F

@o_inst depends on nso_file && o_put && !o_named@
identifier fops.F;
type TFO = {struct file_operations};
@@
TFO F = { ... };

// A new open member follows the member of 2.6.7's struct before open
// that comes last there.  Designated members match in any order: pa marks
// each member followed in the struct by another of the file_operations.
@notlast depends on nso_file && !o_fn && !o_any@
identifier fops.F;
identifier a9 = {owner, llseek, read, aio_read, write, aio_write, readdir,
                poll, ioctl};
identifier a8 = {owner, llseek, read, aio_read, write, aio_write, readdir,
                poll};
identifier a7 = {owner, llseek, read, aio_read, write, aio_write, readdir};
identifier a6 = {owner, llseek, read, aio_read, write, aio_write};
identifier a5 = {owner, llseek, read, aio_read, write};
identifier a4 = {owner, llseek, read, aio_read};
identifier a3 = {owner, llseek, read};
identifier a2 = {owner, llseek};
identifier a1 = {owner};
identifier b9 = {mmap};
identifier b8 = {ioctl};
identifier b7 = {poll};
identifier b6 = {readdir};
identifier b5 = {aio_write};
identifier b4 = {write};
identifier b3 = {aio_read};
identifier b2 = {read};
identifier b1 = {llseek};
expression E1, E2;
position pa;
type TFO = {struct file_operations};
@@
(
TFO F = { ..., .a9 = E1@pa, ..., .b9 = E2, ...};
|
TFO F = { ..., .a8 = E1@pa, ..., .b8 = E2, ...};
|
TFO F = { ..., .a7 = E1@pa, ..., .b7 = E2, ...};
|
TFO F = { ..., .a6 = E1@pa, ..., .b6 = E2, ...};
|
TFO F = { ..., .a5 = E1@pa, ..., .b5 = E2, ...};
|
TFO F = { ..., .a4 = E1@pa, ..., .b4 = E2, ...};
|
TFO F = { ..., .a3 = E1@pa, ..., .b3 = E2, ...};
|
TFO F = { ..., .a2 = E1@pa, ..., .b2 = E2, ...};
|
TFO F = { ..., .a1 = E1@pa, ..., .b1 = E2, ...};
|
TFO F = { ..., a9: E1@pa, ..., b9: E2, ...};
|
TFO F = { ..., a8: E1@pa, ..., b8: E2, ...};
|
TFO F = { ..., a7: E1@pa, ..., b7: E2, ...};
|
TFO F = { ..., a6: E1@pa, ..., b6: E2, ...};
|
TFO F = { ..., a5: E1@pa, ..., b5: E2, ...};
|
TFO F = { ..., a4: E1@pa, ..., b4: E2, ...};
|
TFO F = { ..., a3: E1@pa, ..., b3: E2, ...};
|
TFO F = { ..., a2: E1@pa, ..., b2: E2, ...};
|
TFO F = { ..., a1: E1@pa, ..., b1: E2, ...};
)

@anchor_c99 depends on nso_file && !o_fn && !o_any && !has_gnu && !has_pos@
identifier fops.F;
identifier fld = {owner, llseek, read, aio_read, write, aio_write, readdir,
                  poll, ioctl, mmap};
expression E;
position pa != notlast.pa;
type TFO = {struct file_operations};
@@
TFO F = { ..., .fld = E@pa, ...};

@anchor_gnu depends on nso_file && !o_fn && !o_any && !has_c99 && !has_pos@
identifier fops.F;
identifier fld = {owner, llseek, read, aio_read, write, aio_write, readdir,
                  poll, ioctl, mmap};
expression E;
position pa != notlast.pa;
type TFO = {struct file_operations};
@@
TFO F = { ..., fld: E@pa, ...};

// Can be made non-seekable: tested, no test of another shape, an open
// method to change or an open member to add.
@cand depends on nso_file && !untested && clean && (o_nso || o_def || (!o_fn && !o_any && (o_inst || anchor_c99 || anchor_gnu)) || (o_null && !o_inst && !has_c99 && !has_gnu))@
identifier fops.F;
position pf;
type TFO = {struct file_operations};
@@
TFO F@pf = { ... };

// Held back: a method with a test, or the open method, is shared with a
// file_operations that cannot be converted.  held and dheld take the
// file_operations naming such a method from user and duser, oheld the one
// whose open method it is from o_fn, rather than match each way of naming
// it again.
@gbad depends on nso_file@
identifier tfn.fn, G;
identifier role = {read, write, readv, writev, sendpage};
expression E0, E1, E2, E3;
position pg != cand.pf;
type TFO = {struct file_operations};
@@
(
TFO G@pg = { ..., .role = \(fn\|&fn\), ...};
|
TFO G@pg = { ..., role: \(fn\|&fn\), ...};
|
TFO G@pg = { E0, E1, fn, ...};
|
TFO G@pg = { E0, E1, E2, E3, fn, ...};
)

@held depends on nso_file && gbad@
identifier user.F;
position user.pf, ph;
type TFO = {struct file_operations};
@@
TFO F@pf@ph = { ... };

@dheld depends on nso_file && gbad@
identifier duser.F;
position duser.pf, ph;
type TFO = {struct file_operations};
@@
TFO F@pf@ph = { ... };

@oshare depends on nso_file@
identifier o_fn.of, G;
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9;
position pg != cand.pf;
type TFO = {struct file_operations};
@@
(
TFO G@pg = { ..., .open = \(of\|&of\), ...};
|
TFO G@pg = { ..., open: \(of\|&of\), ...};
|
TFO G@pg = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9, of, ...};
)

@oheld depends on nso_file && oshare@
identifier fops.F;
position pf;
type TFO = {struct file_operations};
@@
TFO F@pf = { ... };

@conv depends on nso_file && cand@
identifier fops.F;
position pf != {held.ph, dheld.ph, oheld.pf};
type TFO = {struct file_operations};
@@
TFO F@pf = { ... };

// A method named by a file_operations left alone keeps its tests.
@nuser depends on nso_file@
identifier tfn.fn, F;
identifier role = {read, write, readv, writev, sendpage};
expression E0, E1, E2, E3;
position pf != conv.pf;
type TFO = {struct file_operations};
@@
(
TFO F@pf = { ..., .role = \(fn\|&fn\), ...};
|
TFO F@pf = { ..., role: \(fn\|&fn\), ...};
|
TFO F@pf = { E0, E1, fn, ...};
|
TFO F@pf = { E0, E1, E2, E3, fn, ...};
)

// ---------------------------------------------------------------------
// Library methods: shaped like a read or write method, named by nothing
// but EXPORT_SYMBOL(); the file is set up by the one function storing
// ->private_data of the struct file it is given.

@lshape depends on nso_file && !user && !isdead@
identifier tfn.fn, fl, a, b, ppos;
type T1, T2;
type TFI = {struct file *};
type TPP = {loff_t *};
@@
fn(TFI fl, T1 a, T2 b, TPP ppos) { ... }

@exported depends on nso_file@
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
identifier fn;
position p;
@@
\(EXPORT_SYMBOL\|EXPORT_SYMBOL_GPL\)(fn@p);

@lnamed depends on nso_file && lshape@
identifier tfn.fn;
position p != exported.p;
@@
fn@p

@inst depends on nso_file && lshape && !lnamed exists@
identifier g, fl;
expression E;
type TFI = {struct file *};
identifier pd = {private_data};
@@
g(..., TFI fl, ...) { ... when any
fl->pd = E;
... when any
}

@inst_named depends on nso_file && inst@
identifier inst.g, F, fld;
type TFO = {struct file_operations};
@@
\(TFO F = { ..., .fld = g, ...};\|
  TFO F = { ..., fld: g, ...};\|
  TFO F = { ..., g, ...};\)

@inst_many depends on nso_file && inst exists@
identifier h != inst.g;
identifier fl;
expression E;
type TFI = {struct file *};
identifier pd = {private_data};
@@
h(..., TFI fl, ...) { ... when any
fl->pd = E;
... when any
}

// A method put into file->f_op at run time (ep93xx-audio) belongs to no
// file_operations this patch can see: reported, not converted.
@rt_set depends on nso_file && lshape && lnamed && (report || org) exists@
identifier tfn.fn, g, fl;
identifier role = {read, write, readv, writev, sendpage};
identifier fo = {f_op};
type TFI = {struct file *};
@@
g(..., TFI fl, ...) { ... when any
fl->fo->role = fn;
... when any
}

@lib depends on nso_file && lshape && !lnamed && inst && !inst_named && !inst_many@
identifier tfn.fn;
@@
fn(...) { ... }

// The errno of a refusal, when not ESPIPE; an EPIPE meant as ESPIPE.
@err_other depends on nso_file && (report || org)@
position tst.perr;
identifier E != ESPIPE;
@@
 -E@perr

@epipe depends on nso_file && ((report || org) && (user || (lshape && !lnamed)))@
position tst.perr;
@@
 -EPIPE@perr

// ---------------------------------------------------------------------
// context: every place report mode names

@depends on nso_file && (context && (user || (lshape && !lnamed)))@
identifier tst.fl, tst.ppos;
position tst.pp;
@@
\(
* ppos@pp != &fl->f_pos
\|
* &fl@pp->f_pos != ppos
\)

@depends on nso_file && context && duser@
identifier tst.fl, tst.ppos;
position tst.pp;
@@
\(
* ppos@pp != &fl->f_pos
\|
* &fl@pp->f_pos != ppos
\)

@depends on nso_file && context && ouser@
identifier cmp.fl, cmp.ppos;
position cmp.pp;
@@
\(
* ppos@pp != &fl->f_pos
\|
* &fl@pp->f_pos != ppos
\)

@depends on nso_file && (context && (user || (lshape && !lnamed)))@
position tst.perr;
@@
* -EPIPE@perr

@depends on nso_file && context && conv && o_def && !o_calls@
identifier o_fn.of;
@@
* of(...)
  { ... }

@depends on nso_file && context && lib@
identifier inst.g;
@@
* g(...)
  { ... }

@depends on nso_file && context && conv && !o_fn && !o_any && !o_inst@
identifier fops.F;
@@
struct file_operations
* F
  = { ... };

// ---------------------------------------------------------------------
// org and report: the messages, sorted by place once the file is done

@initialize:python depends on report || org@
@@
nso = {}

def nso_say(p, text, user=None):
    at = (p.file, int(p.line), int(p.column), int(p.line_end), int(p.column_end))
    nso.setdefault((at, text), [p, set()])[1].update([user] if user else [])

def nso_role(role, prd):
    return role or ("read" if prd else "write")

def nso_note(E):
    return E and "; pread/pwrite will fail with -ESPIPE instead of -%s" % E

def nso_flush(show):
    for (at, text) in sorted(nso):
        p, users = nso[(at, text)]
        users = ", ".join(sorted(users))
        show(p, "WARNING: " + text.replace("@", users and " (%s)" % users))
    nso.clear()

@script:python depends on nso_file && ((report || org) && user && !nuser && !o_fails)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; F << user.F;
role << user.role = ""; prd << user.prd = []; E << err_other.E = "";
@@
nso_say(pc[0], "%s@: refuses pread/pwrite by comparing %s with &%s->f_pos; let the "
        "open method call nonseekable_open() instead%s" % (fn, ppos, fl, nso_note(E)),
        "%s .%s" % (F, nso_role(role, prd)))

@script:python depends on nso_file && ((report || org) && user && !nuser && o_fails)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; F << user.F;
role << user.role = ""; prd << user.prd = []; of << o_fn.of;
@@
nso_say(pc[0], "%s@: refuses pread/pwrite by comparing %s with &%s->f_pos; remove the "
        "test: %s only fails, so the files are made without an open and from 2.6.8 on "
        "have no FMODE_PREAD" % (fn, ppos, fl, of), "%s .%s" % (F, nso_role(role, prd)))

@script:python depends on nso_file && ((report || org) && user && nuser)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; F << user.F;
role << user.role = ""; prd << user.prd = [];
@@
nso_say(pc[0], "%s@: refuses pread/pwrite by comparing %s with &%s->f_pos; convert by "
        "hand: a file_operations naming it is left alone" % (fn, ppos, fl),
        "%s .%s" % (F, nso_role(role, prd)))

@script:python depends on nso_file && ((report || org) && lib)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; E << err_other.E = "";
@@
nso_say(pc[0], "%s: refuses pread/pwrite by comparing %s with &%s->f_pos; clear FMODE_PREAD"
        "|FMODE_PWRITE where the file is set up%s" % (fn, ppos, fl, nso_note(E)))

@script:python depends on nso_file && ((report || org) && lshape && !lnamed && !lib)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc;
@@
nso_say(pc[0], "%s: refuses pread/pwrite by comparing %s with &%s->f_pos; convert by hand: "
        "%s is named by no file_operations here, and no single function of this file "
        "sets up file->private_data for it" % (fn, ppos, fl, fn))

@script:python depends on nso_file && ((report || org) && rt_set)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; g << rt_set.g;
@@
nso_say(pc[0], "%s: refuses pread/pwrite by comparing %s with &%s->f_pos; convert by hand: "
        "%s puts it into file->f_op at run time, so let the open path that calls %s "
        "call nonseekable_open()" % (fn, ppos, fl, g, g))

@script:python depends on nso_file && epipe@
fn << tfn.fn; perr << tst.perr;
@@
nso_say(perr[0], "%s: refuses pread/pwrite with -EPIPE, meant -ESPIPE" % fn)

@script:python depends on nso_file && ((report || org) && duser)@
fn << tfn.fn; fl << tst.fl; ppos << tst.ppos; pc << tst.pc; F << duser.F;
role << duser.role = ""; prd << duser.prd = [];
@@
nso_say(pc[0], "%s@: compares %s with &%s->f_pos and does nothing about it; remove the "
        "test" % (fn, ppos, fl), "%s .%s" % (F, nso_role(role, prd)))

@script:python depends on nso_file && ((report || org) && ouser && !omade)@
fn << ofn.fn; fl << cmp.fl; ppos << cmp.ppos; pp << cmp.pp; F << ouser.F;
role << ouser.role = ""; prd << ouser.prd = [];
@@
nso_say(pp[0], "%s@: refuses pread/pwrite by comparing %s with &%s->f_pos; convert by hand: "
        "this form of the test is not converted automatically" % (fn, ppos, fl),
        "%s .%s" % (F, nso_role(role, prd)))

@script:python depends on nso_file && ((report || org) && omade)@
fn << ofn.fn; fl << cmp.fl; ppos << cmp.ppos; pp << cmp.pp; F << ouser.F;
role << ouser.role = ""; prd << ouser.prd = [];
@@
nso_say(pp[0], "%s@: refuses pread/pwrite by comparing %s with &%s->f_pos; convert by hand: "
        "this file makes its files itself, setting their f_mode, as do_pipe() makes pipes: "
        "remove the test and make them without FMODE_PREAD and FMODE_PWRITE, as Linux "
        "2.6.8 did" % (fn, ppos, fl), "%s .%s" % (F, nso_role(role, prd)))

@ofix depends on nso_file && ((report || org) && conv && o_def && !o_calls && !o_fails)@
identifier o_fn.of;
position p;
@@
of@p(...) { ... }

@script:python depends on nso_file && ((report || org))@
of << o_fn.of; F << fops.F; p << ofix.p;
@@
nso_say(p[0], "%s: open method of %s, must call nonseekable_open()" % (of, F))

@fadd depends on nso_file && ((report || org) && conv && !o_fn && !o_any && !o_inst)@
identifier fops.F;
position p;
type TFO = {struct file_operations};
@@
TFO F@p = { ... };

@script:python depends on nso_file && ((report || org))@
F << fops.F; p << fadd.p;
@@
nso_say(p[0], "%s: no open method, needs .open = nonseekable_open" % F)

@ifix depends on nso_file && ((report || org) && lib)@
identifier inst.g;
position p;
@@
g@p(...) { ... }

@script:python depends on nso_file && ((report || org))@
g << inst.g; fn << tfn.fn; p << ifix.p;
@@
nso_say(p[0], "%s: sets up the file for %s, must clear FMODE_PREAD|FMODE_PWRITE" % (g, fn))

// ---------------------------------------------------------------------
// patch

@depends on nso_file && (patch && ((user && !nuser) || lib || duser))@
identifier tst.fl, tst.ppos;
position tst.pt;
expression X, C;
statement S;
@@
(
if@pt (
- \(ppos != &fl->f_pos\|&fl->f_pos != ppos\) ||
  C) S
|
if@pt (C
- || \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)
  ) S
|
- if@pt (X) S
)

@ret0_at depends on nso_file && patch && conv && o_def && !o_calls && o_ret0 && !o_retv exists@
identifier o_fn.of;
position pr;
@@
of(...) { ... when any
return@pr 0;
... when any
}

@depends on nso_file && patch@
identifier o_def.ino, o_def.fl;
position ret0_at.pr;
@@
- return@pr 0;
+ return nonseekable_open(ino, fl);

// The first statement on each path from the entry, one path at a time:
// checked on all paths at once, a bare statement between two `...` is
// tried as every statement with every path through it, which the gotos
// out of nested loops of the 2.4 tty_open turn into minutes.
@depends on nso_file && (patch && conv && o_def && !o_calls && (o_retv || !o_ret0) && !o_fails) exists@
identifier o_fn.of, o_def.ino, o_def.fl;
statement S1, S2;
type TFI = {struct file *};
type TIN = {struct inode *};
@@
of(TIN ino, TFI fl)
{
... when != S1
+ nonseekable_open(ino, fl);
S2
... when any
}

@initialize:python depends on patch@
@@
def nso_member(p, head, eq):
    """The open member, spaced like the member at p."""
    import re  # here, not at start-up: most runs add no member
    with open(p.file, errors="replace") as src:
        line = src.read().split("\n")[int(p.line) - 1]
    name = r"\.\w+" if eq else r"\w+:"
    m = re.match(r"^(\s*)(%s)(\s*)%s(\s*)" % (name, eq), line)
    indent, name, sep, after = m.groups() if m else ("", head[0] * bool(eq), " ", " ")
    if sep not in ("", " ") and (indent or "\t" in sep or len(sep) > 1):
        goal = len((indent + name + sep).expandtabs(8))
        col = start = len((indent + head).expandtabs(8))
        if "\t" in sep:
            sep = ""
            while col < goal:
                col, sep = col - col % 8 + 8, sep + "\t"
            sep = sep if col == goal and sep else " "
        else:
            sep = " " * max(1, goal - start)
    return head + sep + (eq + after if eq else "") + "nonseekable_open"

@script:python add_c99 depends on nso_file && patch && conv && !o_fn && !o_any && !o_inst@
pa << anchor_c99.pa;
m;
@@
coccinelle.m = cocci.make_ident(nso_member(pa[0], ".open", "="))

@script:python add_gnu depends on nso_file && patch && conv && !o_fn && !o_any && !o_inst@
pa << anchor_gnu.pa;
m;
@@
coccinelle.m = cocci.make_ident(nso_member(pa[0], "open:", ""))

@depends on nso_file && patch@
identifier fops.F, anchor_c99.fld, add_c99.m;
expression E;
type TFO = {struct file_operations};
@@
TFO F = { ...,
  .fld = E,
+ m,
  ...};

@depends on nso_file && patch@
identifier fops.F, anchor_gnu.fld, add_gnu.m;
expression E;
type TFO = {struct file_operations};
@@
TFO F = { ...,
  fld: E,
+ m,
  ...};

@depends on nso_file && patch && conv && o_null && !o_inst && !has_c99 && !has_gnu@
identifier fops.F;
expression E0, E1, E2, E3, E4, E5, E6, E7, E8, E9;
type TFO = {struct file_operations};
@@
TFO F = { E0, E1, E2, E3, E4, E5, E6, E7, E8, E9,
(
- NULL
+ nonseekable_open
|
- 0
+ nonseekable_open
)
  , ...};

@inst_at depends on nso_file && patch && lib exists@
identifier inst.g, inst.fl;
expression E;
identifier pd = {private_data};
position pi;
@@
g(...) { ... when any
fl@pi->pd = E;
... when any
}

@depends on nso_file && patch disable ptr_to_array@
identifier inst.fl;
expression E;
identifier pd = {private_data};
position inst_at.pi;
@@
fl@pi->pd = E;
+
+ /* Seekable, but the methods refuse pread/pwrite */
+ fl->f_mode &= ~(FMODE_PREAD | FMODE_PWRITE);

// ---------------------------------------------------------------------
// llseek methods that only return -ESPIPE: named by a file_operations as
// its llseek, or named by nothing at all.

@ll depends on nso_file@
identifier lf != no_llseek;
identifier fl, off, whence;
type T = {loff_t, long long, long long int, signed long long};
position p;
type TFI = {struct file *};
@@
T lf@p(TFI fl, T off, int whence)
{
	return -ESPIPE;
}

@ll_member depends on nso_file@
identifier ll.lf, F;
expression E0;
type TFO = {struct file_operations};
@@
\(TFO F = { ..., .llseek = lf, ...};\|
  TFO F = { ..., llseek: lf, ...};\|
  TFO F = { E0, lf, ...};\)

@ll_named depends on nso_file@
identifier ll.lf;
position p != exported.p;
@@
lf@p

// Whether no_llseek exists: -D says so (no_llseek_exists, or
// kernel_unknown to be safe), -D era_given alone says today's kernel,
// which has none.  Told nothing, the file shows it: it names no_llseek,
// or holds a pread test of a kernel before 2.6.8, which has no_llseek.
// Shown nothing either, the method is left and the report says why.
@ll_seen depends on nso_file && ll && !era_given && !no_llseek_exists && !kernel_unknown@
identifier nl = {no_llseek};
@@
nl

@ll_keep depends on nso_file && ll && (no_llseek_exists || kernel_unknown || (!era_given && (ll_seen || tst)))@
identifier ll.lf;
@@
lf

@ll_drop depends on nso_file && ll && era_given && !no_llseek_exists && !kernel_unknown@
identifier ll.lf;
@@
lf

@depends on nso_file && (patch && ll_member && ll_keep)@
identifier ll.lf, F;
expression E0;
type TFO = {struct file_operations};
@@
(
TFO F = { ..., .llseek =
- lf
+ no_llseek
  , ...};
|
TFO F = { ..., llseek:
- lf
+ no_llseek
  , ...};
|
TFO F = { E0,
- lf
+ no_llseek
  , ...};
)

@depends on nso_file && patch && ll_member && ll_drop@
identifier ll.lf, F;
expression E0;
type TFO = {struct file_operations};
@@
(
TFO F = { ...,
- .llseek = lf,
  ...};
|
TFO F = { ...,
- llseek: lf,
  ...};
|
TFO F = { E0,
- lf
+ NULL
  , ...};
)

@exported_after depends on nso_file && patch@
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
identifier fn;
position p;
@@
\(EXPORT_SYMBOL\|EXPORT_SYMBOL_GPL\)(fn@p);

@ll_used depends on nso_file && (patch && ((ll_member && (ll_keep || ll_drop)) || !ll_named))@
identifier ll.lf;
position p != exported_after.p;
@@
lf@p

// Without `disable prototypes` spatch adds a prototype rule depending on
// this one alone, without nso_file, and every file gets parsed.
@depends on nso_file && (patch && ((ll_member && (ll_keep || ll_drop)) || !ll_named) && !ll_used) disable prototypes@
identifier ll.lf;
type T;
@@
- static T lf(...) { ... }

@depends on nso_file && (patch && ((ll_member && (ll_keep || ll_drop)) || !ll_named) && !ll_used)@
identifier ll.lf;
type T;
@@
- static T lf(...);

// context and messages

@depends on nso_file && (context && (ll_member || !ll_named))@
identifier ll.lf;
@@
* lf(...)
  { ... }

@script:python depends on nso_file && ((report || org) && (ll_member || !ll_named) && ll_keep)@
lf << ll.lf; p << ll.p;
@@
nso_say(p[0], "%s: llseek method only returns -ESPIPE, use no_llseek" % lf)

@script:python depends on nso_file && ((report || org) && (ll_member || !ll_named) && ll_drop)@
lf << ll.lf; p << ll.p;
@@
nso_say(p[0], "%s: llseek method only returns -ESPIPE; remove it: without an llseek "
        "method lseek() fails with -ESPIPE all the same" % lf)

@script:python depends on nso_file && ((report || org) && ll_member && !ll_keep && !ll_drop)@
lf << ll.lf; p << ll.p;
@@
nso_say(p[0], "%s: llseek method only returns -ESPIPE; this file does not show whether its "
        "kernel has no_llseek: give -D no_llseek_exists (before 6.12) or -D era_given "
        "(today's) to convert it" % lf)

// ---------------------------------------------------------------------
// org and report: the messages, sorted by place

@script:python depends on nso_file && org@
@@
nso_flush(coccilib.org.print_todo)

@script:python depends on nso_file && report@
@@
nso_flush(coccilib.report.print_report)

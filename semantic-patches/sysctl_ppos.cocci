// SPDX-License-Identifier: GPL-2.0-only
/// Give every sysctl proc handler the file position as a loff_t *ppos
/// parameter after lenp, and make it use *ppos instead of filp->f_pos.
//#
//# Before Linux 2.6.8 a proc handler, (ctl_table *, int write, struct
//# file *, void __user *buffer, size_t *lenp), found its position in the
//# file through filp->f_pos, since the /proc/sys read and write path had no
//# way to pass the position pointer on.  Once read() and write() hand their
//# methods a copy of f_pos, whatever a handler does to filp->f_pos is lost
//# or races.  The conversion inserts the parameter in every definition,
//# stub, prototype, extern and in the proc_handler typedef (named or
//# unnamed, as lenp is), rewrites each filp->f_pos in a handler to *ppos,
//# and passes ppos along in calls from one handler to another and through
//# table->proc_handler.  Handlers are found by their signature, whether or
//# not a ctl_table of the file names them, and so are the routines behind
//# them that take more arguments after lenp.  A handler that never used
//# f_pos still gains the parameter, so that all of them keep matching the
//# typedef.  Handlers that already take ppos are left alone.
//#
//# The handlers take the form of the tree's era, as -D tells it or, run
//# alone, as the file shows it (see the era rules below): up
//# to 2.6.31 (-D sysctl_filp, or -D kernel_unknown) the one of 2.6.8
//# above; from 2.6.32 on without the struct file (which goes from the
//# calls too) and with struct ctl_table * for the table; from 5.8 on
//# (without -D sysctl_user_buffer) with void * for the buffer, a kernel
//# pointer; from 6.11 on (without -D sysctl_mutable_table) with const
//# struct ctl_table *.  A handler that uses its struct file for more than
//# the position and handing it on (from 2.6.32 on), its buffer for more
//# than handing it on (from 5.8 on) or writes to its table (from 6.11 on)
//# is left for hand work, and the report says why.
//#
//# The era rules decide through depends on which rules apply, and each
//# reason for hand work is a rule of its own about one old handler.  The
//# old handlers and their declarations are found once, by typed parameter
//# patterns, whatever comments stand among the parameters; the other rules
//# take them from there.  The Python words the messages and reads the
//# FIXME comment that asks for ppos; patch mode runs it only for the
//# comment, up to 2.6.31 or with no version known.
//#
//# Left for hand work also: function pointer types spelled out instead of
//# through proc_handler, a call from a handler to a handler of its file
//# that passes some length other than its own lenp, and a handler called
//# from code that has no position to give (the compiler points at all
//# three once the typedef has changed); and f_pos reached through a copy
//# of the handler's struct file pointer, which nothing points at.
//#
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: Handlers of the 2.6.8 to 2.6.31 form (struct file and ppos)
//  are not brought to later forms.
// Options: --no-includes --include-headers
// Keywords: sysctl, proc_handler, f_pos, ppos, lenp
// Requires: 1.1.0

// Headers hold the typedef and most prototypes; plain spatch runs need them.
// The isomorphisms of arithmetic and control flow touch none of the
// patterns here; left on, spatch would spend much of a run expanding the
// rules with them.
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
virtual sysctl_filp
virtual sysctl_user_buffer
virtual sysctl_mutable_table
virtual kernel_unknown
virtual era_given

@initialize:python depends on report || org@
@@
# Where the tree's handlers differ from today's, as the era rules below
# say (-D sysctl_filp, ...), for the words of the report; the rules go by
# the era rules themselves.
ERA = set()

def drops_file():
    """From 2.6.32 on a handler takes no struct file."""
    return not ERA & {"sysctl_filp", "kernel_unknown"}

def kernel_buffer():
    """From 5.8 on the buffer is a kernel pointer."""
    return not ERA & {"sysctl_user_buffer", "kernel_unknown"}

def const_table():
    """From 6.11 on the table is const."""
    return not ERA & {"sysctl_mutable_table", "kernel_unknown"}

def table_type():
    return "const struct ctl_table *" if const_table() else "struct ctl_table *"

def buffer_type():
    return "void *" if kernel_buffer() else "void __user *"

def era_handler():
    """The proc handler prototype of the kernel given."""
    return "int (%s, int, %s, size_t *, loff_t *)" % (table_type(), buffer_type())

# The files already told to need -D, so that each is told once.
UNTOLD = set()

def untold_message():
    return warn("this file shows handlers without a struct file but no const table: "
                "give the kernel's era (-D sysctl_user_buffer, -D sysctl_mutable_table, "
                "or -D era_given for today's) to convert its old handlers")

# Why an old handler of the file is left for hand work, as the rules
# below find it, by function name.
WHY = {}

def warn(text):
    return "WARNING: " + text

def era_note(fn):
    """What a report adds from 2.6.32 on."""
    if not drops_file():
        return ""
    text = "; this tree's handlers are %s" % era_handler()
    if fn in WHY:
        text += " (by hand: %s)" % WHY[fn]
    return text

def handler_message(fn):
    return warn("%s: sysctl proc handler without a loff_t *ppos parameter%s"
                % (fn, era_note(fn)))

def decl_message(fn):
    return warn("%s: sysctl proc handler declared without a loff_t * parameter%s"
                % (fn, era_note(fn)))

def fpos_message(fn, filp):
    return warn("%s: %s->f_pos used as the file position, use *ppos" % (fn, filp))

def call_message(fn):
    return warn("%s: proc_handler called without the position pointer" % fn)

// Every change below is at a ctl_table parameter, spelled as the typedef
// or as the struct, or at a call through ->proc_handler.  Every rule
// depends on one of these two rules matching, so that spatch's query
// becomes ctl_table || proc_handler and files with neither word are not
// even parsed.

@sysctl_table@
typedef ctl_table;
@@
(
ctl_table
|
struct ctl_table
)

@sysctl_call@
expression E;
@@
E->proc_handler

// The tree's era (-D NAME), for the words of the report, read once a
// file is worth parsing: a rule that needs no word of the file would have
// spatch parse every file.

@script:python depends on (org || report) && (sysctl_table || sysctl_call)@
@@
WHY.clear()

@script:python depends on (org || report) && (sysctl_table || sysctl_call) && sysctl_user_buffer@
@@
ERA.add("sysctl_user_buffer")

@script:python depends on (org || report) && (sysctl_table || sysctl_call) && sysctl_mutable_table@
@@
ERA.add("sysctl_mutable_table")

// Handlers and declarations that already take the position after lenp:
// they are left alone, which makes a second run a no-op.

@converted_def depends on sysctl_table || sysctl_call@
identifier fn, pos;
parameter p1, p2, p3, p4, p5;
position pc;
@@

fn@pc(p1, p2, p3, p4, p5, loff_t *pos, ...) { ... }

@converted_decl depends on sysctl_table || sysctl_call@
identifier fn, pos;
parameter p1, p2, p3, p4, p5;
position pc;
type R;
@@

(
R fn@pc(p1, p2, p3, p4, p5, loff_t *pos, ...);
|
R fn@pc(p1, p2, p3, p4, p5, loff_t *, ...);
)

//----------------------------------------------------------------------
// The handlers of the 2.6.7 form and their declarations, in every era
// and mode; the rules below take them from here.  A type here matches its
// const form too: no handler with a struct file ever had a const table.
//----------------------------------------------------------------------

@old_handler depends on sysctl_table || sysctl_call@
identifier fn, t, w, filp, buf, lenp;
type T = {ctl_table *, struct ctl_table *};
position p != converted_def.pc;
@@

fn@p(T t, int w, struct file *filp, void *buf, size_t *lenp, ...)
{
...
}

// Any parameter of a declaration may be named or not, so a declaration
// is taken one parameter at a time, each rule going on from the
// declarations of the one before.

@decl_table depends on sysctl_table || sysctl_call@
identifier fn, t;
type T = {ctl_table *, struct ctl_table *};
position pt != converted_decl.pc;
type R;
@@

(
R fn@pt(T t, ...);
|
R fn@pt(T, ...);
)

@decl_int depends on sysctl_table || sysctl_call@
identifier fn, w;
parameter p1;
position decl_table.pt, pi;
type R;
@@

(
R fn@pt@pi(p1, int w, ...);
|
R fn@pt@pi(p1, int, ...);
)

@decl_file depends on sysctl_table || sysctl_call@
identifier fn, f;
parameter p1, p2;
position decl_int.pi, pf;
type R;
@@

(
R fn@pi@pf(p1, p2, struct file *f, ...);
|
R fn@pi@pf(p1, p2, struct file *, ...);
)

@decl_buf depends on sysctl_table || sysctl_call@
identifier fn, b;
parameter p1, p2, p3;
position decl_file.pf, pb;
type R;
@@

(
R fn@pf@pb(p1, p2, p3, void *b, ...);
|
R fn@pf@pb(p1, p2, p3, void *, ...);
)

@old_decl depends on sysctl_table || sysctl_call@
identifier fn, lenp;
parameter p1, p2, p3, p4;
position decl_buf.pb, p;
type R;
@@

(
R fn@pb@p(p1, p2, p3, p4, size_t *lenp, ...);
|
R fn@pb@p(p1, p2, p3, p4, size_t *, ...);
)

//----------------------------------------------------------------------
// The form to write.  What -D says wins (-D era_given with no other name
// says today's kernel, as run-check.sh tells it).  Told nothing, the patch
// reads the era from the file: a handler with ppos and no struct file
// shows a tree of 2.6.32 or later, and one with a const table today's
// (6.11 on); failing that, handlers, declarations and the proc_handler
// typedef with a struct file show a tree whose handlers take one, up to
// 2.6.31, which gets the 2.6.8 form.  A later tree with no const table in
// view is not guessed at: nothing is converted and the report says what
// it needs.
//
// The rules that convert spell out the condition era_filp or era_later
// stands for instead of depending on it: spatch's choice of the files
// worth parsing does not see through a dependency on a rule that only
// stands for a condition, and would parse every file with a struct file.
//----------------------------------------------------------------------

@seen_later depends on (sysctl_table || sysctl_call) && !era_given && !sysctl_filp && !kernel_unknown && !sysctl_user_buffer && !sysctl_mutable_table@
identifier fn, t, w, buf, lenp, pos;
type T = {ctl_table *, struct ctl_table *};
type B;
@@

fn(T t, int w, B buf, size_t *lenp, loff_t *pos) { ... }

@seen_const depends on (sysctl_table || sysctl_call) && seen_later@
identifier fn, t, w, buf, lenp, pos;
type B;
@@

fn(const struct ctl_table *t, int w, B buf, size_t *lenp, loff_t *pos) { ... }

@seen_filp depends on (sysctl_table || sysctl_call) && !era_given && !sysctl_filp && !kernel_unknown && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && !old_handler && !old_decl@
identifier fn, t, w, f, buf, lenp, pos;
type T = {ctl_table *, struct ctl_table *};
type B;
@@

fn(T t, int w, struct file *f, B buf, size_t *lenp, loff_t *pos) { ... }

@era_filp depends on (sysctl_table || sysctl_call) && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp)))@
typedef ctl_table;
@@

(
ctl_table
|
struct ctl_table
)

@era_later depends on (sysctl_table || sysctl_call) && !era_filp && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const)@
typedef ctl_table;
@@

(
ctl_table
|
struct ctl_table
)

@script:python depends on (org || report) && era_filp@
@@
ERA.add("sysctl_filp")

@script:python depends on report && old_handler && !era_filp && !era_later@
p << old_handler.p;
@@
if p[0].file not in UNTOLD:
    UNTOLD.add(p[0].file)
    coccilib.report.print_report(p[0], untold_message())

//----------------------------------------------------------------------
// From 2.6.32 on: what each old handler uses its struct file and buffer
// for, in every mode, since it decides what the patch can convert and
// what the report says.
//----------------------------------------------------------------------

@file_handled depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const)@
identifier old_handler.filp, old_handler.lenp;
identifier generic =~ "^(proc_do|do_proc_do)";
expression E, a, b, d, e;
position p;
@@

(
filp@p->f_pos
|
E(a, b, filp@p, d, lenp, ...)
|
generic(a, b, filp@p, d, e)
)

// A use of the struct file the conversion does not take care of.

@file_extra depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const) exists@
identifier old_handler.fn, old_handler.filp;
position p != file_handled.p;
@@

fn(...) { ... when any
  filp@p
  ... when any
}

@buf_handled depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const)@
identifier old_handler.filp, old_handler.buf, old_handler.lenp;
identifier generic =~ "^(proc_do|do_proc_do)";
expression E, a, b, c, e;
position p;
@@

(
E(a, b, filp, buf@p, lenp, ...)
|
generic(a, b, c, buf@p, e)
)

// From 5.8 on the buffer is a kernel pointer: only handing it on is
// left to the conversion.

@buf_extra depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const) && !sysctl_user_buffer exists@
identifier old_handler.fn, old_handler.buf;
position p != buf_handled.p;
@@

fn(...) { ... when any
  buf@p
  ... when any
}

// From 6.11 on the table is const.

@table_written depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const) && !sysctl_mutable_table exists@
identifier old_handler.fn, old_handler.t;
identifier fld;
expression E;
assignment operator aop;
@@

fn(...) { ... when any
  \( t->fld aop E \| t->fld++ \| t->fld-- \| ++t->fld \| --t->fld \)
  ... when any
}

// The old handlers that take the form of the kernel given.

@def_conv depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const) && !file_extra && !buf_extra && !table_written@
identifier old_handler.fn;
@@

fn(...) { ... }

// A declaration follows its definition when that is in the file.

@decl_blocked depends on (sysctl_table || sysctl_call) && old_handler && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const) && !def_conv@
identifier old_handler.fn;
position old_decl.p;
position q;
type R;
@@

R fn@p@q(...);

@decl_conv depends on (sysctl_table || sysctl_call) && old_decl && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const)@
identifier dfn;
position old_decl.p;
position q != decl_blocked.q;
type R;
@@

R dfn@p@q(...);

// The words of the report for a handler left for hand work.

@script:python depends on (org || report) && file_extra@
fn << old_handler.fn;
@@
WHY.setdefault(str(fn), "it uses its struct file for more than the position")

@script:python depends on (org || report) && buf_extra@
fn << old_handler.fn;
@@
WHY.setdefault(str(fn), "it uses its buffer, a kernel pointer from 5.8 on, "
               "for more than handing it on")

@script:python depends on (org || report) && table_written@
fn << old_handler.fn;
@@
WHY.setdefault(str(fn), "it writes to its table, const from 6.11 on")

//----------------------------------------------------------------------
// patch, up to 2.6.31 and with no kernel version given: the 2.6.8 form
//----------------------------------------------------------------------

// Declarations go first, prototypes of the file's own handlers included,
// so the handler rule needs no prototype rule of spatch's making (disable
// prototypes): it would find nothing left to change, and it would depend on
// the handler rule alone, which loses the query.  After this first change
// a rule can no longer take positions from the rules above, so the next
// ones go by the name of the function.
@depends on (sysctl_table || sysctl_call) && patch && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp)))@
identifier fn, lenp;
parameter p1, p2, p3, p4;
position old_decl.p;
type R;
@@

(
R fn@p(p1, p2, p3, p4, size_t *lenp
+ , loff_t *ppos
  , ...);
|
R fn@p(p1, p2, p3, p4, size_t *
+ , loff_t *
  , ...);
)

@handler depends on (sysctl_table || sysctl_call) && patch && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp))) disable prototypes@
identifier old_handler.fn, old_handler.filp, old_handler.lenp;
parameter p1, p2, p4;
position p != converted_def.pc;
@@

fn@p(p1, p2, struct file *filp, p4, size_t *lenp
+ , loff_t *ppos
  , ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && handler@
identifier old_handler.fn, old_handler.filp;
@@

fn(...)
{
<...
(
- filp->f_pos++
+ (*ppos)++
|
- filp->f_pos--
+ (*ppos)--
|
- &filp->f_pos
+ ppos
|
- filp->f_pos
+ *ppos
)
...>
}

// Calls that hand the handler's own file and lenp to another handler or
// helper (proc_dostring, proc_dointvec*, do_proc_dointvec, a local
// handler, the table's proc_handler), and calls by name to the generic
// handlers with other arguments.
@depends on (sysctl_table || sysctl_call) && handler@
identifier old_handler.fn, old_handler.filp, old_handler.lenp;
identifier generic =~ "^(proc_do|do_proc_do)";
expression E, a, b, c, d, e;
@@

fn(...)
{
<...
(
 E(a, b, filp, d, lenp
+ , ppos
   , ...)
|
 generic(a, b, c, d, e
+ , ppos
  )
)
...>
}

// The /proc/sys read and write path, which had been waiting for this
// parameter, with a FIXME saying so.  The FIXME goes too: a comment only
// disappears between two removed statements, hence the statement before
// the call is removed and put back.  Only files that call through
// ->proc_handler are looked at, and only a call whose comments the
// Python finds the FIXME in is changed.  That is a script rule, not a
// constraint, which would start Python in every run of the patch.
@fixme depends on (sysctl_table || sysctl_call) && patch && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp))) exists@
identifier fn;
identifier fp, pos, x;
expression t, a, b, d, e, E;
comments cm;
position q;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
E;
x@cm@q = (*t->proc_handler)(a, b, fp, d, e);
...>
}

@script:python depends on fixme@
cm << fixme.cm;
@@
if not [c for c in cm if "FIXME" in c.before and "ppos" in c.before]:
    cocci.include_match(False)

@depends on (sysctl_table || sysctl_call) && patch && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp)))@
identifier fn;
identifier fp, pos, x;
expression t, a, b, d, e, E;
position fixme.q;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
- E;
- x@q = (*t->proc_handler)(a, b, fp, d, e);
+ E;
+
+ x = (*t->proc_handler)(a, b, fp, d, e, pos);
...>
}

// Elsewhere, a call through the table that passes the caller's own file
// is one of the old kind; the position to pass is the caller's.
@depends on (sysctl_table || sysctl_call) && patch && (sysctl_filp || kernel_unknown || (!era_given && !sysctl_user_buffer && !sysctl_mutable_table && !seen_later && (old_handler || old_decl || seen_filp)))@
identifier fn;
identifier fp, pos;
expression t, a, b, d, e;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
(
 (*t->proc_handler)(a, b, fp, d, e
+ , pos
  )
|
 t->proc_handler(a, b, fp, d, e
+ , pos
  )
)
...>
}

//----------------------------------------------------------------------
// patch, from 2.6.32 on: the struct file goes, ppos comes after lenp,
// then the table and (from 5.8 on) the buffer take the types of the
// kernel given.  The rules go by the name of the function: the
// declarations of a function agree with each other, as C requires.
//----------------------------------------------------------------------

@depends on (sysctl_table || sysctl_call) && patch@
identifier decl_conv.dfn;
identifier lenp;
parameter p1, p2, p3, p4;
position p != converted_decl.pc;
type R;
@@

(
R dfn@p(p1, p2,
- p3,
  p4, size_t *lenp
+ , loff_t *ppos
  , ...);
|
R dfn@p(p1, p2,
- p3,
  p4, size_t *
+ , loff_t *
  , ...);
)

@later depends on (sysctl_table || sysctl_call) && def_conv && patch disable prototypes@
identifier old_handler.fn, old_handler.filp, old_handler.lenp;
parameter p1, p2, p4;
position p != converted_def.pc;
@@

fn@p(p1, p2,
- struct file *filp,
  p4, size_t *lenp
+ , loff_t *ppos
  , ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && later@
identifier old_handler.fn, old_handler.filp;
@@

fn(...)
{
<...
(
- filp->f_pos++
+ (*ppos)++
|
- filp->f_pos--
+ (*ppos)--
|
- &filp->f_pos
+ ppos
|
- filp->f_pos
+ *ppos
)
...>
}

@depends on (sysctl_table || sysctl_call) && later@
identifier old_handler.fn, old_handler.filp, old_handler.lenp;
identifier generic =~ "^(proc_do|do_proc_do)";
expression E, a, b, c, d, e;
@@

fn(...)
{
<...
(
 E(a, b,
- filp,
  d, lenp
+ , ppos
   , ...)
|
 generic(a, b,
- c,
  d, e
+ , ppos
  )
)
...>
}

@depends on (sysctl_table || sysctl_call) && old_handler && patch && !sysctl_filp && !kernel_unknown && (era_given || sysctl_user_buffer || sysctl_mutable_table || seen_const)@
identifier fn;
identifier fp, pos;
expression t, a, b, d, e;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
(
 (*t->proc_handler)(a, b,
- fp,
  d, e
+ , pos
  )
|
 t->proc_handler(a, b,
- fp,
  d, e
+ , pos
  )
)
...>
}

// The table and buffer parameters of the handlers just converted, which
// are the only ones of the file with no struct file before the buffer and
// ppos after lenp: struct ctl_table * up to 6.10, const from 6.11 on.

@depends on (sysctl_table || sysctl_call) && later && sysctl_mutable_table disable prototypes@
identifier old_handler.fn, old_handler.t;
identifier lenp, ppos;
parameter p2, p3;
type T1;
@@

fn(
- T1 t
+ struct ctl_table * t
  , p2, p3, size_t *lenp, loff_t *ppos, ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && patch && sysctl_mutable_table@
identifier decl_conv.dfn;
identifier t;
parameter p2, p3, p4, p5;
type T1, R;
@@

(
R dfn(
- T1 t
+ struct ctl_table * t
  , p2, p3, p4, p5, ...);
|
R dfn(
- T1
+ struct ctl_table *
  , p2, p3, p4, p5, ...);
)

@depends on (sysctl_table || sysctl_call) && later && !sysctl_mutable_table disable prototypes@
identifier old_handler.fn, old_handler.t;
identifier lenp, ppos;
parameter p2, p3;
type T1;
@@

fn(
- T1 t
+ const struct ctl_table * t
  , p2, p3, size_t *lenp, loff_t *ppos, ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && patch && !sysctl_mutable_table@
identifier decl_conv.dfn;
identifier t;
parameter p2, p3, p4, p5;
type T1, R;
@@

(
R dfn(
- T1 t
+ const struct ctl_table * t
  , p2, p3, p4, p5, ...);
|
R dfn(
- T1
+ const struct ctl_table *
  , p2, p3, p4, p5, ...);
)

// From 5.8 on the buffer is a kernel pointer: void *.

@depends on (sysctl_table || sysctl_call) && later && !sysctl_user_buffer disable prototypes@
identifier old_handler.fn, old_handler.buf;
identifier lenp, ppos;
parameter p1, p2;
type T4;
@@

fn(p1, p2,
- T4 buf
+ void *buf
  , size_t *lenp, loff_t *ppos, ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && patch && !sysctl_user_buffer@
identifier decl_conv.dfn;
identifier b;
parameter p1, p2, p4, p5;
type T4, R;
@@

(
R dfn(p1, p2,
- T4 b
+ void *b
  , p4, p5, ...);
|
R dfn(p1, p2,
- T4
+ void *
  , p4, p5, ...);
)

//----------------------------------------------------------------------
// context
//----------------------------------------------------------------------

@depends on (sysctl_table || sysctl_call) && context@
identifier old_handler.fn, old_handler.filp;
position old_handler.p;
@@

*fn@p
 (...)
{
<...
*filp->f_pos
...>
}

@depends on (sysctl_table || sysctl_call) && context@
identifier fn;
position old_decl.p;
type R;
@@

R
*fn@p
 (...);

@depends on (sysctl_table || sysctl_call) && context@
identifier fn;
identifier fp, pos;
expression t, a, b, d, e;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
(
*(*t->proc_handler)(a, b, fp, d, e)
|
*t->proc_handler(a, b, fp, d, e)
)
...>
}

//----------------------------------------------------------------------
// org and report
//----------------------------------------------------------------------

@r_fpos depends on org || report@
identifier old_handler.fn, old_handler.filp;
position q;
@@

fn(...)
{
<...
filp->f_pos@q
...>
}

@r_call depends on (sysctl_table || sysctl_call) && (org || report)@
identifier fn;
identifier fp, pos;
expression t, a, b, d, e;
position q;
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
(
 (*t->proc_handler)@q(a, b, fp, d, e)
|
 t->proc_handler@q(a, b, fp, d, e)
)
...>
}

@script:python depends on org@
fn << old_handler.fn;
p << old_handler.p;
@@
coccilib.org.print_todo(p[0], handler_message(str(fn)))

@script:python depends on org@
fn << old_handler.fn;
filp << old_handler.filp;
q << r_fpos.q;
@@
for use in q:
    coccilib.org.print_todo(use, fpos_message(str(fn), str(filp)))

@script:python depends on org@
fn << old_decl.fn;
p << old_decl.p;
@@
coccilib.org.print_todo(p[0], decl_message(str(fn)))

@script:python depends on org@
fn << r_call.fn;
q << r_call.q;
@@
coccilib.org.print_todo(q[0], call_message(str(fn)))

@script:python depends on report@
fn << old_handler.fn;
p << old_handler.p;
@@
coccilib.report.print_report(p[0], handler_message(str(fn)))

@script:python depends on report@
fn << old_handler.fn;
filp << old_handler.filp;
q << r_fpos.q;
@@
for use in q:
    coccilib.report.print_report(use, fpos_message(str(fn), str(filp)))

@script:python depends on report@
fn << old_decl.fn;
p << old_decl.p;
@@
coccilib.report.print_report(p[0], decl_message(str(fn)))

@script:python depends on report@
fn << r_call.fn;
q << r_call.q;
@@
coccilib.report.print_report(q[0], call_message(str(fn)))

/// Give every sysctl proc handler the file position as a loff_t *ppos
/// parameter, right after lenp, and use *ppos where it used filp->f_pos.
///
/// Before Linux 2.6.8 a proc handler, (ctl_table *, int write, struct
/// file *, void __user *buffer, size_t *lenp), found its position in the
/// file through filp->f_pos, since the /proc/sys read and write path had no
/// way to pass the position pointer on.  Once read() and write() hand their
/// methods a copy of f_pos, whatever a handler does to filp->f_pos is lost
/// or races.  The conversion inserts the parameter in every definition,
/// stub, prototype, extern and in the proc_handler typedef (named or
/// unnamed, as lenp is), rewrites each filp->f_pos in a handler to *ppos,
/// and passes ppos along in calls from one handler to another and through
/// table->proc_handler.  A handler that never used f_pos still gains the
/// parameter, so that all of them keep matching the typedef.  Handlers of
/// later kernels, which already take ppos or no longer take a struct file,
/// are left alone.
///
/// Left for hand work: function pointer types spelled out instead of
/// through proc_handler, a call from a handler to a handler of its file
/// that passes some length other than its own lenp, and a handler called
/// from code that has no position to give (the compiler points at all
/// three once the typedef has changed); and f_pos reached through a copy
/// of the handler's struct file pointer, which nothing points at.
///
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Options: --no-includes --include-headers
// Keywords: sysctl, proc_handler, f_pos, ppos, lenp
// Requires: 1.1.0

// Headers hold the typedef and most prototypes; plain spatch runs need them.
#spatch --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

# The text of a parameter, comments dropped and blanks squeezed.
def _param(p):
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", str(p), flags=re.S)
    return " ".join(text.split())

def is_table_param(p):
    return re.match(r"^(struct )?ctl_table ?\*", _param(p)) is not None

def is_int_param(p):
    return re.match(r"^int( \w+)?$", _param(p)) is not None

def is_file_param(p):
    return re.match(r"^struct file ?\*", _param(p)) is not None

def is_buffer_param(p):
    return re.match(r"^void( __user)* ?\*", _param(p)) is not None

def is_lenp_param(p):
    return re.match(r"^size_t ?\*", _param(p)) is not None

def is_pos_param(p):
    return re.match(r"^loff_t ?\*", _param(p)) is not None

def asks_for_ppos(comments):
    for c in comments:
        if "FIXME" in c.before and "ppos" in c.before:
            return True
    return False

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

// Handlers and declarations that already take the position after lenp:
// they are left alone, which makes a second run a no-op.

@converted_def depends on sysctl_table || sysctl_call@
identifier fn;
parameter p1, p2, p3, p4, p5;
parameter p6 : script:python() { is_pos_param(p6) };
position pc;
@@

fn@pc(p1, p2, p3, p4, p5, p6, ...) { ... }

@converted_decl depends on sysctl_table || sysctl_call@
identifier fn;
parameter p1, p2, p3, p4, p5;
parameter p6 : script:python() { is_pos_param(p6) };
position pc;
type R;
@@

R fn@pc(p1, p2, p3, p4, p5, p6, ...);

//----------------------------------------------------------------------
// patch
//----------------------------------------------------------------------

// Declarations go first, prototypes of the file's own handlers included,
// so the handler rule needs no prototype rule of spatch's making (disable
// prototypes): it would find nothing left to change, and it would depend on
// the handler rule alone, which loses the query.
@depends on (sysctl_table || sysctl_call) && patch@
identifier fn, lenp;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p3 : script:python() { is_file_param(p3) };
parameter p4 : script:python() { is_buffer_param(p4) };
position p != converted_decl.pc;
type R;
@@

R fn@p(p1, p2, p3, p4, size_t *lenp
+ , loff_t *ppos
  , ...);

@depends on (sysctl_table || sysctl_call) && patch@
identifier fn;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p3 : script:python() { is_file_param(p3) };
parameter p4 : script:python() { is_buffer_param(p4) };
position p != converted_decl.pc;
type R;
@@

R fn@p(p1, p2, p3, p4, size_t *
+ , loff_t *
  , ...);

@handler depends on (sysctl_table || sysctl_call) && patch disable prototypes@
identifier fn, filp, lenp;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p4 : script:python() { is_buffer_param(p4) };
position p != converted_def.pc;
@@

fn@p(p1, p2, struct file *filp, p4, size_t *lenp
+ , loff_t *ppos
  , ...)
{
...
}

@depends on (sysctl_table || sysctl_call) && patch@
identifier handler.fn, handler.filp;
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
@depends on (sysctl_table || sysctl_call) && patch@
identifier handler.fn, handler.filp, handler.lenp;
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
// the call is removed and put back.
@depends on (sysctl_table || sysctl_call) && patch@
identifier fn, fp, pos, x;
expression t, a, b, d, e, E;
comments cm : script:python() { asks_for_ppos(cm) };
type R;
@@

R fn(..., struct file *fp, ..., loff_t *pos, ...)
{
<...
- E;
- x@cm = (*t->proc_handler)(a, b, fp, d, e);
+ E;
+
+ x = (*t->proc_handler)(a, b, fp, d, e, pos);
...>
}

// Elsewhere, a call through the table that passes the caller's own file
// is one of the old kind; the position to pass is the caller's.
@depends on (sysctl_table || sysctl_call) && patch@
identifier fn, fp, pos;
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
// context
//----------------------------------------------------------------------

@depends on (sysctl_table || sysctl_call) && context@
identifier fn, filp, lenp;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p4 : script:python() { is_buffer_param(p4) };
position p != converted_def.pc;
@@

*fn@p
 (p1, p2, struct file *filp, p4, size_t *lenp, ...)
{
<...
*filp->f_pos
...>
}

@depends on (sysctl_table || sysctl_call) && context@
identifier fn;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p3 : script:python() { is_file_param(p3) };
parameter p4 : script:python() { is_buffer_param(p4) };
parameter p5 : script:python() { is_lenp_param(p5) };
position p != converted_decl.pc;
type R;
@@

R
*fn@p
 (p1, p2, p3, p4, p5, ...);

@depends on (sysctl_table || sysctl_call) && context@
identifier fn, fp, pos;
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

@r_handler depends on (sysctl_table || sysctl_call) && (org || report)@
identifier fn, filp, lenp;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p4 : script:python() { is_buffer_param(p4) };
position p != converted_def.pc;
@@

fn@p(p1, p2, struct file *filp, p4, size_t *lenp, ...)
{
...
}

@r_fpos depends on org || report@
identifier r_handler.fn, r_handler.filp;
position q;
@@

fn(...)
{
<...
filp->f_pos@q
...>
}

@r_decl depends on (sysctl_table || sysctl_call) && (org || report)@
identifier fn;
parameter p1 : script:python() { is_table_param(p1) };
parameter p2 : script:python() { is_int_param(p2) };
parameter p3 : script:python() { is_file_param(p3) };
parameter p4 : script:python() { is_buffer_param(p4) };
parameter p5 : script:python() { is_lenp_param(p5) };
position p != converted_decl.pc;
type R;
@@

R fn@p(p1, p2, p3, p4, p5, ...);

@r_call depends on (sysctl_table || sysctl_call) && (org || report)@
identifier fn, fp, pos;
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
fn << r_handler.fn;
p << r_handler.p;
@@
coccilib.org.print_todo(p[0], "%s: sysctl proc handler without a loff_t *ppos parameter" % fn)

@script:python depends on org@
fn << r_handler.fn;
filp << r_handler.filp;
q << r_fpos.q;
@@
for use in q:
    coccilib.org.print_todo(use, "%s: %s->f_pos used as the file position, use *ppos" % (fn, filp))

@script:python depends on org@
fn << r_decl.fn;
p << r_decl.p;
@@
coccilib.org.print_todo(p[0], "%s: sysctl proc handler declared without a loff_t * parameter" % fn)

@script:python depends on org@
fn << r_call.fn;
q << r_call.q;
@@
coccilib.org.print_todo(q[0], "%s: proc_handler called without the position pointer" % fn)

@script:python depends on report@
fn << r_handler.fn;
p << r_handler.p;
@@
coccilib.report.print_report(p[0], "%s: sysctl proc handler without a loff_t *ppos parameter" % fn)

@script:python depends on report@
fn << r_handler.fn;
filp << r_handler.filp;
q << r_fpos.q;
@@
for use in q:
    coccilib.report.print_report(use, "%s: %s->f_pos used as the file position, use *ppos" % (fn, filp))

@script:python depends on report@
fn << r_decl.fn;
p << r_decl.p;
@@
coccilib.report.print_report(p[0], "%s: sysctl proc handler declared without a loff_t * parameter" % fn)

@script:python depends on report@
fn << r_call.fn;
q << r_call.q;
@@
coccilib.report.print_report(q[0], "%s: proc_handler called without the position pointer" % fn)

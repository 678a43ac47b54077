/// Make non-seekable files refuse pread/pwrite through nonseekable_open()
/// instead of comparing the position pointer with &file->f_pos.
///
/// Before Linux 2.6.8 a read or write method of a file that cannot seek
/// refused pread() and pwrite() itself:
///
///	if (ppos != &file->f_pos)
///		return -ESPIPE;
///
/// Since 2.6.8 the VFS refuses them for a file whose open method called
/// nonseekable_open(), and read() and write() hand the methods a copy of
/// f_pos, so the old test fails on every call.  In each read, write, readv
/// and writev method of a struct file_operations (named by ".read = f",
/// "read: f" or by position) the test goes, with the comment above it;
/// when other conditions share its `if`, only the test goes.  (aio_read
/// and aio_write get the position by value and cannot hold the test.)  The
/// open method of that file_operations then returns nonseekable_open()
/// wherever it returned 0, or calls it first when it returns a variable,
/// and a file_operations without an open method gains
/// ".open = nonseekable_open", written the way its other members are.  An
/// llseek method that only returns -ESPIPE becomes no_llseek; a static one
/// goes away once nothing names it.  A library method that no
/// file_operations of its file names (seq_read) loses the test as well,
/// and the one function of the file that installs file->private_data for
/// it clears FMODE_PREAD and FMODE_PWRITE: the file stays seekable.
///
/// A refusal with -EPIPE or -ENXIO (or any other errno) is converted too:
/// pread/pwrite then fail with -ESPIPE, which the report points out.  A
/// test the patch cannot convert safely (a file_operations whose open
/// method lives in another file, a shared open method, a refusal of
/// another shape) is reported and left alone.
///
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: Requires the file_operations of a method in the same file as
//  the method.  Arrays of file_operations are not looked at.
// Options: --no-includes --include-headers
// Keywords: nonseekable_open, no_llseek, ESPIPE, pread, pwrite, f_pos
// Requires: 1.1.0

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

# Member order of struct file_operations (2.6.7), for positional
# initializers and for where a new .open member goes.
NSO_MEMBERS = ["owner", "llseek", "read", "aio_read", "write", "aio_write",
               "readdir", "poll", "ioctl", "mmap", "open", "flush",
               "release", "fsync", "fasync", "lock", "readv", "writev",
               "read_iter", "write_iter"]
NSO_METHODS = ("read", "write", "aio_read", "aio_write", "readv", "writev")
NSO_IDENT = re.compile(r"^[A-Za-z_]\w*$")

class NsoFile(object):
    """What one source file holds; rebuilt for every file."""
    def __init__(self):
        self.fops = {}        # name -> dict(pos, style, members, order)
        self.defs = {}        # function name -> position of its name
        self.calls = set()    # functions called or named outside a fops
        self.nso_calls = set()    # functions that call nonseekable_open
        self.var_returns = set()  # functions returning a non-constant
        self.zero_returns = set() # functions with a `return 0;`
        self.espipe_llseek = {}   # llseek methods that only return -ESPIPE
        self.llseek_kept = set()  # ... still named after the conversion
        self.llseek_cand = {}     # functions shaped so, whatever names them
        self.llseek_named = set() # ... named somewhere in the file
        self.tests = {}       # comparison position key -> test
        self.installers = {}  # function -> position, sets ->private_data
        self.shaped = set()   # functions shaped like a read or write method
        self.decided = False

nso = NsoFile()

def nso_key(p):
    return (p.file, int(p.line), int(p.column), int(p.line_end), int(p.column_end))

def nso_reset():
    global nso
    nso = NsoFile()

def nso_split(element):
    """(style, member, value) of one initializer element's text."""
    m = re.match(r"^\.\s*(\w+)\s*=\s*(.*)$", element)
    if m:
        return ("c99", m.group(1), m.group(2).strip())
    m = re.match(r"^(\w+)\s*:\s*(.*)$", element)
    if m:
        return ("gnu", m.group(1), m.group(2).strip())
    return ("pos", None, element.strip())

def nso_add_fops(name, pos, elements):
    members, order, styles = {}, [], set()
    for i, el in enumerate(elements):
        style, member, value = nso_split(str(el))
        styles.add(style)
        if style == "pos":
            if i >= len(NSO_MEMBERS):
                continue
            member = NSO_MEMBERS[i]
        members[member] = value
        order.append(member)
    style = styles.pop() if len(styles) == 1 else "mixed"
    nso.fops[name] = dict(pos=pos, style=style, members=members,
                          order=order, length=len(elements))

def nso_member_fn(value):
    return value if NSO_IDENT.match(value) and value not in ("NULL", "0") else None

def nso_methods_of(fops):
    f = nso.fops[fops]
    out = []
    for role in NSO_METHODS:
        fn = nso_member_fn(f["members"].get(role, ""))
        if fn:
            out.append((role, fn))
    return out

def nso_open_of(fops):
    return nso_member_fn(nso.fops[fops]["members"].get("open", ""))

def nso_users(fn):
    """(fops, role) pairs naming fn as a read/write-like method."""
    return [(f, role) for f in sorted(nso.fops)
            for (role, m) in nso_methods_of(f) if m == fn]

def nso_open_users(of):
    return [f for f in sorted(nso.fops) if nso_open_of(f) == of]

# ---- the decision, once per file, after everything is collected ----

def nso_tests_in(fn):
    return [t for t in nso.tests.values() if t["fn"] == fn]

def nso_fops_problem(fops):
    """Why fops cannot be made non-seekable here, or None."""
    f = nso.fops[fops]
    if f["style"] == "mixed":
        return "its initializer mixes styles"
    of = nso_open_of(fops)
    if of is None:
        if f["members"].get("open", "NULL") not in ("NULL", "0"):
            return "its open member is not a plain function name"
        if f["style"] == "pos" and f["length"] <= NSO_MEMBERS.index("open"):
            return "its positional initializer stops before the open member"
        if f["style"] != "pos" and nso_anchor_of(fops) is None:
            return "no member to place .open after"
        return None
    if of == "nonseekable_open":
        return None
    if of not in nso.defs:
        return "its open method %s is not defined in this file" % of
    return None

def nso_anchor_of(fops):
    """The member a new open member follows: the last one before open."""
    f = nso.fops[fops]
    best = None
    for m in f["order"]:
        if m in NSO_MEMBERS and NSO_MEMBERS.index(m) < NSO_MEMBERS.index("open"):
            if best is None or NSO_MEMBERS.index(m) > NSO_MEMBERS.index(best):
                best = m
    return best

def nso_decide():
    if nso.decided:
        return
    nso.decided = True
    # A function no file_operations names is a method only when it has the
    # shape of one and nothing else in the file names it (seq_read).
    for k in list(nso.tests):
        fn = nso.tests[k]["fn"]
        if not nso_users(fn) and (fn in nso.calls or fn not in nso.shaped):
            del nso.tests[k]
    for t in nso.tests.values():
        t["users"] = nso_users(t["fn"])
        t["why"] = None
    # The file_operations to make non-seekable, and why others cannot be.
    # A fops is converted as a whole: every test in its methods goes, and
    # its open method changes, so a method or an open method it shares
    # with a fops that cannot be converted holds it back as well.
    tested = set(f for t in nso.tests.values() for (f, r) in t["users"])
    bad = {}
    for f in sorted(tested):
        why = nso_fops_problem(f)
        if why:
            bad[f] = why
    changed = True
    while changed:
        changed = False
        for t in nso.tests.values():
            fops = [f for (f, r) in t["users"]]
            if not t["form"]:
                why = "this form of the test is not converted automatically"
            else:
                held = [f for f in fops if f in bad]
                why = held and "%s: %s" % (held[0], bad[held[0]])
            for f in fops:
                if why and f not in bad:
                    bad[f] = "shares %s with a file_operations left alone" % t["fn"]
                    changed = True
        for f in sorted(tested):
            of = nso_open_of(f)
            if f in bad or of in (None, "nonseekable_open"):
                continue
            for g in nso_open_users(of):
                if g not in tested or g in bad:
                    bad[f] = "its open method %s also opens %s" % (of, g)
                    changed = True
                    break
    for t in nso.tests.values():
        fops = [f for (f, r) in t["users"]]
        if not fops:
            t["why"] = nso_library_problem(t["fn"], t)
        elif not t["form"]:
            t["why"] = "this form of the test is not converted automatically"
        else:
            held = [f for f in fops if f in bad]
            t["why"] = held and "%s: %s" % (held[0], bad[held[0]]) or None
    changing = tested - set(bad)
    nso.fix_fns = set(t["fn"] for t in nso.tests.values() if not t["why"])
    nso.open_fix, nso.open_first, nso.add_open = {}, {}, {}
    for f in sorted(changing):
        of = nso_open_of(f)
        if of is None:
            nso.add_open[f] = nso_anchor_of(f)
        elif of != "nonseekable_open" and of not in nso.nso_calls:
            if of in nso.var_returns or of not in nso.zero_returns:
                nso.open_first[of] = f
            else:
                nso.open_fix[of] = f
    nso.lib_fix = {}
    for t in nso.tests.values():
        if not t["why"] and not t["users"]:
            nso.lib_fix[list(nso.installers)[0]] = t["fn"]
    nso.messages = nso_build_messages()

def nso_library_problem(fn, t):
    if not t["form"]:
        return "this form of the test is not converted automatically"
    if len(nso.installers) != 1:
        return ("%s is named by no file_operations here, and no single function "
                "of this file sets up file->private_data for it" % fn)
    return None

# ---- constraints used by the rules that change code ----

def nso_fix_fn(fn):
    nso_decide()
    return str(fn) in nso.fix_fns

def nso_fix_at(p, form):
    nso_decide()
    k = nso_key(p[0])
    return any(t["at"] == k and t["form"] == form and not t["why"]
               for t in nso.tests.values())

def nso_open_ret0(of):
    nso_decide()
    return str(of) in nso.open_fix

def nso_open_first_call(of):
    nso_decide()
    return str(of) in nso.open_first

def nso_needs_open(fops, style):
    nso_decide()
    return str(fops) in nso.add_open and nso.fops[str(fops)]["style"] == style

def nso_is_anchor(fops, fld):
    return nso.add_open.get(str(fops)) == str(fld)

def nso_is_llseek_cand(lf):
    return str(lf) in nso.llseek_cand

def nso_is_espipe_llseek(lf):
    return str(lf) in nso.espipe_llseek

def nso_llseek_unused(lf):
    return str(lf) in nso.espipe_llseek and str(lf) not in nso.llseek_kept

def nso_is_library_installer(fn):
    nso_decide()
    return str(fn) in nso.lib_fix

def nso_may_install(fn):
    """Worth asking whether fn sets a file up for a library method?"""
    return str(fn) in nso.defs and any(
        not nso_users(t["fn"]) for t in nso.tests.values())

def nso_is_open_candidate(of):
    return any(nso_open_of(f) == str(of) for f in nso.fops)

def nso_is_test_fn(fn):
    return any(t["fn"] == str(fn) for t in nso.tests.values())

def nso_line(p):
    """The text of the source line of position p."""
    try:
        with open(p.file, encoding="utf-8", errors="replace") as src:
            for i, text in enumerate(src, 1):
                if i == int(p.line):
                    return text.rstrip("\n")
    except (IOError, OSError):
        pass
    return ""

# The text of a new member, spaced like the member it follows.
def nso_member_text(fops, anchor_pos):
    style = nso.fops[fops]["style"]
    line = nso_line(anchor_pos)
    if style == "c99":
        m = re.match(r"^(\s*)\.(\w+)(\s*)=(\s*)", line)
        head, name = ".open", "." + (m.group(2) if m else "")
        sep, after = (m.group(3), m.group(4)) if m else (" ", " ")
        return head + nso_align(m.group(1) if m else "", name, sep, head) + "=" + after + "nonseekable_open"
    m = re.match(r"^(\s*)(\w+):(\s*)", line)
    head, name = "open:", (m.group(2) + ":") if m else ""
    sep = m.group(3) if m else " "
    return head + nso_align(m.group(1) if m else "", name, sep, head) + "nonseekable_open"

def nso_align(indent, name, sep, head):
    """Blanks after head that end where sep ends after name."""
    if sep in ("", " ") or not indent and "\t" not in sep and len(sep) < 2:
        return sep
    goal = len((indent + name + sep).expandtabs(8))
    start = len((indent + head).expandtabs(8))
    if "\t" in sep:
        col, tabs = start, ""
        while col < goal:
            col = col - col % 8 + 8
            tabs += "\t"
        return tabs if col == goal and tabs else " "
    return " " * max(1, goal - start)

# ---- what report and org mode say ----

def nso_errno_note(errno):
    if errno in (None, "ESPIPE"):
        return ""
    return "; pread/pwrite will fail with -ESPIPE instead of -%s" % errno

def nso_messages():
    nso_decide()
    return nso.messages

def nso_build_messages():
    out = []
    for key in sorted(nso.tests):
        t = nso.tests[key]
        if t["users"]:
            where = ", ".join("%s .%s" % (f, r) for (f, r) in t["users"])
            head = "%s (%s): refuses pread/pwrite by comparing %s with &%s->f_pos" % (
                t["fn"], where, t["ppos"], t["file"])
        else:
            head = "%s: refuses pread/pwrite by comparing %s with &%s->f_pos" % (
                t["fn"], t["ppos"], t["file"])
        if t["why"]:
            msg = "%s; convert by hand: %s" % (head, t["why"])
        elif t["users"]:
            msg = "%s; let the open method call nonseekable_open() instead%s" % (
                head, nso_errno_note(t["errno"]))
        else:
            msg = "%s; clear FMODE_PREAD|FMODE_PWRITE where the file is set up%s" % (
                head, nso_errno_note(t["errno"]))
        out.append((t["pc"], msg))
        if t["errno"] == "EPIPE" and t["perr"] is not None:
            out.append((t["perr"], "%s: refuses pread/pwrite with -EPIPE, meant -ESPIPE"
                        % t["fn"]))
    for of in sorted(set(nso.open_fix) | set(nso.open_first)):
        f = nso.open_fix.get(of) or nso.open_first.get(of)
        out.append((nso.defs[of], "%s: open method of %s, must call nonseekable_open()"
                    % (of, f)))
    for f in sorted(nso.add_open):
        out.append((nso.fops[f]["pos"], "%s: no open method, needs .open = nonseekable_open"
                    % f))
    for inst in sorted(nso.lib_fix):
        out.append((nso.installers[inst], "%s: sets up the file for %s, must clear FMODE_PREAD|FMODE_PWRITE"
                    % (inst, nso.lib_fix[inst])))
    for lf in sorted(nso.espipe_llseek):
        out.append((nso.espipe_llseek[lf], "%s: llseek method only returns -ESPIPE, use no_llseek"
                    % lf))
    seen, uniq = set(), []
    for (p, msg) in sorted(out, key=lambda pm: nso_key(pm[0])):
        k = (nso_key(p), msg)
        if k not in seen:
            seen.add(k)
            uniq.append((p, msg))
    return uniq

def nso_context_pos(p):
    nso_decide()
    k = nso_key(p[0])
    return any(nso_key(q) == k for (q, msg) in nso_messages())

// Every rule below needs an f_pos (a pread refusal) or an ESPIPE (an
// llseek method that only returns -ESPIPE) in the file, so that files
// with neither are not even parsed.

@nso_file@
expression X;
@@
(
X->f_pos
|
ESPIPE
)

@script:python depends on nso_file && (patch || context || org || report)@
@@
nso_reset()

// ---------------------------------------------------------------------
// What the file holds.

@fops_init depends on nso_file@
identifier fops;
initializer list IL;
position pf;
@@
struct file_operations fops@pf = { IL };

@script:python depends on nso_file@
fops << fops_init.fops;
il << fops_init.IL;
pf << fops_init.pf;
@@
nso_add_fops(fops, pf[0], il.elements)

@defs depends on nso_file@
identifier fn;
position p;
@@
fn@p(...) { ... }

@script:python depends on nso_file@
fn << defs.fn;
p << defs.p;
@@
nso.defs[fn] = p[0]

@open_nso depends on nso_file@
identifier of : script:python () { nso_is_open_candidate(of) };
@@
of(...) { <+... nonseekable_open(...) ...+> }

@script:python depends on nso_file@
of << open_nso.of;
@@
nso.nso_calls.add(of)

@open_ret depends on nso_file@
identifier of : script:python () { nso_is_open_candidate(of) };
expression E;
constant C;
identifier I;
position p;
@@
of(...) {
<+...
(
 return 0;
|
 return -C;
|
 return -I;
|
 return E@p;
)
...+>
}

@script:python depends on nso_file@
of << open_ret.of;
p << open_ret.p = [];
@@
if p:
    nso.var_returns.add(of)

@open_zero depends on nso_file@
identifier of : script:python () { nso_is_open_candidate(of) };
@@
of(...) { <+... return 0; ...+> }

@script:python depends on nso_file@
of << open_zero.of;
@@
nso.zero_returns.add(of)

@espipe_llseek depends on nso_file@
identifier lf != no_llseek;
identifier fl, off, whence;
typedef loff_t;
position p;
@@
loff_t lf@p(struct file *fl, loff_t off, int whence)
{
	return -ESPIPE;
}

@script:python depends on nso_file@
lf << espipe_llseek.lf;
p << espipe_llseek.p;
@@
nso.llseek_cand[lf] = p[0]

// It is an llseek method when a file_operations says so, or when nothing
// names it at all.

@llseek_named depends on nso_file@
identifier lf : script:python () { nso_is_llseek_cand(lf) };
position p;
@@
lf@p

@script:python depends on nso_file@
lf << llseek_named.lf;
p << llseek_named.p;
@@
if not nso_line(p[0]).lstrip().startswith("EXPORT_SYMBOL"):
    nso.llseek_named.add(lf)

@script:python depends on nso_file@
@@
for lf in nso.llseek_cand:
    if (lf not in nso.llseek_named
            or any(nso.fops[f]["members"].get("llseek") == lf for f in nso.fops)):
        nso.espipe_llseek[lf] = nso.llseek_cand[lf]

// The test, in every shape that can be converted.  pc is the comparison,
// pif an `if` that goes as a whole, pcomb one that keeps other conditions,
// perr the errno.

@conv depends on nso_file disable braces0, braces1, braces2, braces3, braces4@
identifier fn, fl, ppos, l, ret;
identifier E =~ "^E[A-Z0-9]+$";
expression T, C;
statement S, S0;
position pif, pcomb, pc, perr, ps;
@@
fn(struct file *fl, ..., loff_t *ppos)
{
<...
(
if@pif (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))
	return -E@perr;
|
if@pif (unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)))
	return -E@perr;
|
if@pif (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))
	\( S0@ps \& { ... return -E@perr; } \)
|
if@pif (unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)))
	\( S0@ps \& { ... return -E@perr; } \)
|
if@pif (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))
	\( S0@ps \& { ... ret = -E@perr; goto l; } \)
|
if@pif (unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)))
	\( S0@ps \& { ... ret = -E@perr; goto l; } \)
|
if@pcomb (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\) || C)
	return -E@perr;
|
if@pcomb (C || \(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))
	return -E@perr;
|
if@pcomb (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\) || C)
	S
|
if@pcomb (C || \(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))
	S
)
...>
}

@script:python depends on nso_file@
fn << conv.fn;
fl << conv.fl;
ppos << conv.ppos;
pc << conv.pc;
pif << conv.pif = [];
pcomb << conv.pcomb = [];
E << conv.E = "";
perr << conv.perr = [];
ps << conv.ps = [];
@@
# `...` follows gotos: the errno must lie inside the branch itself.
inside = not ps or (int(ps[0].line) <= int(perr[0].line) <= int(ps[0].line_end))
if inside:
    nso.tests[nso_key(pc[0])] = dict(
        fn=fn, file=fl, ppos=ppos, pc=pc[0],
        form="whole" if pif else "combined",
        at=nso_key(pif[0] if pif else pcomb[0]),
        errno=E or None, perr=perr[0] if perr else None)

// Any other comparison of the position pointer with &file->f_pos: reported,
// not converted.

@anytest depends on nso_file@
identifier fn, fl, ppos;
expression T;
position pc;
@@
fn(struct file *fl, ..., loff_t *ppos)
{
<...
\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)
...>
}

@script:python depends on nso_file@
fn << anytest.fn;
fl << anytest.fl;
ppos << anytest.ppos;
pc << anytest.pc;
@@
if nso_key(pc[0]) not in nso.tests:
    nso.tests[nso_key(pc[0])] = dict(fn=fn, file=fl, ppos=ppos, pc=pc[0],
                                     form=None, errno=None, perr=None, at=None)

// A function holding the test but named by no file_operations is only a
// library method if it has the shape of a read, write, readv or writev
// method and nothing in the file calls it.

@shape depends on nso_file@
identifier fn : script:python () { nso_is_test_fn(fn) };
identifier fl, a, b, ppos;
type T1, T2;
@@
fn(struct file *fl, T1 a, T2 b, loff_t *ppos) { ... }

@script:python depends on nso_file@
fn << shape.fn;
@@
nso.shaped.add(fn)

@named depends on nso_file@
identifier fn : script:python () { nso_is_test_fn(fn) };
position p;
@@
fn@p

@script:python depends on nso_file@
fn << named.fn;
p << named.p;
@@
if not nso_line(p[0]).lstrip().startswith("EXPORT_SYMBOL"):
    nso.calls.add(fn)

@installer depends on nso_file@
identifier fn : script:python () { nso_may_install(fn) };
identifier fl;
expression E;
position p;
@@
fn@p(..., struct file *fl, ...)
{
<+...
fl->private_data = E;
...+>
}

@script:python depends on nso_file@
fn << installer.fn;
p << installer.p;
@@
if not any(nso_open_of(f) == fn or fn in [m for (r, m) in nso_methods_of(f)]
           for f in nso.fops):
    nso.installers[fn] = p[0]

// ---------------------------------------------------------------------
// patch

@depends on nso_file && patch && !context && !org && !report@
identifier fn : script:python () { nso_fix_fn(fn) };
position pif : script:python () { nso_fix_at(pif, "whole") };
expression X;
statement S;
@@
fn(...)
{
<...
- if@pif (X) S
...>
}

@depends on nso_file && patch && !context && !org && !report@
identifier fn : script:python () { nso_fix_fn(fn) };
position pcomb : script:python () { nso_fix_at(pcomb, "combined") };
identifier fl, ppos;
expression C;
statement S;
@@
fn(...)
{
<...
(
if@pcomb (
- \(ppos != &fl->f_pos\|&fl->f_pos != ppos\) ||
  C) S
|
if@pcomb (C
- || \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)
  ) S
)
...>
}

@depends on nso_file && patch && !context && !org && !report@
identifier of : script:python () { nso_open_ret0(of) };
identifier ino, fl;
@@
of(struct inode *ino, struct file *fl)
{
<...
- return 0;
+ return nonseekable_open(ino, fl);
...>
}

@depends on nso_file && patch && !context && !org && !report@
identifier of : script:python () { nso_open_first_call(of) };
identifier ino, fl;
statement S1, S2;
@@
of(struct inode *ino, struct file *fl)
{
... when != S1
+ nonseekable_open(ino, fl);
S2
... when any
}

@add_c99 depends on nso_file@
identifier fops : script:python () { nso_needs_open(fops, "c99") };
identifier fld : script:python (fops) { nso_is_anchor(fops, fld) };
expression E;
position pa;
@@
struct file_operations fops = { ..., .fld = E@pa, ... };

@add_gnu depends on nso_file@
identifier fops : script:python () { nso_needs_open(fops, "gnu") };
identifier fld : script:python (fops) { nso_is_anchor(fops, fld) };
expression E;
position pa;
@@
struct file_operations fops = { ..., fld: E@pa, ... };

@script:python add_text depends on nso_file && patch && !context && !org && !report@
fops << add_c99.fops;
pa << add_c99.pa;
member;
@@
coccinelle.member = cocci.make_ident(nso_member_text(fops, pa[0]))

@script:python add_text_gnu depends on nso_file && patch && !context && !org && !report@
fops << add_gnu.fops;
pa << add_gnu.pa;
member;
@@
coccinelle.member = cocci.make_ident(nso_member_text(fops, pa[0]))

@depends on nso_file && patch && !context && !org && !report@
identifier add_c99.fops, add_c99.fld, add_text.member;
expression E;
@@
struct file_operations fops = { ...,
  .fld = E,
+ member,
  ...};

@depends on nso_file && patch && !context && !org && !report@
identifier add_gnu.fops, add_gnu.fld, add_text_gnu.member;
expression E;
@@
struct file_operations fops = { ...,
  fld: E,
+ member,
  ...};

@depends on nso_file && patch && !context && !org && !report@
identifier fops : script:python () { nso_needs_open(fops, "pos") };
expression E1, E2, E3, E4, E5, E6, E7, E8, E9, E10;
@@
struct file_operations fops = { E1, E2, E3, E4, E5, E6, E7, E8, E9, E10,
(
- NULL
+ nonseekable_open
|
- 0
+ nonseekable_open
)
  , ...};

@depends on nso_file && patch && !context && !org && !report@
identifier fn : script:python () { nso_is_library_installer(fn) };
identifier fl;
expression E;
@@
fn(..., struct file *fl, ...)
{
<...
fl->private_data = E;
+
+ /* Seekable, but the methods refuse pread/pwrite */
+ fl->f_mode &= ~(FMODE_PREAD | FMODE_PWRITE);
...>
}

// llseek methods that only return -ESPIPE become no_llseek.

@llseek_c99 depends on nso_file && patch && !context && !org && !report@
identifier fops;
identifier lf : script:python () { nso_is_espipe_llseek(lf) };
@@
struct file_operations fops = { ...,
  .llseek =
- lf
+ no_llseek
  , ...};

@llseek_gnu depends on nso_file && patch && !context && !org && !report@
identifier fops;
identifier lf : script:python () { nso_is_espipe_llseek(lf) };
@@
struct file_operations fops = { ...,
  llseek:
- lf
+ no_llseek
  , ...};

@llseek_pos depends on nso_file && patch && !context && !org && !report@
identifier fops;
expression E1;
identifier lf : script:python () { nso_is_espipe_llseek(lf) };
@@
struct file_operations fops = { E1,
- lf
+ no_llseek
  , ...};

@llseek_used depends on nso_file && patch && !context && !org && !report@
identifier lf : script:python () { nso_is_espipe_llseek(lf) };
position p;
@@
lf@p

@script:python depends on nso_file && llseek_used@
lf << llseek_used.lf;
@@
nso.llseek_kept.add(lf)

// The rule after this one removes the prototype.  The prototype rule
// spatch would add here depends on this rule alone, without nso_file, so
// it would take the query away and have every file parsed.
@depends on nso_file && patch && !context && !org && !report disable prototypes@
identifier lf : script:python () { nso_llseek_unused(lf) };
type T;
@@
- static T lf(...) { ... }

@depends on nso_file && patch && !context && !org && !report@
identifier lf : script:python () { nso_llseek_unused(lf) };
type T;
@@
- static T lf(...);

// ---------------------------------------------------------------------
// context

@depends on nso_file && context && !patch && !org && !report@
expression T;
position p : script:python () { nso_context_pos(p) };
@@
* T@p

@depends on nso_file && context && !patch && !org && !report@
identifier fn;
position p : script:python () { nso_context_pos(p) };
@@
* fn@p(...)
  { ... }

@depends on nso_file && context && !patch && !org && !report@
identifier fops;
position p : script:python () { nso_context_pos(p) };
@@
struct file_operations
* fops@p
  = { ... };

// ---------------------------------------------------------------------
// org and report

@script:python depends on nso_file && org@
@@
for (p, msg) in nso_messages():
    coccilib.org.print_todo(p, msg)

@script:python depends on nso_file && report@
@@
for (p, msg) in nso_messages():
    coccilib.report.print_report(p, msg)

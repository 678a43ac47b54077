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
//# f_pos, so the old test fails on every call.  In each read, write, readv
//# and writev method of a struct file_operations (named by ".read = f",
//# "read: f", "read: &f" or by position) the test goes wherever it stands
//# in the method, after other early returns too, usually with the comment
//# above it; when other conditions share its `if`, only the test goes.  The open
//# method of that file_operations then returns nonseekable_open() wherever
//# it returned 0, or calls it first when it returns a variable, and a
//# file_operations without an open method gains ".open = nonseekable_open",
//# written the way its other members are (an initializer that mixes C99
//# and GNU members, as a macro standing for ".owner =" made many, is left
//# for hand work only when that member has to be added).  A test whose `if` does nothing
//# (`if (ppos != &file->f_pos) ;`) never refused anything: it goes, and
//# the open method is left as it is.  A library method that no
//# file_operations of its file names (seq_read) loses the test as well,
//# and the one function of the file that installs file->private_data for
//# it clears FMODE_PREAD and FMODE_PWRITE: the file stays seekable.
//#
//# An llseek method that only returns -ESPIPE (as loff_t or long long)
//# becomes no_llseek; a static one goes away once nothing names it.  From
//# Linux 6.12 on there is no no_llseek: the llseek member is removed
//# instead, since an open file whose .llseek is NULL has FMODE_LSEEK
//# cleared and lseek() fails with -ESPIPE, as the method did.  The patch
//# converts for today's kernel unless told the tree's era: -D
//# no_llseek_exists (before 6.12) or -D kernel_unknown converts for 2.6.8
//# to 6.11.
//#
//# A refusal with -EPIPE or -ENXIO (or any other errno) is converted too:
//# pread/pwrite then fail with -ESPIPE, which the report points out.  A
//# test the patch cannot convert safely (a file_operations whose open
//# method lives in another file, a shared open method, a refusal of
//# another shape) is reported and left alone.
//#
//# The rules match single statements, initializers and function headers
//# (only the rule that calls nonseekable_open() first looks for the first
//# statement of an open method, one path at a time); none follows all the
//# paths through a whole function at once, so the time spent on a file
//# grows with its size, not with the product of its methods, branches,
//# returns and gotos.  Python only keeps the facts found and decides per
//# file_operations.
//
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: Requires the file_operations of a method in the same file as
//  the method.  Arrays of file_operations are not looked at.  Takes the
//  tree's era as -D no_llseek_exists or -D kernel_unknown.
// Options: --no-includes --include-headers
// Keywords: nonseekable_open, no_llseek, ESPIPE, pread, pwrite, f_pos
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.
#spatch --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual no_llseek_exists
virtual kernel_unknown

@initialize:python@
@@
import re

# struct file_operations of 2.6.7, member by member: the meaning of a
# positional initializer, and where a new open member goes.
NSO_MEMBERS = ["owner", "llseek", "read", "aio_read", "write", "aio_write",
               "readdir", "poll", "ioctl", "mmap", "open", "flush",
               "release", "fsync", "fasync", "lock", "readv", "writev",
               "read_iter", "write_iter"]
NSO_METHODS = ("read", "write", "aio_read", "aio_write", "readv", "writev")
NSO_IDENT = re.compile(r"^[A-Za-z_]\w*$")
NSO_LLSEEK_TYPES = ("loff_t", "long long", "long long int", "signed long long")

# Today's kernel has no no_llseek; the era rules below say otherwise.
nso_no_llseek_gone = True


class NsoFile(object):
    """What one source file holds; rebuilt for every file."""
    def __init__(self):
        self.fops = {}         # name -> dict(pos, style, members, order, length)
        self.tests = {}        # comparison position key -> test
        self.params = {}       # function -> (file, position pointer) parameters
        self.shaped = set()    # functions shaped like a read or write method
        self.exported = set()  # positions of names inside EXPORT_SYMBOL()
        self.calls = set()     # functions named outside their definition
        self.opens = {}        # open method -> dict(pos, inode, file)
        self.nso_calls = set()    # open methods that call nonseekable_open
        self.var_returns = set()  # open methods returning a non-constant
        self.zero_returns = set() # open methods with a `return 0;`
        self.llseek_cand = {}  # function shaped like an ESPIPE-only llseek -> pos
        self.llseek_named = set() # ... named somewhere in the file
        self.llseek_kept = set()  # ... still named after the conversion
        self.assigns = []      # (function, file, position) of ->private_data =
        self.file_params = {}  # function -> its struct file parameters
        self.lines = None      # the lines of the file, read when a member is added
        self.decided = False


nso = NsoFile()


def nso_reset():
    global nso
    nso = NsoFile()


def nso_key(p):
    return (p.file, int(p.line), int(p.column), int(p.line_end), int(p.column_end))



# ---- file_operations ----

def nso_split(element):
    """(style, member, value) of one initializer element's text."""
    m = re.match(r"^\.\s*(\w+)\s*=\s*(.*)$", element, re.S)
    if m:
        return ("c99", m.group(1), m.group(2).strip())
    m = re.match(r"^(\w+)\s*:\s*(.*)$", element, re.S)
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
    """The function a member names: `fn`, or `&fn` as many 2.4 drivers
    wrote it; None for anything else."""
    value = re.sub(r"^&\s*", "", value.strip())
    return value if NSO_IDENT.match(value) and value not in ("NULL", "0") else None


def nso_methods_of(fops):
    f = nso.fops[fops]
    return [(role, nso_member_fn(f["members"][role])) for role in NSO_METHODS
            if nso_member_fn(f["members"].get(role, ""))]


def nso_open_of(fops):
    return nso_member_fn(nso.fops[fops]["members"].get("open", ""))


def nso_users(fn):
    """(fops, role) pairs naming fn as a read/write-like method."""
    return [(f, role) for f in sorted(nso.fops)
            for (role, m) in nso_methods_of(f) if m == fn]


def nso_open_users(of):
    return [f for f in sorted(nso.fops) if nso_open_of(f) == of]


def nso_anchor_of(fops):
    """The member a new open member follows: the last one before open."""
    best = None
    for m in nso.fops[fops]["order"]:
        if m in NSO_MEMBERS and NSO_MEMBERS.index(m) < NSO_MEMBERS.index("open"):
            if best is None or NSO_MEMBERS.index(m) > NSO_MEMBERS.index(best):
                best = m
    return best

# ---- tests, and the functions they are in ----

def nso_add_test(pc, fl, ppos, form, at=None, errno=None, perr=None):
    k = nso_key(pc)
    if k not in nso.tests:
        nso.tests[k] = dict(fn=pc.current_element, file=fl, ppos=ppos, pc=pc,
                            form=form, at=at and nso_key(at), errno=errno or None,
                            perr=perr)


def nso_add_other_test(pc, fl, ppos):
    """A comparison no convertible shape took: unless a test of the same
    file and position pointer on that line is known already."""
    for t in nso.tests.values():
        q = t["pc"]
        if (q.file, q.line, t["file"], t["ppos"]) == (pc.file, pc.line, fl, ppos):
            return
    nso_add_test(pc, fl, ppos, None)


def nso_holds_test(fn):
    return any(t["fn"] == fn for t in nso.tests.values())


def nso_in_method(t):
    """Whether t compares the file and position parameters of its function."""
    return nso.params.get(t["fn"]) == (t["file"], t["ppos"])


def nso_library_candidate(fn):
    """A function with a test of its own parameters that no fops names."""
    return not nso_users(fn) and any(t["fn"] == fn and nso_in_method(t)
                                     for t in nso.tests.values())


def nso_library_tests():
    return [t for t in nso.tests.values()
            if nso_in_method(t) and not nso_users(t["fn"])
            and t["fn"] in nso.shaped and t["fn"] not in nso.calls]


def nso_open_names():
    return set(o for o in (nso_open_of(f) for f in nso.fops)
               if o and o != "nonseekable_open")


def nso_is_open_name(of):
    return of in nso_open_names()


def nso_assigns_private_data(fn):
    return any(a[0] == fn for a in nso.assigns)


def nso_returns_zero_to_fix(p, ino, fl):
    nso_decide()
    of = p[0].current_element
    return (of in nso.open_fix and nso.opens[of]["inode"] == ino
            and nso.opens[of]["file"] == fl)


def nso_in_open(p):
    return p[0].current_element in nso.opens


# ---- the decision, once per file, after everything is collected ----

def nso_fops_problem(fops):
    """Why fops cannot be made non-seekable here, or None."""
    f = nso.fops[fops]
    of = nso_open_of(fops)
    if of is None:
        # Only a member to add needs the style of the others.
        if f["style"] == "mixed":
            return "its initializer mixes styles"
        if f["members"].get("open", "NULL") not in ("NULL", "0"):
            return "its open member is not a plain function name"
        if f["style"] == "pos" and f["length"] <= NSO_MEMBERS.index("open"):
            return "its positional initializer stops before the open member"
        if f["style"] != "pos" and nso_anchor_of(fops) is None:
            return "no member to place .open after"
        return None
    if of == "nonseekable_open":
        return None
    if of not in nso.opens:
        return "its open method %s is not defined in this file" % of
    return None


def nso_decide():
    if nso.decided:
        return
    nso.decided = True
    # A test counts in a method named by a file_operations, or in a function
    # shaped like one that nothing else in the file names (seq_read).
    lib = set(t["fn"] for t in nso_library_tests())
    for k in list(nso.tests):
        t = nso.tests[k]
        if not nso_in_method(t) or not (nso_users(t["fn"]) or t["fn"] in lib):
            del nso.tests[k]
    for t in nso.tests.values():
        t["users"] = nso_users(t["fn"])
    # The file_operations to make non-seekable, and why others cannot be.
    # A fops is converted as a whole: every test in its methods goes, and
    # its open method changes, so a method or an open method it shares with
    # a fops that cannot be converted holds it back as well.  A dead test
    # refuses nothing: it never makes a fops change, nor holds one back.
    live = [t for t in nso.tests.values() if t["form"] != "dead"]
    tested = set(f for t in live for (f, r) in t["users"])
    bad = {}
    for f in sorted(tested):
        why = nso_fops_problem(f)
        if why:
            bad[f] = why
    changed = True
    while changed:
        changed = False
        for t in live:
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
    installers = nso_installers()
    for t in nso.tests.values():
        fops = [f for (f, r) in t["users"]]
        if t["form"] == "dead":
            t["why"] = None
        elif not t["form"]:
            t["why"] = "this form of the test is not converted automatically"
        elif not fops:
            t["why"] = None if len(installers) == 1 else (
                "%s is named by no file_operations here, and no single function "
                "of this file sets up file->private_data for it" % t["fn"])
        else:
            held = [f for f in fops if f in bad]
            t["why"] = held and "%s: %s" % (held[0], bad[held[0]]) or None
    nso.fixed = set(t["at"] for t in nso.tests.values() if t["at"] and not t["why"])
    nso.open_fix, nso.open_first, nso.add_open = {}, {}, {}
    for f in sorted(tested - set(bad)):
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
        if not t["why"] and not t["users"] and t["form"] != "dead":
            nso.lib_fix[installers[0][0]] = (t["fn"], installers[0][1])
    llseeks = {}
    for f in nso.fops.values():
        lf = f["members"].get("llseek")
        if lf in nso.llseek_cand:
            llseeks[lf] = nso.llseek_cand[lf]
    for lf in nso.llseek_cand:
        if lf not in nso.llseek_named:
            llseeks[lf] = nso.llseek_cand[lf]
    nso.espipe_llseek = llseeks
    nso.messages = nso_build_messages()
    nso.marked = set((q.file, int(q.line)) for (q, msg) in nso.messages)


def nso_installers():
    """(function, file parameter) of each function, other than the methods
    and open methods of a fops, that sets ->private_data of a struct file
    parameter."""
    fops_fns = set()
    for f in nso.fops:
        fops_fns.add(nso_open_of(f))
        fops_fns.update(m for (r, m) in nso_methods_of(f))
    out = []
    for (fn, fl, p) in nso.assigns:
        if fl in nso.file_params.get(fn, ()) and fn not in fops_fns \
                and fn not in [i for (i, _) in out]:
            out.append((fn, fl))
    return out

# ---- what the patch-mode rules are told ----

def nso_is_anchor(fops, fld):
    return nso.add_open.get(fops) == fld


def nso_fixed_test(p):
    nso_decide()
    return nso_key(p[0]) in nso.fixed


def nso_sets_up_library(p, fl):
    nso_decide()
    return nso.lib_fix.get(p[0].current_element, (None, None))[1] == fl


def nso_to_no_llseek(lf):
    nso_decide()
    return lf in nso.espipe_llseek and not nso_no_llseek_gone


def nso_to_null_llseek(lf):
    nso_decide()
    return lf in nso.espipe_llseek and nso_no_llseek_gone


def nso_llseek_unused(lf):
    return lf in nso.espipe_llseek and lf not in nso.llseek_kept


def nso_opens_first(of):
    nso_decide()
    return of in nso.open_first


def nso_needs_open(fops, style):
    nso_decide()
    return fops in nso.add_open and nso.fops[fops]["style"] == style

# The text of a new member, spaced like the member it follows.
def nso_line(p):
    if nso.lines is None:
        try:
            with open(p.file, encoding="utf-8", errors="replace") as src:
                nso.lines = src.read().split("\n")
        except (IOError, OSError):
            nso.lines = []
    n = int(p.line)
    return nso.lines[n - 1] if 0 < n <= len(nso.lines) else ""


def nso_member_text(fops, anchor_pos):
    style = nso.fops[fops]["style"]
    line = nso_line(anchor_pos)
    if style == "c99":
        m = re.match(r"^(\s*)\.(\w+)(\s*)=(\s*)", line)
        head, name = ".open", "." + (m.group(2) if m else "")
        sep, after = (m.group(3), m.group(4)) if m else (" ", " ")
        return (head + nso_align(m.group(1) if m else "", name, sep, head) + "=" + after
                + "nonseekable_open")
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

# ---- what report, org and context mode say ----

def nso_errno_note(errno):
    if errno in (None, "ESPIPE"):
        return ""
    return "; pread/pwrite will fail with -ESPIPE instead of -%s" % errno


def nso_build_messages():
    out = []
    for key in sorted(nso.tests):
        t = nso.tests[key]
        where = ", ".join("%s .%s" % (f, r) for (f, r) in t["users"])
        head = "%s%s: refuses pread/pwrite by comparing %s with &%s->f_pos" % (
            t["fn"], where and " (%s)" % where, t["ppos"], t["file"])
        if t["form"] == "dead":
            msg = ("%s%s: compares %s with &%s->f_pos and does nothing about it; "
                   "remove the test" % (t["fn"], where and " (%s)" % where,
                                        t["ppos"], t["file"]))
        elif t["why"]:
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
        out.append((nso.opens[of]["pos"], "%s: open method of %s, must call "
                    "nonseekable_open()" % (of, f)))
    for f in sorted(nso.add_open):
        out.append((nso.fops[f]["pos"], "%s: no open method, needs .open = "
                    "nonseekable_open" % f))
    for inst in sorted(nso.lib_fix):
        out.append((nso.file_params[inst][nso.lib_fix[inst][1]],
                    "%s: sets up the file for %s, must clear FMODE_PREAD|FMODE_PWRITE"
                    % (inst, nso.lib_fix[inst][0])))
    for lf in sorted(nso.espipe_llseek):
        if nso_no_llseek_gone:
            msg = ("%s: llseek method only returns -ESPIPE; remove it: without an "
                   "llseek method lseek() fails with -ESPIPE all the same" % lf)
        else:
            msg = "%s: llseek method only returns -ESPIPE, use no_llseek" % lf
        out.append((nso.espipe_llseek[lf], msg))
    seen, uniq = set(), []
    for (p, msg) in sorted(out, key=lambda pm: nso_key(pm[0])):
        if (nso_key(p), msg) not in seen:
            seen.add((nso_key(p), msg))
            uniq.append((p, msg))
    return uniq


def nso_messages():
    nso_decide()
    return nso.messages


def nso_marked(p):
    """Whether context mode marks the line of p."""
    nso_decide()
    return (p[0].file, int(p[0].line)) in nso.marked

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

// A tree older than 6.12, or of an era not known, still has no_llseek.

@script:python depends on nso_file && (no_llseek_exists || kernel_unknown)@
@@
nso_no_llseek_gone = False

@script:python depends on nso_file@
@@
nso_reset()

// ---------------------------------------------------------------------
// What the file holds: file_operations, the tests, the functions they
// are in, open methods, llseek methods.

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

// The tests that can be converted, each matched on its own: pt is the
// `if` and pc the comparison; pif marks an `if` that goes as a whole,
// pdead one whose branch is empty, pcomb one that keeps other
// conditions; perr is the errno and ps the branch that holds it.

@tst depends on nso_file@
identifier fl, ppos, l, ret;
identifier E =~ "^E[A-Z0-9]+$";
expression T, C;
statement S, S0;
position pt, pif, pdead, pcomb, pc, perr, ps;
@@
(
if@pt@pif (\(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)\|
          unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))\))
	\(return -E@perr;\|return (-E@perr);\)
|
if@pt@pif (\(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)\|
          unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))\))
	\( S0@ps \& { ... \(return -E@perr;\|return (-E@perr);\) } \)
|
if@pt@pif (\(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)\|
          unlikely(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\))\))
	\( S0@ps \& { ... \(ret = -E@perr;\|ret = (-E@perr);\) goto l; } \)
|
if@pt@pdead (\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)) ;
|
if@pt@pcomb (\(\(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\) || C\|
           C || \(T@pc \& \(ppos != &fl->f_pos\|&fl->f_pos != ppos\)\)\))
	\(return -E@perr;\|return (-E@perr);\|S\)
)

@script:python depends on nso_file@
fl << tst.fl;
ppos << tst.ppos;
pc << tst.pc;
pif << tst.pif = [];
pdead << tst.pdead = [];
pcomb << tst.pcomb = [];
E << tst.E = "";
perr << tst.perr = [];
ps << tst.ps = [];
@@
# A branch's `...` follows gotos: the errno must lie inside the branch.
if not ps or int(ps[0].line) <= int(perr[0].line) <= int(ps[0].line_end):
    form = "whole" if pif else "dead" if pdead else "combined"
    nso_add_test(pc[0], fl, ppos, form, (pif or pdead or pcomb)[0], E,
                 perr[0] if perr else None)

// Any other comparison of a position pointer with &file->f_pos: reported,
// not converted.

// The position goes on an operand: a conjunction binding the whole
// comparison makes spatch try every expression of the file, which on
// deeply nested code costs minutes.

@anytest depends on nso_file@
identifier fl, ppos;
position pc;
@@
\(ppos@pc != &fl->f_pos\|&fl@pc->f_pos != ppos\)

@script:python depends on nso_file@
fl << anytest.fl;
ppos << anytest.ppos;
pc << anytest.pc;
@@
nso_add_other_test(pc[0], fl, ppos)

// The parameters of the functions holding a test: the test must compare
// the function's own file and position pointer.

@method_header depends on nso_file && anytest@
identifier fn : script:python () { nso_holds_test(fn) };
identifier fl, ppos;
typedef loff_t;
@@
fn(struct file *fl, ..., loff_t *ppos) { ... }

@script:python depends on nso_file@
fn << method_header.fn;
fl << method_header.fl;
ppos << method_header.ppos;
@@
nso.params[fn] = (fl, ppos)

// A function that no file_operations names is a library method when it
// has the shape of a read, write, readv or writev method and nothing in
// the file but EXPORT_SYMBOL() names it.

@library_shape depends on nso_file && method_header@
identifier fn : script:python () { nso_library_candidate(fn) };
identifier fl, a, b, ppos;
type T1, T2;
@@
fn(struct file *fl, T1 a, T2 b, loff_t *ppos) { ... }

@script:python depends on nso_file@
fn << library_shape.fn;
@@
nso.shaped.add(fn)

@exported depends on nso_file@
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
identifier fn;
position p;
@@
\(EXPORT_SYMBOL\|EXPORT_SYMBOL_GPL\)(fn@p);

@script:python depends on nso_file@
p << exported.p;
@@
nso.exported.add(nso_key(p[0]))

@library_named depends on nso_file && library_shape@
identifier library_shape.fn;
position p;
@@
fn@p

@script:python depends on nso_file@
fn << library_shape.fn;
p << library_named.p;
@@
if nso_key(p[0]) not in nso.exported:
    nso.calls.add(fn)

// The function that sets up the file for a library method: it stores
// ->private_data of a struct file it is given.

@private_data depends on nso_file && library_shape@
identifier fl;
expression E;
position p;
@@
fl@p->private_data = E

@script:python depends on nso_file@
fl << private_data.fl;
p << private_data.p;
@@
nso.assigns.append((p[0].current_element, fl, p[0]))

@installer_header depends on nso_file && private_data@
identifier fn : script:python () { nso_assigns_private_data(fn) };
identifier fl;
position p;
@@
fn@p(..., struct file *fl, ...) { ... }

@script:python depends on nso_file@
fn << installer_header.fn;
fl << installer_header.fl;
p << installer_header.p;
@@
nso.file_params.setdefault(fn, {})[fl] = p[0]

// Open methods: where they are defined, what they return, whether they
// call nonseekable_open() already.

@open_header depends on nso_file && fops_init@
identifier of : script:python () { nso_is_open_name(of) };
identifier ino, fl;
position p;
@@
of@p(struct inode *ino, struct file *fl) { ... }

@script:python depends on nso_file@
of << open_header.of;
ino << open_header.ino;
fl << open_header.fl;
p << open_header.p;
@@
nso.opens[of] = dict(pos=p[0], inode=ino, file=fl)

@open_return depends on nso_file && open_header@
position pz : script:python () { nso_in_open(pz) };
position pv : script:python () { nso_in_open(pv) };
expression E;
constant C;
identifier I;
@@
(
return@pz 0;
|
return -C;
|
return -I;
|
return@pv E;
)

@script:python depends on nso_file@
pz << open_return.pz = [];
pv << open_return.pv = [];
@@
if pz:
    nso.zero_returns.add(pz[0].current_element)
if pv:
    nso.var_returns.add(pv[0].current_element)

@open_nso depends on nso_file && open_header@
position p : script:python () { nso_in_open(p) };
@@
nonseekable_open@p(...)

@script:python depends on nso_file@
p << open_nso.p;
@@
nso.nso_calls.add(p[0].current_element)

// llseek methods that only return -ESPIPE.  One is an llseek method when
// a file_operations says so, or when nothing at all names it.

@espipe_llseek depends on nso_file@
identifier lf != no_llseek;
identifier fl, off, whence;
type T;
position p;
@@
T lf@p(struct file *fl, T off, int whence)
{
	return -ESPIPE;
}

@script:python depends on nso_file@
lf << espipe_llseek.lf;
T << espipe_llseek.T;
p << espipe_llseek.p;
@@
if " ".join(T.split()) in NSO_LLSEEK_TYPES:
    nso.llseek_cand[lf] = p[0]

@llseek_named depends on nso_file@
identifier espipe_llseek.lf;
position p;
@@
lf@p

@script:python depends on nso_file@
lf << espipe_llseek.lf;
p << llseek_named.p;
@@
if nso_key(p[0]) not in nso.exported:
    nso.llseek_named.add(lf)

// ---------------------------------------------------------------------
// patch: the tests go.  The positions recorded above are those of the
// code as it was read, which the rules below leave as they are.

@depends on nso_file && patch@
identifier fl, ppos;
position pt : script:python () { nso_fixed_test(pt) };
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

// patch: the open methods call nonseekable_open()

@depends on nso_file && patch@
identifier open_header.ino, open_header.fl;
position pz : script:python (ino, fl) { nso_returns_zero_to_fix(pz, ino, fl) };
@@
- return@pz 0;
+ return nonseekable_open(ino, fl);

// The first statement on each path from the entry: the one rule that
// follows paths, and an exists rule.  Checked on all paths at once (the
// default), a bare statement S2 between two `...` is tried as every
// statement of the method with all the paths through it, which a block
// that leaves nested loops by goto (the /dev/ptmx search of the 2.4
// tty_open) turns into minutes; one path at a time finds the same first
// statements in a fraction of a second.
@depends on nso_file && patch exists@
identifier of : script:python () { nso_opens_first(of) };
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

// patch: file_operations without an open method get nonseekable_open

@add_c99 depends on nso_file && patch@
identifier fops : script:python () { nso_needs_open(fops, "c99") };
identifier fld : script:python (fops) { nso_is_anchor(fops, fld) };
expression E;
position pa;
@@
struct file_operations fops = { ..., .fld = E@pa, ... };

@add_gnu depends on nso_file && patch@
identifier fops : script:python () { nso_needs_open(fops, "gnu") };
identifier fld : script:python (fops) { nso_is_anchor(fops, fld) };
expression E;
position pa;
@@
struct file_operations fops = { ..., fld: E@pa, ... };

@script:python add_text depends on nso_file && patch@
fops << add_c99.fops;
pa << add_c99.pa;
member;
@@
coccinelle.member = cocci.make_ident(nso_member_text(fops, pa[0]))

@script:python add_text_gnu depends on nso_file && patch@
fops << add_gnu.fops;
pa << add_gnu.pa;
member;
@@
coccinelle.member = cocci.make_ident(nso_member_text(fops, pa[0]))

@depends on nso_file && patch@
identifier add_c99.fops, add_c99.fld, add_text.member;
expression E;
@@
struct file_operations fops = { ...,
  .fld = E,
+ member,
  ...};

@depends on nso_file && patch@
identifier add_gnu.fops, add_gnu.fld, add_text_gnu.member;
expression E;
@@
struct file_operations fops = { ...,
  fld: E,
+ member,
  ...};

@depends on nso_file && patch@
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

// patch: the function setting up a library method's file clears
// FMODE_PREAD and FMODE_PWRITE

@depends on nso_file && patch disable ptr_to_array@
identifier fl;
position p : script:python (fl) { nso_sets_up_library(p, fl) };
expression E;
@@
fl@p->private_data = E;
+
+ /* Seekable, but the methods refuse pread/pwrite */
+ fl->f_mode &= ~(FMODE_PREAD | FMODE_PWRITE);

// patch: llseek methods that only return -ESPIPE become no_llseek, or,
// from 6.12 on, their member goes

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_no_llseek(lf) };
@@
struct file_operations fops = { ...,
  .llseek =
- lf
+ no_llseek
  , ...};

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_no_llseek(lf) };
@@
struct file_operations fops = { ...,
  llseek:
- lf
+ no_llseek
  , ...};

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_no_llseek(lf) };
expression E1;
@@
struct file_operations fops = { E1,
- lf
+ no_llseek
  , ...};

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_null_llseek(lf) };
@@
struct file_operations fops = { ...,
- .llseek = lf,
  ...};

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_null_llseek(lf) };
@@
struct file_operations fops = { ...,
- llseek: lf,
  ...};

@depends on nso_file && patch@
identifier fops;
identifier lf : script:python () { nso_to_null_llseek(lf) };
expression E1;
@@
struct file_operations fops = { E1,
- lf
+ NULL
  , ...};

@llseek_used depends on nso_file && patch@
identifier espipe_llseek.lf;
position p;
@@
lf@p

@script:python depends on nso_file && patch@
lf << espipe_llseek.lf;
p << llseek_used.p;
@@
nso.llseek_kept.add(lf)

// The rule after this one removes the prototype.  The prototype rule
// spatch would add here depends on this rule alone, without nso_file, so
// it would take the query away and have every file parsed.
@depends on nso_file && patch disable prototypes@
identifier lf : script:python () { nso_llseek_unused(lf) };
type T;
@@
- static T lf(...) { ... }

@depends on nso_file && patch@
identifier lf : script:python () { nso_llseek_unused(lf) };
type T;
@@
- static T lf(...);

// ---------------------------------------------------------------------
// context

@depends on nso_file && context@
identifier fl, ppos;
position p : script:python () { nso_marked(p) };
@@
(
* ppos@p != &fl->f_pos
|
* &fl->f_pos != ppos@p
)

@depends on nso_file && context@
identifier E =~ "^EPIPE$";
position p : script:python () { nso_marked(p) };
@@
* -E@p

@depends on nso_file && context@
identifier fn;
position p : script:python () { nso_marked(p) };
@@
* fn@p(...)
  { ... }

@depends on nso_file && context@
identifier fops;
position p : script:python () { nso_marked(p) };
@@
struct file_operations
* fops@p
  = { ... };

// ---------------------------------------------------------------------
// org and report

@script:python depends on nso_file && org@
@@
for (p, msg) in nso_messages():
    coccilib.org.print_todo(p, "WARNING: " + msg)

@script:python depends on nso_file && report@
@@
for (p, msg) in nso_messages():
    coccilib.report.print_report(p, "WARNING: " + msg)

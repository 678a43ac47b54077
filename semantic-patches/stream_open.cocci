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
//# The patch converts for today's kernel unless told the tree's era with
//# virtual rules: -D no_llseek_exists (before 6.12), -D no_stream_open
//# (before 5.2), -D no_f_pos_lock (before 3.14), -D no_nonseekable_open
//# (before 2.6.8: nothing is done).  -D kernel_unknown leaves every file
//# alone, and a line on standard error names each that holds a
//# stream-like file_operations.
//#
//# Report and org modes name each place; ERROR where the read method can
//# block (it calls a wait_* function, directly or through functions of its
//# file) while the file has a write method and is opened with
//# nonseekable_open(): from Linux 3.14 read() and write() hold the f_pos
//# lock of such a file for the whole call (when it is a regular file,
//# procfs or debugfs ones included), so a blocked read keeps every write
//# waiting.  stream_open() clears FMODE_ATOMIC_POS and ends that.
//#
//# Left for review and reported ("by hand"): an open method that lives in
//# another file, is shared with a file_operations that is no stream, is
//# called from elsewhere, or reaches nonseekable_open() only through
//# another function; an initializer that holds a macro standing for
//# several members, or mixes C99 and GNU members; an array of
//# file_operations whose elements need different kinds of edits.  A read
//# or write method that a macro call hands to a file_operations spatch
//# cannot see (DEFINE_..._FOPS(name, read, write)) is reported at the
//# method, in a file where spatch sees another file_operations with a
//# read, write or llseek member: it parses no other file.  Not looked at:
//# positional initializers, arrays written GNU-style, file_operations
//# whose methods are named only inside a macro, anonymous files (handed to
//# anon_inode_getfd() and the like, never opened through .open), struct
//# proc_ops.
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

// Plain spatch runs get the options make coccicheck passes.
#spatch --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual no_nonseekable_open
virtual no_f_pos_lock
virtual no_stream_open
virtual no_llseek_exists
virtual kernel_unknown

@initialize:python@
@@
import re
import sys

# Members of struct file_operations in declaration order (old and new ones
# merged), up to .open: the new members go after the last of these present.
SO_ORDER = ("owner", "fop_flags", "llseek", "read", "aio_read", "write",
            "aio_write", "read_iter", "write_iter", "iopoll", "readdir",
            "iterate", "iterate_shared", "poll", "ioctl", "unlocked_ioctl",
            "compat_ioctl", "mmap", "mmap_supported_flags", "open")
SO_DATA = ("read", "write", "read_iter", "write_iter")
SO_READERS = ("read", "read_iter")
SO_WRITERS = ("write", "write_iter")
# Methods that work at an offset of the file: their file is no stream.
SO_POSITIONED = ("mmap", "aio_read", "aio_write", "readv", "writev",
                 "readdir", "iterate", "iterate_shared", "sendfile",
                 "sendpage", "splice_read", "splice_write",
                 "copy_file_range", "remap_file_range", "clone_file_range",
                 "dedupe_file_range")
SO_NULL = ("NULL", "0")

SO_C99 = re.compile(r"^\.\s*(\w+)\s*=\s*(.*)$", re.S)
SO_GNU = re.compile(r"^(\w+)\s*:\s*(.*)$", re.S)
SO_FN = re.compile(r"^\(?\s*&?\s*([A-Za-z_]\w*)\s*\)?$")
SO_DESIG = re.compile(r"^\[\s*(.*?)\s*\]\s*=\s*(.*)$", re.S)
SO_WAIT = re.compile(r"^wait_")

# Where the tree's VFS differs from today's, as the era rules below say
# (-D no_stream_open, ...).
SO_ERA = set()


class SoEra(object):
    """What the tree's kernel offers, from SO_ERA."""
    def __init__(self, era):
        self.unknown = "kernel_unknown" in era
        self.nso = not era & {"no_nonseekable_open", "kernel_unknown"}
        self.fpos_lock = "no_f_pos_lock" not in era
        self.stream = not era & {"no_stream_open", "kernel_unknown"}
        self.no_llseek_gone = not era & {"no_llseek_exists", "kernel_unknown"}


def so_key(p):
    return (p.file, int(p.line), int(p.column))


def so_inside(p, outer):
    """Is position p within the extent of position outer?"""
    start = (int(outer.line), int(outer.column))
    end = (int(outer.line_end), int(outer.column_end))
    return start <= (int(p.line), int(p.column)) <= end


def so_split_items(text):
    """Top-level comma-separated items of an initializer's text."""
    items, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def so_classify(text):
    text = text.strip()
    m = SO_C99.match(text)
    if m:
        return ("c99", m.group(1), m.group(2).strip())
    m = SO_GNU.match(text)
    if m:
        return ("gnu", m.group(1), m.group(2).strip())
    return ("other", None, text)


class SoFops(object):
    """One struct file_operations initializer, or one element of an array
    of them."""

    def __init__(self, name, pos, index=None):
        self.name, self.pos, self.index = name, pos, index
        self.members = {}       # member -> value text
        self.at = {}            # member -> position of its value
        self.order = []
        self.styles = set()
        self.unknown = []       # items that name no member (macros)
        self.kind = None        # for array elements: "brace" or "desig"
        self.action = None

    def label(self):
        return self.name if self.index is None else "%s[%s]" % (self.name, self.index)

    def add(self, text):
        style, member, value = so_classify(text)
        if style == "other":
            if text:
                self.unknown.append(text)
            return
        self.styles.add(style)
        self.members[member] = value
        self.order.append(member)

    def style(self):
        return list(self.styles)[0] if len(self.styles) == 1 else None


class SoAction(object):
    def __init__(self, fops):
        self.fops = fops
        self.state = None       # how it is opened today (so_open_state)
        self.llseek = None      # its llseek method, when acceptable
        self.added = []         # (member, value) added to a plain initializer
        self.anchor = None      # ... after this member
        self.array_rule = None  # the rule that edits an array element
        self.open_fn = None     # the open method of this file, if any
        self.open_edit = None   # fn-swap, value-swap, insert, add, None
        self.llseek_edit = None # add, noop, drop, None
        self.why = None         # set when it must be done by hand
        self.deadlock = False
        self.readers, self.writers, self.methods = [], [], []


class SoFile(object):
    """What one source file holds; rebuilt for every file."""

    def __init__(self):
        self.path = None
        self.fops = []
        self.elements = {}      # array name -> [SoFops] in file order
        self.aliases = {}       # macro -> (identifier, line of its #define)
        self.defs = {}          # function -> position of its name
        self.rw = {}            # read/write-shaped function -> its loff_t * parameter
        self.iters = {}         # read_iter-shaped function -> its kiocb parameter
        self.opens = {}         # open-shaped function -> (inode, file) parameters
        self.uses_pos = set()   # functions that use a position
        self.kiocb_at = {}      # (function, parameter) -> keys where it appears
        self.kiocb_base = {}    # ... where it is the base of a member access
        self.openers = []       # (nonseekable_open or stream_open, element, position)
        self.returns = {}       # function -> [returned text]
        self.calls = {}         # function -> set of what it calls
        self.refs = {}          # shaped function -> [(element, position)]
        self.not_opened = set() # file_operations of files no open method opens
        self.decided = False
        self.version = None
        self.opener = "stream_open"
        self.messages = []
        self.edits = {}         # key of a position -> what E1 does there
        self.plain_edits = {}   # fops name -> SoAction (name-based rules)
        self.array_edits = {}   # key of an anchor/member position -> (rule, texts)
        self.insert_fns = {}    # open method -> "return" or "first"
        self.lines = None       # (path, its lines), for so_line_at


so = SoFile()


def so_reset():
    global so
    so = SoFile()


# ---- collecting ----

def so_add_plain(name, p, elements):
    so.path = p.file
    f = SoFops(name, p)
    for el in elements:
        f.add(str(el))
    so.fops.append(f)


def so_plain_member(name, pf, fld, pm):
    for f in so.fops:
        if f.index is None and f.name == name and so_key(f.pos) == so_key(pf):
            f.at[str(fld)] = pm


def so_add_element(name, p, text):
    so.path = p.file
    elems = so.elements.setdefault(name, [])
    text = str(text).strip()
    m = SO_DESIG.match(text)
    if m:
        index, body, kind = m.group(1).replace(" ", ""), m.group(2).strip(), "desig"
    else:
        index, body, kind = None, text, "brace"    # numbered in so_number()
    f = SoFops(name, p, index)
    f.kind = kind
    if body.startswith("{") and body.endswith("}"):
        for item in so_split_items(body[1:-1]):
            f.add(item)
    else:
        f.unknown.append(body)
    elems.append(f)
    so.fops.append(f)


def so_number():
    """Elements without a designator are numbered in file order."""
    for elems in so.elements.values():
        elems.sort(key=lambda f: (int(f.pos.line), int(f.pos.column)))
        for i, f in enumerate(elems):
            if f.kind == "brace":
                f.index = str(i)


def so_array_member(name, fld, pm):
    for f in so.elements.get(name, []):
        if so_inside(pm, f.pos):
            f.at[str(fld)] = pm


def so_note_ref(fn, p):
    so.refs.setdefault(str(fn), []).append((p.current_element, p))


def so_is_shaped(fn):
    fn = str(fn)
    return fn in so.rw or fn in so.iters or fn in so.opens


# ---- deciding ----

def so_fn(value):
    """The function a member's value names, through one-word macros of the
    file; None for NULL and for anything else."""
    if value is None or value in SO_NULL:
        return None
    m = SO_FN.match(value)
    if not m:
        return None
    name = m.group(1)
    for _ in range(4):
        if name not in so.aliases:
            break
        name = so.aliases[name][0]
    return name


def so_uses_position(fn):
    if fn in so.uses_pos:
        return True
    if fn in so.iters:
        at = so.kiocb_at.get((fn, so.iters[fn]), set())
        base = so.kiocb_base.get((fn, so.iters[fn]), set())
        return bool(at - base)
    return False


def so_blocking():
    blocks = set(fn for fn, callees in so.calls.items()
                 if any(SO_WAIT.match(g) for g in callees))
    grown = True
    while grown:
        grown = False
        for fn, callees in so.calls.items():
            if fn not in blocks and callees & blocks:
                blocks.add(fn)
                grown = True
    return blocks


def so_reaches(fn, target, seen=None):
    """Does fn call target, directly or through functions of this file?"""
    seen = seen or set()
    if fn in seen:
        return False
    seen.add(fn)
    callees = so.calls.get(fn, set())
    return target in callees or any(so_reaches(g, target, seen) for g in callees
                                    if g in so.defs)


def so_open_state(a):
    """How the file_operations is opened today: none, stream, nso-value,
    nso-call, nso-indirect, plain; or None with a.why set."""
    f = a.fops
    value = f.members.get("open")
    if value is None or value in SO_NULL:
        return "none"
    of = so_fn(value)
    if of is None:
        a.why = "its open member is %s" % value
        return None
    if of == "stream_open":
        return "stream"
    if of == "nonseekable_open":
        return "nso-value"
    if of not in so.defs:
        a.why = "its open method %s is not in this file" % of
        return None
    a.open_fn = of
    direct = set(op for (op, el, p) in so.openers if el == of)
    if "stream_open" in direct or so_reaches(of, "stream_open"):
        return "stream"
    if "nonseekable_open" in direct:
        return "nso-call"
    if so_reaches(of, "nonseekable_open"):
        return "nso-indirect"
    if of not in so.opens:
        a.why = "its open method %s does not take (struct inode *, struct file *)" % of
        return None
    return "plain"


def so_stream_methods(a):
    """Fill a.methods; False unless every data method is a function of this
    file that never uses the position."""
    f = a.fops
    for m in SO_DATA:
        value = f.members.get(m)
        if value is None or value in SO_NULL:
            continue
        fn = so_fn(value)
        if fn is None or fn not in so.defs:
            return False
        shaped = so.rw if m in ("read", "write") else so.iters
        if fn not in shaped or so_uses_position(fn):
            return False
        a.methods.append((m, fn))
        (a.readers if m in SO_READERS else a.writers).append(fn)
    return bool(a.methods)


def so_consider(f):
    """The action for one file_operations, or None."""
    a = SoAction(f)
    llseek = f.members.get("llseek")
    if llseek in SO_NULL:
        llseek = None
    positioned = any(f.members.get(m) not in (None,) + SO_NULL for m in SO_POSITIONED)
    if f.style() is None and f.styles:
        stream = not positioned and so_stream_methods(a)
        if stream:
            a.why = "its initializer mixes C99 and GNU members"
            return a
        return None
    if positioned or f.name in so.not_opened or not so_stream_methods(a):
        return so_llseek_only(a, llseek)
    if f.unknown:
        a.why = "its initializer holds %s, which spatch cannot see into" % f.unknown[0]
        return a
    if f.index is not None and f.style() == "gnu":
        a.why = "it is an element of an array written GNU-style"
        return a
    state = so_open_state(a)
    if state is None:
        return a
    a.state = state
    nso = state in ("nso-value", "nso-call", "nso-indirect")
    if llseek not in (None, "no_llseek") and not (nso and llseek == "noop_llseek"):
        return so_llseek_only(a, llseek)
    a.llseek = llseek
    if state == "stream":
        return so_llseek_only(a, llseek)
    blocks = so_blocking()
    a.deadlock = nso and bool(a.writers) and any(r in blocks for r in a.readers)
    return a


def so_llseek_only(a, llseek):
    """A file_operations left as it is opened: from 6.12 it still loses a
    no_llseek that no longer builds."""
    if llseek != "no_llseek":
        return None
    a.state = "llseek-only"
    a.why = None
    return a


def so_decide():
    if so.decided:
        return
    so.decided = True
    so_number()
    actions = [a for a in (so_consider(f) for f in so.fops) if a is not None]
    v = so.version = SoEra(SO_ERA)
    if not v.nso:
        so_left_alone(v, actions)
        return
    so.opener = "stream_open" if v.stream else "nonseekable_open"
    for a in actions:
        so_plan(a, v)
    so_check_shared(actions)
    so_check_arrays(actions)
    so_check_twins(actions)
    for a in actions:
        so_record(a, v)
    so.messages = so_build_messages(actions, v)


def so_left_alone(v, actions):
    if not any(a.why is None and a.state not in ("stream", "llseek-only") for a in actions):
        return
    if v.unknown:
        why = "its kernel's era is not known (-D kernel_unknown)"
    else:
        why = "its kernel has no nonseekable_open() (before Linux 2.6.8)"
    sys.stderr.write("stream_open.cocci: %s: %s: its stream-like file_operations are "
                     "left alone\n" % (so.path, why))


def so_plan(a, v):
    """What patch mode would do for a, in era v."""
    if a.why is not None:
        return
    stream = v.stream
    if a.state == "llseek-only":
        if v.no_llseek_gone:
            a.llseek_edit = "drop"
        return
    if a.state == "nso-value":
        a.open_edit = "value-swap" if stream else None
    elif a.state == "nso-call":
        a.open_edit = "fn-swap" if stream else None
    elif a.state == "nso-indirect":
        if stream:
            a.why = ("its open method %s reaches nonseekable_open() only through "
                     "another function" % a.open_fn)
            return
        a.open_edit = None
    elif a.state == "plain":
        a.open_edit = "insert"
    elif a.state == "none":
        a.open_edit = "add"
    if a.open_edit is None:
        return          # opened with nonseekable_open(), and that is all there is
    if v.no_llseek_gone:
        a.llseek_edit = "drop" if a.llseek is not None else None
    elif a.llseek is None:
        a.llseek_edit = "add"
    elif a.llseek == "noop_llseek":
        a.llseek_edit = "noop"
    a.fops.action = a
    adding = a.llseek_edit == "add" or a.open_edit == "add"
    if a.fops.index is not None and a.llseek_edit == "drop":
        adding = False      # the new .open of an array element takes the place of .llseek
    if adding and so_anchor(a.fops) is None:
        a.why = "spatch finds no member outside an #if to put new ones after"
        a.open_edit = a.llseek_edit = None


def so_check_shared(actions):
    """An open method changes for every file_operations it opens, and for
    every caller: all of them must want that change."""
    by_fn = {}
    for a in actions:
        if a.open_edit in ("fn-swap", "insert"):
            by_fn.setdefault(a.open_fn, []).append(a)
    for fn, users in by_fn.items():
        naming = [f for f in so.fops if so_fn(f.members.get("open")) == fn]
        direct = [f for f in naming if f.members.get("open", "").strip("&() ") == fn]
        others = [f for f in naming if f not in [u.fops for u in users]]
        refs = so.refs.get(fn, [])
        # A file_operations declared in a function is named from there.
        homes = set(f.name for f in naming) | set(f.pos.current_element for f in naming)
        outside = [el for (el, p) in refs if el not in homes]
        why = None
        if others:
            why = "its open method %s also opens %s" % (fn, others[0].label())
        elif outside:
            why = "its open method %s is also used by %s" % (fn, outside[0])
        elif len(direct) != len(naming) or len(refs) != len(direct):
            why = "its open method %s is named through a macro" % fn
        if why:
            for u in users:
                u.why, u.open_edit, u.llseek_edit = why, None, None


def so_check_twins(actions):
    """A plain file_operations is changed by its name: one defined twice
    (under #if and #else) is changed only when both want the same."""
    by_name = {}
    for f in so.fops:
        if f.index is None:
            by_name.setdefault(f.name, []).append(f)
    for name, decls in by_name.items():
        if len(decls) < 2:
            continue
        mine = [a for a in actions if a.fops in decls]
        plans = set((a.why, a.open_edit, a.llseek_edit, a.open_fn) for a in mine)
        if len(mine) != len(decls) or len(plans) > 1:
            for a in mine:
                if a.why is None and (a.open_edit or a.llseek_edit):
                    a.why = "it is defined more than once, differently"
                    a.open_edit = a.llseek_edit = None


def so_array_rule(a):
    """The rule of patch mode that edits this array element, or None."""
    f = a.fops
    rules = set()
    if a.open_edit == "value-swap" or a.llseek_edit == "noop":
        rules.add("swap")
    added = (a.open_edit == "add") + (a.llseek_edit == "add")
    if a.open_edit == "add" and a.llseek_edit == "drop":
        rules.add("repl-%s" % f.kind)   # the new .open takes the place of .llseek
    elif added:
        rules.add("ins%d-%s" % (added, f.kind))
    elif a.llseek_edit == "drop":
        rules.add("drop-%s" % f.kind)
    if len(rules) > 1:
        return "mixed"
    return rules.pop() if rules else None


def so_check_arrays(actions):
    """spatch places what a rule changes in an array only while nothing else
    has changed that array: each array gets one kind of edit, and every
    member it starts from must be where spatch saw it."""
    by_array = {}
    for a in actions:
        if a.fops.index is not None and a.why is None:
            rule = so_array_rule(a)
            if rule:
                by_array.setdefault(a.fops.name, []).append((a, rule))
    for name, items in by_array.items():
        rules = set(rule for (a, rule) in items)
        for a, rule in items:
            need = so_array_places(a, rule)
            if len(rules) > 1:
                why = "the elements of %s need edits of different kinds" % name
            elif any(m not in a.fops.at for m in need):
                why = "spatch cannot place the change in it"
            else:
                a.array_rule = rule
                continue
            a.why, a.open_edit, a.llseek_edit = why, None, None


def so_array_places(a, rule):
    """The members whose values an array rule starts from."""
    if rule == "swap":
        return [m for (m, edit) in (("open", a.open_edit), ("llseek", a.llseek_edit))
                if edit in ("value-swap", "noop")]
    if rule.startswith("ins"):
        return [so_anchor(a.fops)]
    return ["llseek"]     # drop and repl


def so_anchor(f):
    """The member after which new members go: the last present before .open
    in the structure, outside any #if of the initializer; else the last
    member outside one; None when there is none.  Never an .llseek that
    goes."""
    a = f.action
    gone = ("llseek",) if a is not None and a.llseek_edit == "drop" else ()
    plain = [m for m in f.order if m in f.at and m not in gone and not so_conditional(f, m)]
    before = [m for m in plain if m in SO_ORDER[:-1]]
    if before:
        return max(before, key=SO_ORDER.index)
    return plain[-1] if plain else None


def so_conditional(f, member):
    """Is member inside an #if block opened within the initializer?"""
    depth = 0
    for n in range(int(f.pos.line), int(f.at[member].line)):
        text = so_line_at(f.pos.file, n).lstrip()
        if re.match(r"^%s\s*if" % chr(35), text):
            depth += 1
        elif re.match(r"^%s\s*endif" % chr(35), text):
            depth -= 1
    return depth > 0


def so_record(a, v):
    f = a.fops
    if a.why is not None:
        return
    if a.open_edit == "fn-swap":
        for (op, el, p) in so.openers:
            if op == "nonseekable_open" and el == a.open_fn:
                so.edits[so_key(p)] = "stream"
    if a.open_edit == "insert":
        so.insert_fns[a.open_fn] = so_insert_way(a.open_fn)
    added = []
    if a.llseek_edit == "add":
        added.append(("llseek", "no_llseek"))
    if a.open_edit == "add":
        added.append(("open", so.opener))
    if f.index is None:
        so.plain_edits.setdefault(f.name, []).append(a)
        a.added = added
        a.anchor = so_anchor(f)
        return
    rule = a.array_rule
    if rule == "swap":
        if a.open_edit == "value-swap":
            so.edits[so_key(f.at["open"])] = "stream"
        if a.llseek_edit == "noop":
            so.edits[so_key(f.at["llseek"])] = "no_llseek"
    elif rule and rule.startswith("ins"):
        anchor = so_anchor(f)
        texts = [so_member_text(f, anchor, m, val) for (m, val) in added]
        so.array_edits[so_key(f.at[anchor])] = (rule, texts)
    elif rule and rule.startswith("repl"):
        text = so_member_text(f, "llseek", "open", so.opener)
        so.array_edits[so_key(f.at["llseek"])] = (rule, [text])
    elif rule and rule.startswith("drop"):
        so.array_edits[so_key(f.at["llseek"])] = (rule, [])


def so_insert_way(fn):
    """Where an open method gets its call: in place of each `return 0;` when
    it returns nothing but constants, else first."""
    rets = [r.replace(" ", "") for r in so.returns.get(fn, [])]
    if "0" in rets and all(r == "0" or re.match(r"^-?[A-Z0-9_]+$", r) for r in rets):
        return "return"
    return "first"


# ---- texts ----

def so_line(p):
    return so_line_at(p.file, int(p.line))


def so_line_at(path, n):
    """Line n of path, read once for the file spatch is working on."""
    if so.lines is None or so.lines[0] != path:
        try:
            with open(path, encoding="utf-8", errors="replace") as src:
                so.lines = (path, src.read().split("\n"))
        except (IOError, OSError):
            so.lines = (path, [])
    text = so.lines[1]
    return text[n - 1] if 0 < n <= len(text) else ""


def so_fill(prefix, goal, tabs):
    """The blanks after prefix that reach column goal: tabs when the member
    copied used tabs and they land there, else spaces; one at least."""
    col = len(prefix.expandtabs(8))
    if tabs:
        out, c = "", col
        while c < goal:
            c = c - c % 8 + 8
            out += "\t"
        if out and c == goal:
            return out
    return " " * max(1, goal - col)


def so_member_text(f, anchor, member, value):
    """A new member, spaced like the member it follows: a compact one (one
    blank on each side) stays compact, an aligned one is aligned the same."""
    line = so_line(f.at[anchor]) if anchor in f.at else ""
    if f.style() == "gnu":
        m = re.match(r"^(\s*)(\w+):(\s*)", line)
        head = member + ":"
        if not m or m.group(3) in ("", " "):
            return head + (m.group(3) if m else " ") + value
        goal = len((m.group(1) + m.group(2) + ":" + m.group(3)).expandtabs(8))
        return head + so_fill(m.group(1) + head, goal, "\t" in m.group(3)) + value
    m = re.match(r"^(\s*)\.(\w+)(\s*)=(\s*)", line)
    head = "." + member
    if not m:
        return head + " = " + value
    indent, name, sep, after = m.groups()
    if sep in ("", " ") and after in ("", " "):
        return head + sep + "=" + after + value
    gap = sep
    if sep not in ("", " "):
        gap = so_fill(indent + head, len((indent + "." + name + sep).expandtabs(8)), "\t" in sep)
    gap2 = after
    if after not in ("", " "):
        goal = len((indent + "." + name + sep + "=" + after).expandtabs(8))
        gap2 = so_fill(indent + head + gap + "=", goal, "\t" in after)
    return head + gap + "=" + gap2 + value


def so_methods_text(a):
    names = [".%s" % m for (m, fn) in a.methods]
    text = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
    return text + (" never uses" if len(names) == 1 else " never use")


def so_llseek_text(a, v):
    if a.llseek_edit == "drop":
        return "; drop .llseek (from Linux 6.12 a stream has none)"
    if a.llseek_edit in ("add", "noop"):
        return "; .llseek = no_llseek"
    return ""


def so_build_messages(actions, v):
    out = []
    opener = so.opener
    by_fn, inserts = {}, {}
    for a in actions:
        f = a.fops
        what = "%s the position" % so_methods_text(a) if a.methods else ""
        if a.why is not None:
            if a.state == "llseek-only" or not a.methods:
                continue
            out.append((f.pos, "WARNING", "%s: %s, but %s: give it %s() by hand"
                        % (f.label(), what, a.why, opener)))
            continue
        if a.state == "llseek-only":
            if a.llseek_edit == "drop":
                out.append((f.pos, "WARNING", "%s: no_llseek is gone since Linux 6.12: "
                            "drop .llseek (lseek() is refused without it)" % f.label()))
            continue
        if a.deadlock and v.fpos_lock:
            dead = ("%s: .%s can block while .%s waits on the f_pos lock (a deadlock if "
                    "the file is a regular one, as in procfs or debugfs)"
                    % (f.label(), so_member_of(a, a.readers), so_member_of(a, a.writers)))
            if not v.stream:
                fix = ("its kernel has no stream_open() (before Linux 5.2): clear "
                       "FMODE_ATOMIC_POS in %s" % (a.open_fn or "the open method"))
                for p in so_nso_places(a):
                    out.append((p, "ERROR", "%s, and %s" % (dead, fix)))
                continue
            if a.open_edit == "fn-swap":
                by_fn.setdefault(a.open_fn, []).append((a, "ERROR", dead))
                continue
            if a.open_edit == "value-swap":
                out.append((f.pos, "ERROR", "%s: .open = stream_open instead of "
                            "nonseekable_open%s" % (dead, so_llseek_text(a, v))))
                continue
        if a.open_edit is None:
            continue
        if a.open_edit == "fn-swap":
            by_fn.setdefault(a.open_fn, []).append((a, "WARNING", "%s: %s" % (f.label(), what)))
        elif a.open_edit == "value-swap":
            out.append((f.pos, "WARNING", "%s: %s: .open = stream_open instead of "
                        "nonseekable_open%s" % (f.label(), what, so_llseek_text(a, v))))
        elif a.open_edit == "insert":
            inserts.setdefault(a.open_fn, []).append(a)
        elif a.open_edit == "add":
            out.append((f.pos, "WARNING", "%s: %s, and there is no open method: add "
                        ".open = %s%s" % (f.label(), what, opener, so_llseek_text(a, v))))
    for fn, items in by_fn.items():
        severity = "ERROR" if any(s == "ERROR" for (a, s, t) in items) else "WARNING"
        head = "; ".join(t for (a, s, t) in items)
        tail = so_llseek_text(items[0][0], v)
        for (op, el, p) in so.openers:
            if op == "nonseekable_open" and el == fn:
                out.append((p, severity, "%s: call stream_open() instead of "
                            "nonseekable_open()%s" % (head, tail)))
    for fn, items in inserts.items():
        whose = "; ".join("%s, whose %s the position" % (a.fops.label(), so_methods_text(a))
                          for a in items)
        out.append((so.defs[fn], "WARNING", "%s: open method of %s: call %s()%s"
                    % (fn, whose, opener, so_llseek_text(items[0], v))))
    out += so_hidden_methods()
    seen, uniq = set(), []
    for (p, sev, msg) in sorted(out, key=lambda m: so_key(m[0])):
        k = (so_key(p), msg)
        if k not in seen:
            seen.add(k)
            uniq.append((p, "%s: %s" % (sev, msg)))
    return uniq


def so_member_of(a, fns):
    for (m, fn) in a.methods:
        if fn in fns:
            return m
    return "read"


def so_nso_places(a):
    if a.state == "nso-value" or a.open_fn is None:
        return [a.fops.pos]
    places = [p for (op, el, p) in so.openers if op == "nonseekable_open" and el == a.open_fn]
    return places or [so.defs[a.open_fn]]


def so_hidden_methods():
    """Read and write methods handed to a file_operations only through a
    macro: spatch cannot see that file_operations."""
    named = set()
    for f in so.fops:
        for m in SO_DATA:
            fn = so_fn(f.members.get(m))
            if fn:
                named.add(fn)
    out = []
    # Only the read and write shape: a read_iter one is also that of
    # direct_IO and of other methods.
    for fn in sorted(so.rw):
        if fn in named or so_uses_position(fn):
            continue
        refs = so.refs.get(fn, [])
        hidden = [p for (el, p) in refs if el == "something_else" and so_macro_call(p)]
        if not refs or len(hidden) != len(refs):
            continue
        out.append((so.defs[fn], "WARNING", "%s: a read or write method by its signature "
                    "that never uses the position, named only through a macro (line %s) "
                    "spatch cannot see into: if that makes a file_operations, give it %s() "
                    "by hand" % (fn, hidden[0].line, so.opener)))
    return out


def so_macro_call(p):
    """Is p in a macro call at the top level of the file (not in a #define,
    not in EXPORT_SYMBOL())?"""
    n = int(p.line)
    here, above = so_line_at(p.file, n), so_line_at(p.file, n - 1)
    # chr(92) is a backslash, chr(35) the hash sign: spatch reads neither
    # well inside a string of a script.
    if here.rstrip().endswith(chr(92)) or above.rstrip().endswith(chr(92)):
        return False
    return not re.match(r"^\s*(%s|EXPORT_SYMBOL)" % chr(35), here)


# ---- what the rules ask ----

def so_messages():
    so_decide()
    return so.messages


def so_marked(p):
    so_decide()
    k = so_key(p)
    return any(so_key(q) == k for (q, msg) in so.messages)


def so_edit_at(p, what):
    so_decide()
    return so.edits.get(so_key(p)) == what


def so_plain(fops, what):
    """Does plain file_operations fops get edit what?"""
    so_decide()
    for a in so.plain_edits.get(str(fops), []):
        if what == "value-swap" and a.open_edit == "value-swap":
            return True
        if what in ("noop", "drop") and a.llseek_edit == what:
            return True
    return False


def so_plain_anchor(fops, fld, count):
    so_decide()
    for a in so.plain_edits.get(str(fops), []):
        if a.added and len(a.added) == count and a.anchor == str(fld):
            return True
    return False


def so_plain_texts(fops):
    for a in so.plain_edits.get(str(fops), []):
        if a.added:
            return [so_member_text(a.fops, a.anchor, m, val) for (m, val) in a.added]
    return []


def so_array_at(p, rule):
    so_decide()
    e = so.array_edits.get(so_key(p))
    return e is not None and e[0] == rule


def so_array_text(p, i):
    return so.array_edits[so_key(p)][1][i]


def so_array_has(p, rule, member):
    """Is member the text the array edit at p adds (a guard against texts of
    other elements reached through the same names)?"""
    return so_array_at(p, rule) and str(member) in so.array_edits[so_key(p)][1]


def so_insert(fn, way):
    so_decide()
    return so.insert_fns.get(str(fn)) == way

// Every rule below needs a struct file_operations initializer with a
// member this patch may act on, so that other files are not even parsed.
// spatch skips a file by its words only: each member is spelled out, as
// the struct's name alone counts for nothing there.

@so_file@
identifier fops;
expression E, N;
@@
(
struct file_operations fops = { ..., .read = E, ... };
|
struct file_operations fops = { ..., read: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .read = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .read = E, ... }, ... };
|
struct file_operations fops = { ..., .write = E, ... };
|
struct file_operations fops = { ..., write: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .write = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .write = E, ... }, ... };
|
struct file_operations fops = { ..., .read_iter = E, ... };
|
struct file_operations fops = { ..., read_iter: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .read_iter = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .read_iter = E, ... }, ... };
|
struct file_operations fops = { ..., .write_iter = E, ... };
|
struct file_operations fops = { ..., write_iter: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .write_iter = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .write_iter = E, ... }, ... };
|
struct file_operations fops = { ..., .llseek = E, ... };
|
struct file_operations fops = { ..., llseek: E, ... };
|
struct file_operations fops[...] = { ..., { ..., .llseek = E, ... }, ... };
|
struct file_operations fops[...] = { ..., [N] = { ..., .llseek = E, ... }, ... };
)

@script:python depends on so_file@
@@
so_reset()

// The tree's era (-D NAME), read once a file is worth parsing: a rule
// that needs no word of the file would have spatch parse every file.

@script:python depends on so_file && no_nonseekable_open@
@@
SO_ERA.add("no_nonseekable_open")

@script:python depends on so_file && no_f_pos_lock@
@@
SO_ERA.add("no_f_pos_lock")

@script:python depends on so_file && no_stream_open@
@@
SO_ERA.add("no_stream_open")

@script:python depends on so_file && no_llseek_exists@
@@
SO_ERA.add("no_llseek_exists")

@script:python depends on so_file && kernel_unknown@
@@
SO_ERA.add("kernel_unknown")

// ------------------------------------------------------------------------
// What the file holds.

@fops_plain depends on so_file@
identifier fops;
initializer list IL;
position pf;
@@
struct file_operations fops@pf = { IL };

@script:python depends on so_file@
fops << fops_plain.fops;
il << fops_plain.IL;
pf << fops_plain.pf;
@@
so_add_plain(str(fops), pf[0], il.elements)

@member_plain depends on so_file@
identifier fops, fld;
expression E;
position pf, pm;
@@
(
struct file_operations fops@pf = { ..., .fld = E@pm, ... };
|
struct file_operations fops@pf = { ..., fld: E@pm, ... };
)

@script:python depends on so_file@
fops << member_plain.fops;
fld << member_plain.fld;
pf << member_plain.pf;
pm << member_plain.pm;
@@
so_plain_member(str(fops), pf[0], fld, pm[0])

@fops_array depends on so_file@
identifier fops;
initializer I;
position pe;
@@
struct file_operations fops[...] = { ..., I@pe, ... };

@script:python depends on so_file@
fops << fops_array.fops;
I << fops_array.I;
pe << fops_array.pe;
@@
so_add_element(str(fops), pe[0], I)

@member_array depends on so_file@
identifier fops, fld;
expression E;
position pm;
@@
struct file_operations fops[...] = { ..., { ..., .fld = E@pm, ... }, ... };

@script:python depends on so_file@
fops << member_array.fops;
fld << member_array.fld;
pm << member_array.pm;
@@
so_array_member(str(fops), fld, pm[0])

@member_desig depends on so_file@
identifier fops, fld;
expression E, N;
position pm;
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pm, ... }, ... };

@script:python depends on so_file@
fops << member_desig.fops;
fld << member_desig.fld;
pm << member_desig.pm;
@@
so_array_member(str(fops), fld, pm[0])

// A method or an open method may be named through a one-word macro.

@alias depends on so_file@
identifier x;
expression e;
position p;
@@
#define x@p e

@script:python depends on so_file@
x << alias.x;
e << alias.e;
p << alias.p;
@@
if re.match(r"^[A-Za-z_]\w*$", str(e).strip()):
    so.aliases[str(x)] = (str(e).strip(), int(p[0].line))

@defs depends on so_file@
identifier fn;
position pd;
@@
fn@pd(...) { ... }

@script:python depends on so_file@
fn << defs.fn;
pd << defs.pd;
@@
so.defs[str(fn)] = pd[0]

@rw_shape depends on so_file@
identifier fn, F, P, b, c;
type T, T1, T2;
@@
T fn(struct file *F, T1 b, T2 c, loff_t *P) { ... }

@script:python depends on so_file@
fn << rw_shape.fn;
P << rw_shape.P;
@@
so.rw[str(fn)] = str(P)

@iter_shape depends on so_file@
identifier fn, I, X;
type T;
@@
T fn(struct kiocb *I, struct iov_iter *X) { ... }

@script:python depends on so_file@
fn << iter_shape.fn;
I << iter_shape.I;
@@
so.iters[str(fn)] = str(I)

@open_shape depends on so_file@
identifier fn, I, F;
type T;
@@
T fn(struct inode *I, struct file *F) { ... }

@script:python depends on so_file@
fn << open_shape.fn;
I << open_shape.I;
F << open_shape.F;
@@
so.opens[str(fn)] = (str(I), str(F))

// Uses of the position: the loff_t * parameter of a read or write method,
// any f_pos or ki_pos, and a kiocb handed on whole (to a function that may
// use its ki_pos).  One path that reaches the parameter is enough: checked
// on all paths, <+... P ...+> took minutes on a long method that uses *ppos
// at many places between loops and gotos (what rw_ppos.cocci makes of one).

@rw_pos depends on so_file exists@
identifier rw_shape.fn, rw_shape.P;
position q;
@@
fn@q(...) { ... P ... }

@script:python depends on so_file@
q << rw_pos.q;
@@
so.uses_pos.add(q[0].current_element)

@pos_field depends on so_file@
expression X;
position q;
@@
\( X->f_pos@q \| X->ki_pos@q \)

@script:python depends on so_file@
q << pos_field.q;
@@
so.uses_pos.add(q[0].current_element)

@kiocb_use depends on so_file@
identifier iter_shape.I;
position q;
@@
I@q

@script:python depends on so_file@
I << iter_shape.I;
q << kiocb_use.q;
@@
so.kiocb_at.setdefault((q[0].current_element, str(I)), set()).add(so_key(q[0]))

@kiocb_field depends on so_file@
identifier iter_shape.I, fld;
position q;
@@
I@q->fld

@script:python depends on so_file@
I << iter_shape.I;
q << kiocb_field.q;
@@
so.kiocb_base.setdefault((q[0].current_element, str(I)), set()).add(so_key(q[0]))

// How files are opened, what open methods return, who calls what.  An
// anonymous file, or one whose f_op is replaced once it is open, is never
// opened through the open method of its file_operations (and an anonymous one
// has no FMODE_PREAD or FMODE_PWRITE to begin with).

@not_opened depends on so_file@
identifier fops;
identifier af =~ "^(anon_inode_get|anon_inode_create_get|alloc_file_pseudo|replace_fops$)";
expression list es1, es2;
expression F;
@@
(
af(es1, &fops, es2)
|
F->f_op = &fops
)

@script:python depends on so_file@
fops << not_opened.fops;
@@
so.not_opened.add(str(fops))

@opener depends on so_file@
identifier op = {nonseekable_open, stream_open};
position q;
@@
op@q

@script:python depends on so_file@
op << opener.op;
q << opener.q;
@@
so.openers.append((str(op), q[0].current_element, q[0]))

@rets depends on so_file@
expression E;
position q;
@@
return E@q;

@script:python depends on so_file@
E << rets.E;
q << rets.q;
@@
so.returns.setdefault(q[0].current_element, []).append(str(E))

@calls depends on so_file@
identifier g;
position q;
@@
g@q(...)

@script:python depends on so_file@
g << calls.g;
q << calls.q;
@@
so.calls.setdefault(q[0].current_element, set()).add(str(g))

@fn_ref depends on so_file@
identifier fn : script:python() { so_is_shaped(fn) };
position q;
@@
fn@q

@script:python depends on so_file@
fn << fn_ref.fn;
q << fn_ref.q;
@@
so_note_ref(fn, q[0])

@script:python depends on so_file@
@@
so_decide()

// ------------------------------------------------------------------------
// patch.  spatch gives later rules the positions of a declaration or a
// function that an earlier rule changed counted afresh, so a rule that
// finds its place by position comes before any other change to that
// declaration or function; the rules for plain file_operations find theirs
// by name.

// Where members are added, matched before anything changes.

@add_arr1 depends on so_file && patch@
identifier fops, fld;
expression E;
position pa : script:python() { so_array_at(pa[0], "ins1-brace") };
@@
struct file_operations fops[...] = { ..., { ..., .fld = E@pa, ... }, ... };

@script:python add_arr1_text depends on so_file && patch@
pa << add_arr1.pa;
m1;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(pa[0], 0))

@add_arr2 depends on so_file && patch@
identifier fops, fld;
expression E;
position pa : script:python() { so_array_at(pa[0], "ins2-brace") };
@@
struct file_operations fops[...] = { ..., { ..., .fld = E@pa, ... }, ... };

@script:python add_arr2_text depends on so_file && patch@
pa << add_arr2.pa;
m1;
m2;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(pa[0], 0))
coccinelle.m2 = cocci.make_ident(so_array_text(pa[0], 1))

@add_des1 depends on so_file && patch@
identifier fops, fld;
expression E, N;
position pa : script:python() { so_array_at(pa[0], "ins1-desig") };
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa, ... }, ... };

@script:python add_des1_text depends on so_file && patch@
pa << add_des1.pa;
m1;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(pa[0], 0))

@add_des2 depends on so_file && patch@
identifier fops, fld;
expression E, N;
position pa : script:python() { so_array_at(pa[0], "ins2-desig") };
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa, ... }, ... };

@script:python add_des2_text depends on so_file && patch@
pa << add_des2.pa;
m1;
m2;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(pa[0], 0))
coccinelle.m2 = cocci.make_ident(so_array_text(pa[0], 1))

@repl_arr depends on so_file && patch@
identifier fops;
expression E;
position p : script:python() { so_array_at(p[0], "repl-brace") };
@@
struct file_operations fops[...] = { ..., { ..., .llseek = E@p, ... }, ... };

@script:python repl_arr_text depends on so_file && patch@
p << repl_arr.p;
m1;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(p[0], 0))

@repl_des depends on so_file && patch@
identifier fops;
expression E, N;
position p : script:python() { so_array_at(p[0], "repl-desig") };
@@
struct file_operations fops[...] = { ..., [N] = { ..., .llseek = E@p, ... }, ... };

@script:python repl_des_text depends on so_file && patch@
p << repl_des.p;
m1;
@@
coccinelle.m1 = cocci.make_ident(so_array_text(p[0], 0))

@add_plain1 depends on so_file && patch@
identifier fops;
identifier fld : script:python(fops) { so_plain_anchor(fops, fld, 1) };
expression E;
@@
(
struct file_operations fops = { ..., .fld = E, ... };
|
struct file_operations fops = { ..., fld: E, ... };
)

@script:python add_plain1_text depends on so_file && patch@
fops << add_plain1.fops;
m1;
@@
coccinelle.m1 = cocci.make_ident(so_plain_texts(fops)[0])

@add_plain2 depends on so_file && patch@
identifier fops;
identifier fld : script:python(fops) { so_plain_anchor(fops, fld, 2) };
expression E;
@@
(
struct file_operations fops = { ..., .fld = E, ... };
|
struct file_operations fops = { ..., fld: E, ... };
)

@script:python add_plain2_text depends on so_file && patch@
fops << add_plain2.fops;
m1;
m2;
@@
coccinelle.m1 = cocci.make_ident(so_plain_texts(fops)[0])
coccinelle.m2 = cocci.make_ident(so_plain_texts(fops)[1])

@script:python opener_name depends on so_file && patch@
opener_id;
@@
coccinelle.opener_id = cocci.make_ident(so.opener)

// First change: nonseekable_open becomes stream_open in open methods (and
// in arrays), noop_llseek becomes no_llseek in arrays.

@depends on so_file && patch@
symbol nonseekable_open, noop_llseek;
expression E1, E2;
position q1 : script:python() { so_edit_at(q1[0], "stream") };
position q2 : script:python() { so_edit_at(q2[0], "no_llseek") };
@@
(
// A call is written anew, its arguments spaced as checkpatch wants.
- nonseekable_open@q1(E1, E2)
+ stream_open(E1, E2)
|
- nonseekable_open@q1
+ stream_open
|
- noop_llseek@q2
+ no_llseek
)

@depends on so_file && patch@
identifier add_arr1.fops, add_arr1.fld, add_arr1_text.m1;
expression E;
position pa : script:python(m1) { so_array_has(pa[0], "ins1-brace", m1) };
@@
struct file_operations fops[...] = { ..., { ..., .fld = E@pa,
+ m1,
  ... }, ... };

@depends on so_file && patch@
identifier add_arr2.fops, add_arr2.fld, add_arr2_text.m1, add_arr2_text.m2;
expression E;
position pa : script:python(m1) { so_array_has(pa[0], "ins2-brace", m1) };
@@
struct file_operations fops[...] = { ..., { ..., .fld = E@pa,
+ m1,
+ m2,
  ... }, ... };

@depends on so_file && patch@
identifier add_des1.fops, add_des1.fld, add_des1_text.m1;
expression E, N;
position pa : script:python(m1) { so_array_has(pa[0], "ins1-desig", m1) };
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa,
+ m1,
  ... }, ... };

@depends on so_file && patch@
identifier add_des2.fops, add_des2.fld, add_des2_text.m1, add_des2_text.m2;
expression E, N;
position pa : script:python(m1) { so_array_has(pa[0], "ins2-desig", m1) };
@@
struct file_operations fops[...] = { ..., [N] = { ..., .fld = E@pa,
+ m1,
+ m2,
  ... }, ... };

@depends on so_file && patch@
identifier fops;
expression E;
position p : script:python() { so_array_at(p[0], "drop-brace") };
@@
struct file_operations fops[...] = { ..., { ...,
- .llseek = E@p,
  ... }, ... };

@depends on so_file && patch@
identifier fops;
expression E, N;
position p : script:python() { so_array_at(p[0], "drop-desig") };
@@
struct file_operations fops[...] = { ..., [N] = { ...,
- .llseek = E@p,
  ... }, ... };

@depends on so_file && patch@
identifier repl_arr.fops, repl_arr_text.m1;
expression E;
position p : script:python(m1) { so_array_has(p[0], "repl-brace", m1) };
@@
struct file_operations fops[...] = { ..., { ...,
- .llseek = E@p,
+ m1,
  ... }, ... };

@depends on so_file && patch@
identifier repl_des.fops, repl_des_text.m1;
expression E, N;
position p : script:python(m1) { so_array_has(p[0], "repl-desig", m1) };
@@
struct file_operations fops[...] = { ..., [N] = { ...,
- .llseek = E@p,
+ m1,
  ... }, ... };

// Plain file_operations, by name.

@depends on so_file && patch@
symbol nonseekable_open;
identifier fops : script:python() { so_plain(fops, "value-swap") };
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

@depends on so_file && patch@
symbol noop_llseek;
identifier fops : script:python() { so_plain(fops, "noop") };
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

@depends on so_file && patch@
identifier fops : script:python() { so_plain(fops, "drop") };
expression E;
@@
(
struct file_operations fops = { ...,
- .llseek = E,
  ... };
|
struct file_operations fops = { ...,
- llseek: E,
  ... };
)

@depends on so_file && patch@
identifier add_plain1.fops, add_plain1.fld, add_plain1_text.m1;
expression E;
@@
(
struct file_operations fops = { ..., .fld = E,
+ m1,
  ... };
|
struct file_operations fops = { ..., fld: E,
+ m1,
  ... };
)

@depends on so_file && patch@
identifier add_plain2.fops, add_plain2.fld, add_plain2_text.m1, add_plain2_text.m2;
expression E;
@@
(
struct file_operations fops = { ..., .fld = E,
+ m1,
+ m2,
  ... };
|
struct file_operations fops = { ..., fld: E,
+ m1,
+ m2,
  ... };
)

// Open methods that call neither opener.

@depends on so_file && patch@
identifier fn : script:python() { so_insert(fn, "return") };
identifier I, F, opener_name.opener_id;
@@
fn(struct inode *I, struct file *F)
{
<...
- return 0;
+ return opener_id(I, F);
...>
}

@depends on so_file && patch@
identifier fn : script:python() { so_insert(fn, "first") };
identifier I, F, opener_name.opener_id;
statement S1, S2;
@@
fn(struct inode *I, struct file *F)
{
... when != S1
+ opener_id(I, F);
S2
... when any
}

// ------------------------------------------------------------------------
// context: one rule for each kind of place, so that no declaration or
// function is marked by two rules.

@depends on so_file && context@
identifier op = nonseekable_open;
position p : script:python() { so_marked(p[0]) };
@@
* op@p

@depends on so_file && context@
identifier fn;
position p : script:python() { so_marked(p[0]) };
@@
* fn@p(...)
  { ... }

@depends on so_file && context@
identifier fops;
position p : script:python() { so_marked(p[0]) };
@@
struct file_operations
* fops@p
  = { ... };

@depends on so_file && context@
identifier fops;
initializer I;
position p : script:python() { so_marked(p[0]) };
@@
struct file_operations fops[...] = { ...,
* I@p
  , ... };

// ------------------------------------------------------------------------
// org and report

@script:python depends on so_file && org@
@@
for (p, msg) in so_messages():
    coccilib.org.print_todo(p, msg)

@script:python depends on so_file && report@
@@
for (p, msg) in so_messages():
    coccilib.report.print_report(p, msg)

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
//# A function is a read, write, readv or writev method when a member of
//# that name in an initializer of any struct (struct file_operations,
//# struct proc_ops as proc_read and so on, struct snd_info_entry_ops, a
//# driver's own table) names it and it takes a struct file * and a
//# loff_t * position; positional initializers count for struct
//# file_operations only.  A function that nothing in its file refers to is
//# one when its signature is (struct file *, ..., ..., loff_t *).  There
//# every f_pos of the method's own file becomes *ppos and &file->f_pos
//# becomes ppos, under the method's own parameter names.  In an aio_read,
//# aio_write, read_iter or write_iter method, iocb->ki_filp->f_pos, also
//# through a struct file variable set from iocb->ki_filp, becomes
//# iocb->ki_pos.
//#
//# Anywhere else, a call given &file->f_pos as a statement of its own or
//# as the initializer of a declaration followed by a statement (a write
//# method writing to another file, as the tty core's console redirection
//# did, vfs_read() of a file the driver opened itself) gets a local
//# loff_t copy that is stored back after the call.
//#
//# Left alone: llseek and readdir methods (llseek, readdir, iterate,
//# iterate_shared of any table, or by signature), which own f_pos; the
//# open and release methods' own file, which nothing else uses while they
//# run; stream-only read and write methods, which refuse any position
//# (`if (ppos) return -ESPIPE;`, as after stream_open()) and keep their
//# own offset in f_pos; and the VFS core, the files directly in fs/.  A
//# comparison with &file->f_pos is a pread refusal, nonseekable_open's
//# business.  A call given &file->f_pos in a condition, a return or
//# another expression is reported, not converted.
//#
//# -D vfs_hands_f_pos says the tree is older than 2.6.8; it changes only
//# how the messages explain why f_pos is wrong there.
//#
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Comments: The method and its table must be in the same file.  Arrays
//  of operations tables are not looked at.
// Options: --no-includes --include-headers
// Keywords: f_pos, ppos, ki_pos, vfs_read, vfs_write, file_operations
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.
#spatch --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual vfs_hands_f_pos

@initialize:python@
@@
import os
import re

# The tree predates 2.6.8 (-D vfs_hands_f_pos): read() and write() still
# hand their methods &file->f_pos itself.
HANDS_F_POS = False

def before_copies():
    return HANDS_F_POS

# struct file_operations members in declaration order, for positional
# initializers.
FOPS_MEMBERS = ["owner", "llseek", "read", "aio_read", "write", "aio_write",
                "readdir", "poll", "ioctl", "mmap", "open", "flush",
                "release", "fsync", "fasync", "lock", "readv", "writev",
                "read_iter", "write_iter"]
RW_ROLES = ("read", "write", "readv", "writev")
KIO_ROLES = ("aio_read", "aio_write", "read_iter", "write_iter")
SEEK_ROLES = ("llseek",)
DIR_ROLES = ("readdir", "iterate", "iterate_shared")
ALONE_ROLES = ("open", "release")
STREAM_REFUSAL = re.compile(r"-\s*ESPIPE\b")

DESIGNATED = re.compile(r"^\.\s*(\w+)\s*=\s*(.*)$", re.S)
GNU_STYLE = re.compile(r"^(\w+)\s*:\s*(.*)$", re.S)
FUNCTION = re.compile(r"^\(?\s*&?\s*(\w+)\s*\)?$")
IDENT = re.compile(r"[A-Za-z_]\w*")
COMMENT_OR_STRING = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", re.S)
DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)", re.M)

class FileState(object):
    """What the rules find in one file.  Functions are keyed by name,
    places by (line, column) in the file as read, which hold in a function
    until a rule changes it."""
    def __init__(self, path):
        self.path = path
        self.vfs_core = (os.path.basename(os.path.dirname(os.path.normpath(path)))
                         == "fs")
        self.named = {}		# function -> [(member, table)] naming it
        self.file_params = {}	# function -> its struct file * parameters
        self.ppos_params = {}	# function -> its loff_t * parameters
        self.pos_values = set()	# functions with a loff_t or long long parameter
        self.kiocbs = {}	# function -> its struct kiocb * parameter
        self.alone_files = {}	# function -> F of (struct inode *, struct file *F)
        self.by_shape = {}	# function -> "rw", "kio" or "owner" by signature
        self.shape_rw = {}	# function -> (file, position) of the rw signature
        self.referenced = set()	# functions used other than by their definition
        self.stream_only = set()	# functions refusing any position
        self.aliases = {}	# function -> [(kiocb, variable)] from ki_filp
        self.decided = {}	# function -> its method record, "owner" or None
        self.excluded = set()	# places: f_pos in comparisons, call arguments
        self.excluded_cmp = set()	# places: f_pos in comparisons
        self.convertible = {}	# places: call arguments -> "stmt" or "init"
        self.fixes = {}		# places: f_pos to replace -> ("rw" or "kio", name)
        self.copy_names = {}	# function -> the name of its copy of f_pos
        self.writes = set()	# places: f_pos written to
        self.messages = {}	# places -> report text
        self.emitted = set()	# places already printed
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = f.read()

st = None

def start(p):
    """Called on each f_pos before anything else looks at its file."""
    global st
    if st is None or st.path != p.file:
        st = FileState(p.file)

def where(p):
    return (p.line, p.column)

def compact(text):
    return re.sub(r"\s+", "", str(text))

def show(text):
    return re.sub(r"\s*(->|\.)\s*", r"\1", str(text))

def record_table(struct, table, inits):
    for index, init in enumerate(inits):
        text = str(init).strip()
        m = DESIGNATED.match(text) or GNU_STYLE.match(text)
        if m:
            member, value = m.group(1), m.group(2)
        elif struct == "file_operations" and index < len(FOPS_MEMBERS):
            member, value = FOPS_MEMBERS[index], text
        else:
            continue
        if struct == "proc_ops" and member.startswith("proc_"):
            member = "llseek" if member == "proc_lseek" else member[len("proc_"):]
        f = FUNCTION.match(value.strip())
        if f:
            st.named.setdefault(f.group(1), []).append((member, table))

def role(fn, roles):
    for member, table in st.named.get(fn, []):
        if member in roles:
            return member, table
    return None, None

def decide(fn):
    """What the function is: a dict for read/write ("rw") and aio/iter
    ("kio") methods, "owner" for functions whose f_pos is their own, or
    None."""
    if fn in st.decided:
        return st.decided[fn]
    m = None
    files = st.file_params.get(fn, [])
    if st.vfs_core:
        m = "owner"
    elif fn in st.named:
        member, table = role(fn, RW_ROLES)
        if member and files and st.ppos_params.get(fn):
            m = {"kind": "rw", "role": member, "table": table,
                 "file": [files[0]], "pos": st.ppos_params[fn][-1]}
        member, table = role(fn, KIO_ROLES)
        if m is None and member and fn in st.kiocbs:
            m = {"kind": "kio", "role": member, "table": table,
                 "file": [st.kiocbs[fn] + "->ki_filp"], "pos": st.kiocbs[fn]}
        if m is None and files and (role(fn, SEEK_ROLES)[0] and fn in st.pos_values
                                    or role(fn, DIR_ROLES)[0]):
            m = "owner"
    elif fn not in st.referenced and fn in st.by_shape:
        kind = st.by_shape[fn]
        if kind == "rw":
            m = {"kind": "rw", "role": None, "table": None,
                 "file": [st.shape_rw[fn][0]], "pos": st.shape_rw[fn][1]}
        elif kind == "kio":
            m = {"kind": "kio", "role": None, "table": None,
                 "file": [st.kiocbs[fn] + "->ki_filp"], "pos": st.kiocbs[fn]}
        else:
            m = "owner"
    if isinstance(m, dict) and m["kind"] == "rw" and fn in st.stream_only:
        m = "owner"
    if isinstance(m, dict) and m["kind"] == "kio":
        for kiocb, var in st.aliases.get(fn, []):
            if kiocb == m["pos"]:
                m["file"].append(var)
    st.decided[fn] = m
    return m

def method(fn):
    m = decide(fn)
    return m if isinstance(m, dict) else None

def owns_fpos(fn):
    return decide(fn) == "owner"

def alone(fn, x):
    """X is the file of an open or release method, which nothing else uses
    while it runs."""
    return (st.alone_files.get(fn) == compact(x) and
            any(member in ALONE_ROLES for member, table in st.named.get(fn, [])))

def own_file(fn, x):
    """The method record when X is the file the method was given."""
    m = method(fn)
    return m if m is not None and compact(x) in m["file"] else None

def describe(fn):
    m = method(fn)
    if m["table"]:
        return "%s, the %s method of %s" % (fn, m["role"], m["table"])
    return "%s, a %s method by its signature" % (
        fn, "read or write" if m["kind"] == "rw" else "aio or iter")

def method_addr(fn, x):
    """What a method passes for &X->f_pos of its own file, or None."""
    m = own_file(fn, x)
    if m is None:
        return None
    return m["pos"] if m["kind"] == "rw" else "&%s->ki_pos" % m["pos"]

def place_fix(p, kind):
    """The parameter, ppos or iocb, that replaces the f_pos at p.  A rule
    that changes a function renumbers its lines, so this holds only in
    functions no earlier rule has changed: each method gets one of the
    two kinds of fix only."""
    f = st.fixes.get(where(p))
    return f[1] if f is not None and f[0] == kind else None

def copy_ok(fn, x):
    """&X->f_pos handed to a call in function fn gets a copy: the VFS core,
    llseek and readdir methods, open and release methods with their own
    file, and methods with theirs (ppos, iocb->ki_pos) are left out."""
    return not owns_fpos(fn) and not alone(fn, x) and own_file(fn, x) is None

def fresh_name(p):
    """pos, or another name that neither the function nor a macro of the
    file uses; the same for every copy in the function."""
    fn = p.current_element
    if fn not in st.copy_names:
        lines = st.text.split("\n")
        body = "\n".join(lines[int(p.current_element_line) - 1:
                               int(p.current_element_line_end)])
        used = set(IDENT.findall(COMMENT_OR_STRING.sub(" ", body)))
        used.update(DEFINE.findall(st.text))
        names = ["pos", "fpos", "file_pos"] + ["pos%d" % n for n in range(2, 100)]
        st.copy_names[fn] = next(n for n in names if n not in used)
    return st.copy_names[fn]

# A script rule that drops every match it is given leaves no environment
# for the rules after it, which then do not run at all; the scripts below
# name this identifier, which matches nothing, instead.
NOTHING = "safeseek_no_such_name"

def nothing():
    return cocci.make_ident(NOTHING)

def warn(text):
    return "WARNING: " + text

def emit(p, printer):
    key = where(p)
    if key in st.messages and key not in st.emitted:
        st.emitted.add(key)
        printer(p, st.messages[key])

// Every rule below needs an f_pos somewhere in the file, so that files
// without one are not even parsed.

@fpos_file@
expression X;
position p;
@@
X->f_pos@p

// The tree's era (-D NAME), read once a file is worth parsing: a rule
// that needs no word of the file would have spatch parse every file.

@script:python depends on fpos_file && vfs_hands_f_pos@
@@
HANDS_F_POS = True

@script:python depends on fpos_file@
p << fpos_file.p;
@@
start(p[0])

// ------------------------------------------------------------------------
// Which functions are methods.  First the facts, each found in one pass
// over the file: the operations tables and what their members name, the
// parameters of each function, the signatures that make a method of a
// function nothing refers to.  decide() puts them together when a place
// is first looked at.

@tables depends on fpos_file@
identifier struct_name, table;
initializer list inits;
@@
struct struct_name table = { inits };

@script:python depends on fpos_file@
struct_name << tables.struct_name;
table << tables.table;
inits << tables.inits;
@@
record_table(str(struct_name), str(table), inits)

@with_file depends on fpos_file@
identifier fn, F;
type T;
@@
T fn(..., struct file *F, ...) { ... }

@script:python depends on fpos_file@
fn << with_file.fn;
F << with_file.F;
@@
st.file_params.setdefault(str(fn), []).append(str(F))

@with_ppos depends on fpos_file@
identifier fn, P;
type T;
@@
T fn(..., loff_t *P, ...) { ... }

@script:python depends on fpos_file@
fn << with_ppos.fn;
P << with_ppos.P;
@@
st.ppos_params.setdefault(str(fn), []).append(str(P))

@with_pos depends on fpos_file@
identifier fn, x;
type T;
@@
(
T fn(..., loff_t x, ...) { ... }
|
T fn(..., long long x, ...) { ... }
)

@script:python depends on fpos_file@
fn << with_pos.fn;
@@
st.pos_values.add(str(fn))

@with_kiocb depends on fpos_file@
identifier fn, I, x1, x2, x3;
type T, T1, T2;
@@
(
T fn(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T fn(struct kiocb *I, struct iov_iter *x1) { ... }
)

@script:python depends on fpos_file@
fn << with_kiocb.fn;
I << with_kiocb.I;
@@
st.kiocbs[str(fn)] = str(I)
st.by_shape[str(fn)] = "kio"

@alone_shape depends on fpos_file@
identifier fn, I, F;
type T;
@@
T fn(struct inode *I, struct file *F) { ... }

@script:python depends on fpos_file@
fn << alone_shape.fn;
F << alone_shape.F;
@@
st.alone_files[str(fn)] = str(F)

@rw_shape depends on fpos_file@
identifier fn, F, P, x1, x2;
type T, T1, T2;
@@
T fn(struct file *F, T1 x1, T2 x2, loff_t *P) { ... }

@script:python depends on fpos_file@
fn << rw_shape.fn;
F << rw_shape.F;
P << rw_shape.P;
@@
st.by_shape[str(fn)] = "rw"
st.shape_rw[str(fn)] = (str(F), str(P))

@owner_shape depends on fpos_file@
identifier fn, F, x1, x2;
type T;
@@
(
T fn(struct file *F, loff_t x1, int x2) { ... }
|
T fn(struct file *F, void *x1, filldir_t x2) { ... }
|
T fn(struct file *F, struct dir_context *x1) { ... }
)

@script:python depends on fpos_file@
fn << owner_shape.fn;
@@
st.by_shape[str(fn)] = "owner"

// A signature alone makes a method only of a function nothing refers to;
// only the functions that no table names are looked up.

@shaped depends on fpos_file@
identifier fn, F, I, P, x1, x2, x3;
type T, T1, T2;
@@
(
T fn(struct file *F, T1 x1, T2 x2, loff_t *P) { ... }
|
T fn(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T fn(struct kiocb *I, struct iov_iter *x1) { ... }
|
T fn(struct file *F, loff_t x1, int x2) { ... }
|
T fn(struct file *F, void *x1, filldir_t x2) { ... }
|
T fn(struct file *F, struct dir_context *x1) { ... }
)

@script:python unnamed depends on fpos_file@
fn << shaped.fn;
un;
@@
coccinelle.un = nothing() if str(fn) in st.named else cocci.make_ident(str(fn))

@ref depends on fpos_file@
identifier unnamed.un;
position p;
@@
un@p

@script:python depends on fpos_file@
un << unnamed.un;
p << ref.p;
@@
st.referenced.add(str(un))

// A method that refuses any position, `if (ppos) return -ESPIPE;`, serves
// only stream files (stream_open()), to which read() and write() pass none:
// it keeps its own offset in f_pos, and *ppos there would be a NULL
// dereference.  Only the if statements testing a loff_t * parameter's
// name are looked at.

@refusal depends on fpos_file@
identifier with_ppos.P;
statement S;
position pi;
@@
(
if (P@pi) S
|
if (P@pi != NULL) S
|
if (unlikely(P@pi)) S
)

@script:python depends on fpos_file@
P << with_ppos.P;
S << refusal.S;
p << refusal.pi;
@@
if (STREAM_REFUSAL.search(str(S)) is not None and
        str(P) in st.ppos_params.get(p[0].current_element, [])):
    st.stream_only.add(p[0].current_element)

// An aio or iter method often names its file first:
//	struct file *file = iocb->ki_filp;

@alias_decl depends on fpos_file@
identifier A, I;
position pa;
@@
struct file *A@pa = I->ki_filp;

@script:python depends on fpos_file@
A << alias_decl.A;
I << alias_decl.I;
p << alias_decl.pa;
@@
st.aliases.setdefault(p[0].current_element, []).append((str(I), str(A)))

@alias_set depends on fpos_file@
identifier A, I;
position pa;
@@
A@pa = I->ki_filp

@script:python depends on fpos_file@
A << alias_set.A;
I << alias_set.I;
p << alias_set.pa;
@@
st.aliases.setdefault(p[0].current_element, []).append((str(I), str(A)))

// ------------------------------------------------------------------------
// Where f_pos is touched.  A comparison with &file->f_pos is a pread
// refusal, nonseekable_open.cocci's business, and no use of f_pos.

@cmp depends on fpos_file@
expression E, X;
position pc;
@@
\( E != &X->f_pos@pc \| &X->f_pos@pc != E \| E == &X->f_pos@pc \| &X->f_pos@pc == E \)

@script:python depends on fpos_file@
p << cmp.pc;
@@
st.excluded.add(where(p[0]))
st.excluded_cmp.add(where(p[0]))

// Calls patch mode can give a copy: statements of their own, and the
// initializer of a declaration that a statement follows, where the copy
// can be declared just before and stored back just after.

@stmt_call depends on fpos_file@
expression X, fe, E;
expression list es1, es2;
assignment operator aop;
position pa;
@@
(
  fe(es1, &X->f_pos@pa, es2);
|
  E aop fe(es1, &X->f_pos@pa, es2);
)

@script:python depends on fpos_file@
p << stmt_call.pa;
@@
st.convertible[where(p[0])] = "stmt"

@init_call depends on fpos_file@
expression X, fe;
expression list es1, es2;
type T;
identifier v;
statement S;
position pa;
@@
  T v = fe(es1, &X->f_pos@pa, es2);
  S

@script:python depends on fpos_file@
p << init_call.pa;
@@
st.convertible[where(p[0])] = "init"

@callarg depends on fpos_file@
expression X, fe;
expression list es1, es2;
position pa;
@@
fe(es1, &X->f_pos@pa, es2)

@script:python depends on fpos_file@
X << callarg.X;
fe << callarg.fe;
p << callarg.pa;
@@
fn = p[0].current_element
st.excluded.add(where(p[0]))
addr = method_addr(fn, X)
if owns_fpos(fn) or alone(fn, X) or where(p[0]) in st.excluded_cmp:
    pass
elif addr is not None:
    st.messages[where(p[0])] = warn("%s passes &%s->f_pos to %s: pass %s" % (
        describe(fn), show(X), show(fe), addr))
elif where(p[0]) in st.convertible:
    st.messages[where(p[0])] = warn(
        "%s passes &%s->f_pos to %s: pass a copy of the position and "
        "store it back" % (fn, show(X), show(fe)))
else:
    st.messages[where(p[0])] = warn(
        "%s passes &%s->f_pos to %s: pass a copy of the position and "
        "store it back (by hand: the call is not a statement of its own)"
        % (fn, show(X), show(fe)))

@acc_write depends on fpos_file@
expression X, E;
assignment operator aop;
position q;
@@
\( X->f_pos@q aop E \| X->f_pos@q++ \| X->f_pos@q-- \| ++X->f_pos@q \| --X->f_pos@q \)

@script:python depends on fpos_file@
q << acc_write.q;
@@
st.writes.add(where(q[0]))

@acc depends on fpos_file@
expression X;
position q;
@@
X->f_pos@q

@script:python depends on fpos_file@
X << acc.X;
q << acc.q;
@@
m = own_file(q[0].current_element, X)
if m is not None and where(q[0]) not in st.excluded_cmp:
    st.fixes[where(q[0])] = (m["kind"], m["pos"])
    use = m["pos"] + "->ki_pos" if m["kind"] == "kio" else "*" + m["pos"]
    who = describe(q[0].current_element)
    if where(q[0]) in st.excluded:
        pass
    elif where(q[0]) in st.writes and before_copies():
        st.messages[where(q[0])] = warn(
            "%s writes %s->f_pos, not the position it was given (another "
            "under pread() and pwrite(), and a copy from Linux 2.6.8 on): "
            "use %s" % (who, show(X), use))
    elif where(q[0]) in st.writes:
        st.messages[where(q[0])] = warn(
            "%s writes %s->f_pos, which read() and write() overwrite with "
            "their own copy: use %s" % (who, show(X), use))
    else:
        st.messages[where(q[0])] = warn(
            "%s reads %s->f_pos, which is not the position under pread() and "
            "pwrite(): use %s" % (who, show(X), use))

// ------------------------------------------------------------------------
// context, org and report

@depends on fpos_file && context@
expression X;
position q : script:python() { where(q[0]) in st.messages };
@@
* X->f_pos@q

@script:python depends on fpos_file && org@
q << acc.q;
@@
emit(q[0], coccilib.org.print_todo)

@script:python depends on fpos_file && report@
q << acc.q;
@@
emit(q[0], coccilib.report.print_report)

// ------------------------------------------------------------------------
// patch: read, write, readv and writev methods use their position pointer,
// aio and iter methods iocb->ki_pos.  A rule that changes a function
// renumbers its lines, so the places found above hold only in functions
// no earlier rule has changed: each method gets one kind of fix only.

@depends on fpos_file && patch disable ptr_to_array@
expression X;
position q : script:python() { place_fix(q[0], "rw") is not None };
fresh identifier P = script:python(q) { place_fix(q[0], "rw") };
@@
(
- X->f_pos@q++
+ (*P)++
|
- X->f_pos@q--
+ (*P)--
|
- &X->f_pos@q
+ P
|
- X->f_pos@q
+ *P
)

@depends on fpos_file && patch disable ptr_to_array@
expression X;
position q : script:python() { place_fix(q[0], "kio") is not None };
fresh identifier I = script:python(q) { place_fix(q[0], "kio") };
@@
- X->f_pos@q
+ I->ki_pos

// patch: anywhere else, a call given &file->f_pos gets a copy of the
// position, stored back after the call.  The name of the copy is chosen
// here, where places still hold; the rules after go by function name.

@script:python copy depends on fpos_file && patch@
X << callarg.X;
p << callarg.pa;
fn;
nm;
@@
form = st.convertible.get(where(p[0]))
if form is not None and copy_ok(p[0].current_element, X):
    name = fresh_name(p[0])
if form == "stmt" and copy_ok(p[0].current_element, X):
    coccinelle.fn = cocci.make_ident(p[0].current_element)
    coccinelle.nm = cocci.make_ident(name)
else:
    coccinelle.fn = nothing()
    coccinelle.nm = nothing()

// A call that is a statement of its own: the copy is declared first in
// the function.

@depends on fpos_file && patch disable ptr_to_array@
expression X, fe, E;
expression list es1, es2;
assignment operator aop;
position pa : script:python(X) { copy_ok(pa[0].current_element, X) };
fresh identifier nm = script:python(pa) { st.copy_names[pa[0].current_element] };
@@
(
+ nm = X->f_pos;
  fe(es1,
- &X->f_pos@pa
+ &nm
  , es2);
+ X->f_pos = nm;
|
+ nm = X->f_pos;
  E aop fe(es1,
- &X->f_pos@pa
+ &nm
  , es2);
+ X->f_pos = nm;
)

// The initializer of a declaration: the copy is declared just before it
// and stored back after the declarations.

@depends on fpos_file && patch disable ptr_to_array@
expression X, fe;
expression list es1, es2;
type T;
identifier v;
statement S;
position pa : script:python(X) { copy_ok(pa[0].current_element, X) };
fresh identifier nm = script:python(pa) { st.copy_names[pa[0].current_element] };
@@
+ loff_t nm = X->f_pos;
  T v = fe(es1,
- &X->f_pos@pa
+ &nm
  , es2);
+
+ X->f_pos = nm;
  S

// Where the function has declarations the copy goes before the first;
// where it has none, a blank line separates it from the statements.

@depends on fpos_file && patch@
identifier copy.fn, copy.nm, x;
type T;
@@
fn(...) {
+ loff_t nm;
(
  T x;
|
  T x = ...;
)
  ... when any
}

@depends on fpos_file && patch@
identifier copy.fn, copy.nm;
statement S;
@@
fn(...) {
+ loff_t nm;
+
  S
  ... when any
}

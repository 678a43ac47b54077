/// Make read and write methods use the position they are given instead of
/// file->f_pos, and make other code that hands &file->f_pos to a read or
/// write pass a copy of it.
///
/// Since Linux 2.6.8 read() and write() pass their method a copy of f_pos
/// and store the copy back afterwards, as sys_read() does:
///
///	loff_t pos = file_pos_read(file);
///	ret = vfs_read(file, buf, count, &pos);
///	file_pos_write(file, pos);
///
/// What a method writes to file->f_pos is then thrown away, and what it
/// reads there is not the position of a pread() or pwrite().  In each read,
/// write, readv and writev method (named so by a struct file_operations
/// initializer of its file, designated, GNU-style or positional, or, when
/// nothing in the file refers to it, by its signature) every f_pos of the
/// method's own file becomes *ppos and &file->f_pos becomes ppos, under the
/// method's own parameter names; file->f_pos++ becomes (*ppos)++.  In an
/// aio_read, aio_write, read_iter or write_iter method, iocb->ki_filp->f_pos
/// (also through a struct file variable set from iocb->ki_filp) becomes
/// iocb->ki_pos.  Anywhere else, a call statement that is given
/// &file->f_pos (vfs_read() of a file the driver opened itself, another
/// file's read method called directly) gets a local loff_t copy, declared
/// first in the function, that is stored back after the call.
///
/// llseek and readdir methods (.readdir, .iterate, .iterate_shared) own
/// f_pos and are left alone, and so are the open and release methods' own
/// file, which nothing else uses while they run, and stream-only read and
/// write methods, which refuse any position (`if (ppos) return -ESPIPE;`,
/// as after stream_open()) and keep their own offset in f_pos, and so is
/// the VFS core (the files directly in fs/).  A comparison with &file->f_pos
/// is a pread refusal, for nonseekable_open.cocci.  A call given
/// &file->f_pos that is not a statement of its own (in a condition, a
/// return or an initializer) is reported, not converted.
///
// Confidence: High
// Copyright: (C) 2026 The safeseek authors.
// Options: --no-includes --include-headers
// Keywords: f_pos, ppos, ki_pos, vfs_read, vfs_write, file_operations
// Requires: 1.1.0

// Plain spatch runs get the options make coccicheck passes.
#spatch --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os
import re

# struct file_operations members in declaration order, for positional
# initializers.
FOPS_MEMBERS = ["owner", "llseek", "read", "aio_read", "write", "aio_write",
                "readdir", "poll", "ioctl", "mmap", "open", "flush",
                "release", "fsync", "fasync", "lock", "readv", "writev",
                "read_iter", "write_iter"]
RW_ROLES = ("read", "write", "readv", "writev")
KIO_ROLES = ("aio_read", "aio_write", "read_iter", "write_iter")
FPOS_OWNERS = ("llseek", "readdir", "iterate", "iterate_shared")
STREAM_REFUSAL = re.compile(r"-\s*ESPIPE\b")

DESIGNATED = re.compile(r"^\.\s*(\w+)\s*=\s*(.*)$", re.S)
GNU_STYLE = re.compile(r"^(\w+)\s*:\s*(.*)$", re.S)
FUNCTION = re.compile(r"^\(?\s*&?\s*(\w+)\s*\)?$")

fops_roles = {}		# (file, function) -> [(member, fops variable)]
referenced = set()	# (file, function) used other than by its definition
methods = {}		# (file, function) -> what the messages need
fpos_owners = set()	# (file, function): llseek, readdir, stream-only methods
stream_only = set()	# (file, function) refusing any position
last_param = {}		# (file, function) -> name of its fourth and last parameter
own_file = {}		# (file, function) -> its struct file parameter, for open and release
alone = set()		# (file, line, column) of &file->f_pos where open or release was given file
excluded = set()	# (file, line, column) of f_pos in comparisons, call arguments
excluded_cmp = set()	# (file, line, column) of f_pos in comparisons
convertible = set()	# (file, line, column) of call arguments patch mode converts
names_used = {}		# (file, function) -> identifiers seen in it
writes = set()		# (file, line, column) of f_pos written to
messages = {}		# (file, line, column) -> report text
emitted = set()		# places already printed

def vfs_core(path):
    return os.path.basename(os.path.dirname(os.path.normpath(path))) == "fs"

def where(p):
    return (p.file, p.line, p.column)

def compact(text):
    return re.sub(r"\s+", "", str(text))

def show(text):
    return re.sub(r"\s*(->|\.)\s*", r"\1", str(text))

def record_fops(ops, inits, p):
    for index, init in enumerate(inits):
        text = str(init).strip()
        m = DESIGNATED.match(text) or GNU_STYLE.match(text)
        if m:
            member, value = m.group(1), m.group(2)
        elif index < len(FOPS_MEMBERS):
            member, value = FOPS_MEMBERS[index], text
        else:
            continue
        f = FUNCTION.match(value.strip())
        if f:
            key = (p.file, f.group(1))
            fops_roles.setdefault(key, []).append((member, ops))
            if member in FPOS_OWNERS:
                fpos_owners.add(key)

def decide(key, roles, shape_role):
    """The method role of a function, or None when it is not one."""
    named = fops_roles.get(key, [])
    if vfs_core(key[0]) or key in stream_only:
        return None
    for member, ops in named:
        if member in roles:
            return member
    if not named and key not in referenced:
        return shape_role
    return None

def refuses_any_position(p, cond, stmt):
    """if (ppos), if (ppos != NULL) or if (unlikely(ppos)) on a method's
    position parameter, returning -ESPIPE: the forms the checker knows."""
    param = last_param.get((p.file, p.current_element))
    return (param is not None and STREAM_REFUSAL.search(str(stmt)) is not None
            and compact(cond) in (param, param + "!=NULL", "unlikely(%s)" % param))

def record_method(p, kind, role, files, pos, addr):
    methods[(p.file, p.current_element)] = {
        "kind": kind, "role": role, "file": files, "pos": pos, "addr": addr}

def is_method(p, kind):
    m = methods.get((p.file, p.current_element))
    return m is not None and m["kind"] == kind

def describe(key):
    m = methods[key]
    named = [ops for member, ops in fops_roles.get(key, []) if member == m["role"]]
    if named:
        return "%s, the %s method of %s" % (key[1], m["role"], " and ".join(named))
    return "%s, a %s method by its signature" % (key[1], m["role"])

def copy_ok(p):
    key = (p.file, p.current_element)
    return not vfs_core(p.file) and key not in fpos_owners and where(p) not in alone

def note_names(p, name):
    names_used.setdefault((p.file, p.current_element), set()).add(str(name))

def fresh_name(p):
    used = names_used.get((p.file, p.current_element), set())
    for name in ("pos", "fpos", "file_pos"):
        if name not in used:
            return name
    n = 2
    while "pos%d" % n in used:
        n += 1
    return "pos%d" % n

def emit(p, printer):
    key = where(p)
    if key in messages and key not in emitted:
        emitted.add(key)
        printer(p, messages[key])

// Every rule below needs an f_pos somewhere in the file, so that files
// without one are not even parsed.

@fpos_file@
expression X;
@@
X->f_pos

// ------------------------------------------------------------------------
// Which functions are methods: the file_operations initializers of the
// file say so, or, for a function nothing in the file refers to, its
// signature does.

@fops depends on fpos_file@
identifier ops;
initializer list inits;
position p;
@@
struct file_operations ops@p = { inits };

@script:python depends on fpos_file@
ops << fops.ops;
inits << fops.inits;
p << fops.p;
@@
record_fops(ops, inits, p[0])

@cand depends on fpos_file@
identifier fn, F, G, I, x1, x2, x3;
type T, T1, T2;
position pd;
@@
(
T fn@pd(struct file *F, T1 x1, T2 x2, loff_t *x3) { ... }
|
T fn@pd(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T fn@pd(struct kiocb *I, struct iov_iter *x1) { ... }
|
T fn@pd(struct file *G, loff_t x1, int x2) { ... }
|
T fn@pd(struct file *G, void *x1, filldir_t x2) { ... }
)

@ref depends on fpos_file@
identifier cand.fn;
position p;
@@
fn@p

@script:python depends on fpos_file@
fn << cand.fn;
p << ref.p;
@@
referenced.add((p[0].file, fn))

// open and release run while nothing else uses their file, and the address
// of its f_pos may be kept as a key (hpfs lists the f_pos of its open
// directories): it is no position handed to a read, and gets no copy.

@open_release depends on fpos_file@
identifier fn, I, F;
type T;
position pd;
@@
T fn@pd(struct inode *I, struct file *F) { ... }

@script:python depends on fpos_file@
F << open_release.F;
p << open_release.pd;
@@
own_file[(p[0].file, p[0].current_element)] = str(F)

@own_address depends on fpos_file && open_release@
identifier F;
expression fe;
expression list es1, es2;
position pa;
@@
fe(es1, &F->f_pos@pa, es2)

@script:python depends on fpos_file@
F << own_address.F;
p << own_address.pa;
@@
key = (p[0].file, p[0].current_element)
if own_file.get(key) == str(F) and any(
        member in ("open", "release") for member, ops in fops_roles.get(key, [])):
    alone.add(where(p[0]))

// A method that refuses any position, `if (ppos) return -ESPIPE;`, serves
// only stream files (stream_open()), to which read() and write() pass none:
// it keeps its own offset in f_pos, and *ppos there would be a NULL
// dereference.  The test is found in two steps, the last parameter of each
// function and then every if statement: one pattern holding both, with
// <+... ...+> around the if, costs spatch seconds per file.

@four depends on fpos_file@
identifier fn, P, x0, x1, x2;
type T, T0, T1, T2, T3;
position pd;
@@
T fn@pd(T0 x0, T1 x1, T2 x2, T3 P) { ... }

@script:python depends on fpos_file@
P << four.P;
p << four.pd;
@@
last_param[(p[0].file, p[0].current_element)] = str(P)

@refusal depends on fpos_file && four@
expression E;
statement S;
position pi;
@@
if (E@pi) S

@script:python depends on fpos_file@
E << refusal.E;
S << refusal.S;
p << refusal.pi;
@@
if refuses_any_position(p[0], E, S):
    stream_only.add((p[0].file, p[0].current_element))
    fpos_owners.add((p[0].file, p[0].current_element))

@script:python depends on fpos_file@
fn << cand.fn;
F << cand.F;
P << cand.x3;
p << cand.pd;
@@
key = (p[0].file, fn)
role = decide(key, RW_ROLES, "read or write")
if role:
    record_method(p[0], "rw", role, [str(F)], "*" + str(P), str(P))

@script:python depends on fpos_file@
fn << cand.fn;
I << cand.I;
p << cand.pd;
@@
key = (p[0].file, fn)
role = decide(key, KIO_ROLES, "aio or iter")
if role:
    record_method(p[0], "kio", role, [str(I) + "->ki_filp"], str(I) + "->ki_pos", None)

@script:python depends on fpos_file@
fn << cand.fn;
G << cand.G;
p << cand.pd;
@@
# an llseek or readdir method by its signature
key = (p[0].file, fn)
if key not in fops_roles and key not in referenced:
    fpos_owners.add(key)

@rw depends on fpos_file@
identifier fn, F, P, x1, x2;
type T, T1, T2;
position pd : script:python() { is_method(pd[0], "rw") };
@@
T fn@pd(struct file *F, T1 x1, T2 x2, loff_t *P) { ... }

@kio depends on fpos_file@
identifier fn, I, x1, x2, x3;
type T, T1, T2;
position pd : script:python() { is_method(pd[0], "kio") };
@@
(
T fn@pd(struct kiocb *I, T1 x1, T2 x2, loff_t x3) { ... }
|
T fn@pd(struct kiocb *I, struct iov_iter *x1) { ... }
)

// An aio or iter method often names its file first:
//	struct file *file = iocb->ki_filp;

@kio_alias depends on fpos_file@
identifier kio.fn, kio.I, A;
position kio.pd;
@@
fn@pd(...) {
... when any
struct file *A = I->ki_filp;
... when any
}

@script:python depends on fpos_file@
A << kio_alias.A;
p << kio.pd;
@@
methods[(p[0].file, p[0].current_element)]["file"].append(str(A))

@kio_alias_set depends on fpos_file@
identifier kio.fn, kio.I, A;
position kio.pd;
@@
fn@pd(...) { <+...
A = I->ki_filp
...+> }

@script:python depends on fpos_file@
A << kio_alias_set.A;
p << kio.pd;
@@
methods[(p[0].file, p[0].current_element)]["file"].append(str(A))

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
excluded.add(where(p[0]))
excluded_cmp.add(where(p[0]))

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
convertible.add(where(p[0]))

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
excluded.add(where(p[0]))
key = (p[0].file, p[0].current_element)
m = methods.get(key)
if not copy_ok(p[0]):
    pass
elif m is not None and compact(X) in m["file"]:
    messages[where(p[0])] = "%s passes &%s->f_pos to %s: pass %s" % (
        describe(key), show(X), show(fe), m["addr"] or "&" + m["pos"])
elif where(p[0]) in convertible:
    messages[where(p[0])] = (
        "%s passes &%s->f_pos to %s: pass a copy of the position and store "
        "it back" % (key[1], show(X), show(fe)))
else:
    messages[where(p[0])] = (
        "%s passes &%s->f_pos to %s: pass a copy of the position and store "
        "it back (by hand: the call is not a statement of its own)"
        % (key[1], show(X), show(fe)))

@acc_write depends on fpos_file@
expression X, E;
assignment operator aop;
position q;
@@
\( X->f_pos@q aop E \| X->f_pos@q++ \| X->f_pos@q-- \| ++X->f_pos@q \| --X->f_pos@q \)

@script:python depends on fpos_file@
q << acc_write.q;
@@
writes.add(where(q[0]))

@acc depends on fpos_file@
expression X;
position q;
@@
X->f_pos@q

@script:python depends on fpos_file@
X << acc.X;
q << acc.q;
@@
key = (q[0].file, q[0].current_element)
m = methods.get(key)
if m is None or where(q[0]) in excluded or compact(X) not in m["file"]:
    pass
elif where(q[0]) in writes:
    messages[where(q[0])] = (
        "%s writes %s->f_pos, which read() and write() overwrite with their "
        "own copy: use %s" % (describe(key), show(X), m["pos"]))
else:
    messages[where(q[0])] = (
        "%s reads %s->f_pos, which is not the position under pread() and "
        "pwrite(): use %s" % (describe(key), show(X), m["pos"]))

// ------------------------------------------------------------------------
// context, org and report

@depends on fpos_file && context@
expression X;
position q : script:python() { where(q[0]) in messages };
@@
* X->f_pos@q

@script:python depends on fpos_file && org@
q << acc.q;
@@
emit(q[0], coccilib.org.print_todo)

@script:python depends on fpos_file && org@
p << callarg.pa;
@@
emit(p[0], coccilib.org.print_todo)

@script:python depends on fpos_file && report@
q << acc.q;
@@
emit(q[0], coccilib.report.print_report)

@script:python depends on fpos_file && report@
p << callarg.pa;
@@
emit(p[0], coccilib.report.print_report)

// ------------------------------------------------------------------------
// patch: read, write, readv and writev methods use their position pointer

@depends on fpos_file && patch@
identifier rw.fn, rw.F, rw.P;
@@
fn(...) { <...
(
- F->f_pos++
+ (*P)++
|
- F->f_pos--
+ (*P)--
)
...> }

@depends on fpos_file && patch@
identifier rw.fn, rw.F, rw.P;
position q : script:python() { where(q[0]) not in excluded_cmp };
@@
fn(...) { <...
- &F->f_pos@q
+ P
...> }

@depends on fpos_file && patch@
identifier rw.fn, rw.F, rw.P;
position q : script:python() { where(q[0]) not in excluded_cmp };
@@
fn(...) { <...
- F->f_pos@q
+ *P
...> }

// patch: aio and iter methods use iocb->ki_pos

@depends on fpos_file && patch@
identifier kio.fn, kio.I;
position q : script:python() { where(q[0]) not in excluded_cmp };
@@
fn(...) { <...
- I->ki_filp->f_pos@q
+ I->ki_pos
...> }

@depends on fpos_file && patch@
identifier kio.fn, kio.I, kio_alias.A;
position q : script:python() { where(q[0]) not in excluded_cmp };
@@
fn(...) { <...
- A->f_pos@q
+ I->ki_pos
...> }

@depends on fpos_file && patch@
identifier kio.fn, kio.I, kio_alias_set.A;
position q : script:python() { where(q[0]) not in excluded_cmp };
@@
fn(...) { <...
- A->f_pos@q
+ I->ki_pos
...> }

// patch: anywhere else, a call given &file->f_pos gets a copy of the
// position, stored back after the call

@copy_site depends on fpos_file && patch@
expression X, fe, E;
expression list es1, es2;
assignment operator aop;
position pa : script:python() { copy_ok(pa[0]) };
@@
(
  fe(es1, &X->f_pos@pa, es2);
|
  E aop fe(es1, &X->f_pos@pa, es2);
)

@copy_names depends on fpos_file && copy_site@
identifier i;
position pi;
@@
i@pi

@script:python depends on fpos_file@
i << copy_names.i;
p << copy_names.pi;
@@
note_names(p[0], i)

@copy_decls depends on fpos_file && copy_site@
identifier i;
type T;
position pi;
@@
T i@pi;

@script:python depends on fpos_file@
i << copy_decls.i;
p << copy_decls.pi;
@@
note_names(p[0], i)

@script:python copy depends on fpos_file@
p << copy_site.pa;
fn;
nm;
@@
coccinelle.fn = cocci.make_ident(p[0].current_element)
coccinelle.nm = cocci.make_ident(fresh_name(p[0]))

@depends on fpos_file && patch@
expression X, fe, E;
expression list es1, es2;
assignment operator aop;
position copy_site.pa;
identifier copy.nm;
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

// The copy is declared first in the function; where the function has no
// declarations, a blank line separates it from the statements.

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

# SPDX-License-Identifier: GPL-2.0-only
"""The kernel version decides what findings advise.

usage: test_kernel_version.py CHECKER CORPUS

A file's version is that of the nearest Makefile above it setting VERSION
and PATCHLEVEL (corpus/modern/vX.Y), or --kernel=X.Y.  Checked here:
  - no message names no_llseek for a file of the 6.12 tree, in a scan, with
    a compile database (-p) or in Kbuild's CHECK= mode; --kernel=6.1 on the
    same file brings it back (so the checks can fail);
  - --kernel=6.12 takes no_llseek out of the messages on an old file, whose
    unknown version otherwise names it as "before Linux 6.12";
  - --kernel=5.1 advises nonseekable_open() and never stream_open(), which
    --kernel=5.2 and the 5.10 tree advise;
  - lseek() is said to succeed without .llseek only before 2.6.37;
  - the findings themselves (rule, line) never depend on the version;
  - --print-flags reports each file's version, null when unknown;
  - a bad --kernel value is a usage error naming it, exit 2.
"""

import json
import os
import sys

from checklib import Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
corpus = os.path.realpath(sys.argv[2])

MODERN = os.path.join(corpus, "modern")
NEW = os.path.join(MODERN, "v6.12", "drivers", "char", "evq_noopen.c")
MID = os.path.join(MODERN, "v5.10", "drivers", "char", "ctl_open.c")
OLDTREE = os.path.join(MODERN, "v4.19", "drivers", "char", "return_open.c")
# No Makefile above it: its version is unknown.
OLD = os.path.join(corpus, "sound", "oss", "opl_seq.c")


def findings(*args):
    rc, out, err = c.run("--format=json", "-q", *args)
    c.expect(rc in (0, 1), "%s: exit 0 or 1 (%d): %r" % (" ".join(args), rc, err))
    try:
        return json.loads(out)["findings"]
    except ValueError:
        c.expect(False, "%s: a JSON report: %r" % (" ".join(args), out[:200]))
        return []


def messages(found):
    return [f["message"] for f in found]


def places(found):
    return sorted((f["file"], f["line"], f["rule"]) for f in found)


def naming(found, word):
    return [m for m in messages(found) if word in m]


# The 6.12 tree: findings there, none naming no_llseek.
tree = findings(os.path.join(MODERN, "v6.12"))
c.expect(any(f["rule"] == "pread-hole" for f in tree),
         "the 6.12 tree has a pread-hole finding (a .llseek refusing lseek): %r" % places(tree))
c.expect(not naming(tree, "no_llseek"),
         "no message on the 6.12 tree names no_llseek: %r" % naming(tree, "no_llseek"))
older = findings("--kernel=6.1", NEW)
c.expect(naming(older, "no_llseek"),
         "--kernel=6.1 on the 6.12 tree's file names no_llseek again: %r" % messages(older))
c.expect(places(older) == places(findings(NEW)), "the version changes no finding on %s" % NEW)

# An old file: unknown version, so no_llseek only "before Linux 6.12".
unknown = findings(OLD)
c.expect(any("no_llseek (before Linux 6.12" in m for m in messages(unknown)),
         "unknown version: no_llseek is named for kernels before 6.12: %r" % messages(unknown))
new = findings("--kernel=6.12", OLD)
c.expect(new and not naming(new, "no_llseek"),
         "--kernel=6.12 on an old file: no message names no_llseek: %r" % messages(new))
c.expect(any("drop .llseek" in m for m in messages(new)),
         "--kernel=6.12 says to drop .llseek: %r" % messages(new))
c.expect(places(new) == places(unknown), "--kernel changes no finding on %s" % OLD)

# stream_open() from 5.2, nonseekable_open() before.
for path in (OLD, MID):
    before = findings("--kernel=5.1", path)
    c.expect(before and not naming(before, "stream_open"),
             "--kernel=5.1 on %s: no message advises stream_open(): %r"
             % (path, naming(before, "stream_open")))
    c.expect(naming(before, "nonseekable_open()"),
             "--kernel=5.1 on %s: nonseekable_open() is advised: %r" % (path, messages(before)))
    c.expect(naming(findings("--kernel=5.2", path), "stream_open()"),
             "--kernel=5.2 on %s advises stream_open()" % path)
c.expect(naming(findings(MID), "stream_open()"), "the 5.10 tree's file is advised stream_open()")

# lseek() succeeded on a file without .llseek only before 2.6.37 (default_llseek).
LSEEK_TOO = "and lseek() succeed"
c.expect(naming(findings("--kernel=2.6.36", MID), LSEEK_TOO),
         "--kernel=2.6.36: without .llseek, lseek() succeeds too")
c.expect(not naming(findings("--kernel=2.6.37", MID), "lseek() succeed")
         and not naming(findings("--kernel=6.0", MID), "lseek() succeed"),
         "--kernel=2.6.37 and 6.0: lseek() is not said to succeed")
c.expect(any("lseek() too before Linux 2.6.37" in m for m in messages(findings(
    os.path.join(corpus, "drivers")))), "unknown version: lseek() only before 2.6.37")
c.expect(not naming(findings(OLDTREE), "stream_open"), "the 4.19 tree's file is not")

# The compile database and Kbuild's CHECK= mode find the tree the same way.
d = tempdir()
try:
    build = os.path.join(d, "build")
    cmd = ["gcc", "-nostdinc", "-I", os.path.join(corpus, "include"), "-D__KERNEL__",
           "-c", NEW]
    write(os.path.join(build, "compile_commands.json"),
          json.dumps([{"directory": corpus, "file": NEW, "arguments": cmd}]))
    db = findings("-p", build, "--headers=real", NEW)
    c.expect(db and not naming(db, "no_llseek"),
             "-p: no message on the 6.12 tree's file names no_llseek: %r" % messages(db))

    kbuild = ["-nostdinc", "-I", os.path.join(corpus, "include"), "-D__KERNEL__"]
    rc, out, err = c.run(*(kbuild + [NEW]))
    text = err.decode(errors="replace")
    c.expect("[pread-hole]" in text and "no_llseek" not in text,
             "Kbuild mode: findings on the 6.12 tree's file, none naming no_llseek: %r" % text)
    rc, out, err = c.run(*(kbuild + [MID]))
    c.expect(b"stream_open()" in err, "Kbuild mode: the 5.10 tree's file: stream_open(): %r" % err)
    rc, out, err = c.run(*(kbuild + ["--kernel=2.6.36", MID]))
    c.expect(b"and lseek() succeed" in err and b"stream_open" not in err,
             "Kbuild mode: --kernel=2.6.36 overrides the tree's version: %r" % err)
finally:
    cleanup(d)

# --print-flags: the version of each file, or null.
rc, out, err = c.run("--print-flags", NEW, MID, OLDTREE, OLD)
c.expect(rc == 0, "--print-flags: exit 0 (%r)" % err)
kernels = [f.get("kernel", "absent") for f in json.loads(out)["files"]] if rc == 0 else []
c.expect(kernels == ["6.12", "5.10", "4.19", None],
         "--print-flags reports each tree's version, null without one: %r" % kernels)
rc, out, err = c.run("--print-flags", "--kernel=5.1", NEW, OLD)
kernels = [f.get("kernel") for f in json.loads(out)["files"]] if rc == 0 else []
c.expect(kernels == ["5.1", "5.1"], "--print-flags --kernel=5.1: every file 5.1: %r" % kernels)
rc, out, err = c.run("--print-flags", "--kernel=2.6.36", OLD)
kernels = [f.get("kernel") for f in json.loads(out)["files"]] if rc == 0 else []
c.expect(kernels == ["2.6.36"], "a 2.6 kernel keeps its sublevel: %r" % kernels)

# --print-flags: the era of each file, as the semantic patches are told it:
# the facts on which its VFS differs from today's, by the release that
# changed each (README's table); unknown without a version.
rc, out, err = c.run("--print-flags", NEW, MID, OLDTREE, OLD)
eras = [f.get("vfs") for f in json.loads(out)["files"]] if rc == 0 else []
c.expect(eras == [[], ["no_llseek_exists", "sysctl_mutable_table"],
                  ["no_llseek_exists", "no_stream_open", "sysctl_user_buffer",
                   "sysctl_mutable_table"], ["kernel_unknown"]],
         "--print-flags gives each tree's era: %r" % eras)
# (fact, the last release that has it, the release that changed it)
for fact, last, first in (("vfs_hands_f_pos", "2.6.7", "2.6.8"),
                          ("no_nonseekable_open", "2.6.7", "2.6.8"),
                          ("sysctl_no_ppos", "2.6.7", "2.6.8"),
                          ("sysctl_filp", "2.6.31", "2.6.32"),
                          ("missing_llseek_seeks", "2.6.36", "2.6.37"),
                          ("no_f_pos_lock", "3.13", "3.14"),
                          ("no_stream_open", "5.1", "5.2"),
                          ("sysctl_user_buffer", "5.7", "5.8"),
                          ("sysctl_mutable_table", "6.10", "6.11"),
                          ("no_llseek_exists", "6.11", "6.12")):
    for k, has in ((last, True), (first, False)):
        rc, out, err = c.run("--print-flags", "--kernel=" + k, OLD)
        era = json.loads(out)["files"][0]["vfs"] if rc == 0 else None
        c.expect(era is not None and (fact in era) == has,
                 "--kernel=%s: %s %s its era: %r" % (k, fact, "in" if has else "not in", era))

# A file of the VFS core is named so too (`vfs_core`): one directly in the
# tree's fs/, not one in a filesystem's own directory.
CORE = os.path.join(corpus, "fs", "read_write.c")
FS = os.path.join(corpus, "fs", "ext2", "dir.c")
rc, out, err = c.run("--print-flags", CORE, FS)
eras = [f.get("vfs") for f in json.loads(out)["files"]] if rc == 0 else []
c.expect(eras == [["kernel_unknown", "vfs_core"], ["kernel_unknown"]],
         "--print-flags names fs/read_write.c, not fs/ext2/, of the VFS core: %r" % eras)

# A bad value: one line naming it (and the pointer to --help), exit 2.
for bad in ("abc", "6", "6.", "6.12x", "", "-1.2", "6.1.2.3"):
    for args in (("--kernel=" + bad, OLD), ("--print-flags", "--kernel=" + bad, OLD)):
        rc, out, err = c.run(*args)
        lines = err.decode(errors="replace").splitlines()
        c.expect(rc == 2 and out == b"", "%r: exit 2, nothing on stdout (%d)" % (args, rc))
        c.expect(len(lines) >= 1 and lines[0].startswith("safeseek-check: ")
                 and "'%s'" % bad in lines[0] and "--kernel" in lines[0]
                 and all(not l.startswith("safeseek-check: ") for l in lines[1:]),
                 "%r: one line naming the value: %r" % (args, lines))

c.finish()

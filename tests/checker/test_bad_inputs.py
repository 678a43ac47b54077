# SPDX-License-Identifier: GPL-2.0-only
"""An empty directory, a missing path, a binary .c, an unparsable file, an
unreadable file: one clear line each, the right exit status, and the other
files still checked."""

import json
import os
import sys

from checklib import BUGGY, BUGGY_LINE, Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
d = tempdir()
try:
    good = os.path.join(d, "tree", "good.c")
    write(good, BUGGY)
    empty = os.path.join(d, "empty")
    os.makedirs(os.path.join(empty, "sub"))
    write(os.path.join(empty, "notes.txt"), "f_pos\n")
    binary = os.path.join(d, "tree", "blob.c")
    write(binary, b"\x7fELF\x00\x01f_pos\x00\x00", "wb")
    garbage = os.path.join(d, "tree", "garbage.c")
    write(garbage, "this is }} not C (( at all x->f_pos\n")
    missing = os.path.join(d, "no-such-file.c")

    def lines_about(err, path):
        return [l for l in err.decode(errors="replace").splitlines()
                if l.startswith("safeseek-check: " + path + ":")]

    # Each alone.
    rc, out, err = c.run("-q", empty)
    c.expect(rc == 0 and out == b"", "empty directory: exit 0, no report (%d)" % rc)
    c.expect(len(lines_about(err, empty)) == 1 and b"no .c or .h files" in err,
             "empty directory: one line saying so: %r" % err)

    rc, out, err = c.run("-q", missing)
    c.expect(rc == 2, "missing path: exit 2 (%d)" % rc)
    c.expect(len(lines_about(err, missing)) == 1 and b"No such file" in err,
             "missing path: one line naming it: %r" % err)

    rc, out, err = c.run("-q", binary)
    c.expect(rc == 2, "binary .c alone: nothing analysed, exit 2 (%d)" % rc)
    c.expect(len(lines_about(err, binary)) == 1 and b"binary" in err,
             "binary .c: one line saying it is binary: %r" % err)

    rc, out, err = c.run("-q", garbage)
    c.expect(rc == 2, "unparsable file alone: exit 2 (%d)" % rc)
    c.expect(len(lines_about(err, garbage)) == 1 and b"does not parse" in err,
             "unparsable file: one line saying so: %r" % err)

    # All together: the good file is still checked and reported.
    rc, out, err = c.run("-q", "--format=json", empty, missing, os.path.join(d, "tree"))
    doc = json.loads(out)
    c.expect(rc == 2, "missing path among others: exit 2 (%d)" % rc)
    c.expect([(f["file"], f["line"], f["rule"]) for f in doc["findings"]]
             == [(good, BUGGY_LINE, "rw-fpos")], "the good file is still reported: %s" % doc["findings"])
    c.expect(doc["files_analysed"] == 1 and doc["files_failed"] == 2,
             "counts: 1 analysed, 2 failed: %s" % {k: doc[k] for k in doc if k.startswith("files")})
    for p in (empty, missing, binary, garbage):
        c.expect(len(lines_about(err, p)) == 1, "one line about %s" % p)

    # Problems inside a tree do not change the status on their own ...
    rc, out, err = c.run("-q", os.path.join(d, "tree"))
    c.expect(rc == 1, "binary and unparsable files in a tree: findings still exit 1 (%d)" % rc)
    c.expect(out.decode().startswith(good + ":%d:" % BUGGY_LINE), "finding printed: %r" % out)
    # ... unless --strict.
    rc, out, err = c.run("-q", "--strict", os.path.join(d, "tree"))
    c.expect(rc == 2 and out.decode().startswith(good), "--strict: exit 2, findings still printed")

    # An unreadable file (not when running as root, who reads anything).
    if os.geteuid() != 0:
        locked = os.path.join(d, "tree", "locked.c")
        write(locked, BUGGY)
        os.chmod(locked, 0)
        rc, out, err = c.run("-q", os.path.join(d, "tree"))
        c.expect(len(lines_about(err, locked)) == 1 and b"Permission denied" in err,
                 "unreadable file: one line: %r" % err)
        c.expect(rc == 1, "unreadable file in a tree: the rest still reported (%d)" % rc)
        os.chmod(locked, 0o644)

    # A full disk, for every format, to -o FILE or to standard output: the
    # file and the cause named in one line, exit 2.
    if os.path.exists("/dev/full"):
        for fmt in ("text", "json", "sarif"):
            rc, out, err = c.run("-q", "--no-cache", "-o", "/dev/full", "--format=" + fmt, good)
            c.expect(rc == 2 and err.decode().splitlines()
                     == ["safeseek-check: /dev/full: No space left on device"],
                     "-o /dev/full --format=%s: one line naming it and why (%d): %r"
                     % (fmt, rc, err))
            with open("/dev/full", "wb") as full:
                rc, _, err = c.run("-q", "--no-cache", "--format=" + fmt, good, stdout=full)
            c.expect(rc == 2 and b"No space left on device" in err and len(err.splitlines()) == 1,
                     "standard output full, --format=%s: one line saying so (%d): %r"
                     % (fmt, rc, err))

    # A file over the time limit is named like one that cannot be parsed,
    # and the files after it are still tried (a microsecond: every parse
    # takes longer).
    slow = os.path.join(d, "slow")
    for name in ("a.c", "b.c"):
        write(os.path.join(slow, name), BUGGY)
    rc, out, err = c.run("-q", "--no-cache", "--time-limit=0.000001", slow)
    for name in ("a.c", "b.c"):
        about = lines_about(err, os.path.join(slow, name))
        c.expect(len(about) == 1 and "CPU time (--time-limit), not analysed" in about[0],
                 "over the limit: one line naming %s: %r" % (name, err))
    c.expect(rc == 2 and out == b"", "every file over the limit: exit 2, no findings (%d)" % rc)
    rc, out, err = c.run("-q", "--no-cache", "--time-limit=0.000001", "--format=json",
                         os.path.join(slow, "a.c"), garbage)
    doc = json.loads(out)
    c.expect(doc["files_failed"] == 2, "counted as failed: %s" % doc["files_failed"])
    rc, out, err = c.run("-q", "--no-cache", "--time-limit=0", slow)
    c.expect(rc == 1 and out.count(b"[rw-fpos]") == 2, "--time-limit=0: no limit (%d)" % rc)
    for bad in ("-1", "x", "1e9", ""):
        rc, out, err = c.run("-q", "--time-limit=" + bad, slow)
        c.expect(rc == 2 and b"--time-limit" in err, "--time-limit=%s: usage error: %r" % (bad, err))
    # Kbuild mode, as sparse, fails the build only on a file it cannot read.
    rc, out, err = c.run("-D__KERNEL__", "--time-limit=0.000001", os.path.join(slow, "a.c"))
    c.expect(rc == 0 and len(lines_about(err, os.path.join(slow, "a.c"))) == 1
             and b"--time-limit" in err, "Kbuild mode: the file named, exit 0: %d %r" % (rc, err))
finally:
    cleanup(d)

c.finish()

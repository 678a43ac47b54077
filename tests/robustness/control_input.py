# SPDX-License-Identifier: GPL-2.0-only
"""Malformed control input: each gives one clear line and exit status 2, or
a line for the one file concerned while the rest goes on.

  compdb-invalid   compile_commands.json that is not a JSON array: empty,
                   cut short, not UTF-8, a directory
  compdb-fields    entries that lack a field or give one of the wrong type
  compdb-missing   entries naming files or directories that do not exist
  compdb-relative  relative "directory" and "file" entries
  baseline-cut     a baseline cut short at every few bytes
  diff-cut         a diff for --changed-lines cut short at every line and
                   inside lines
"""

import json
import os
import sys

from rlib import Test, findings_of, lines_of, write

# Under the sanitizers each checker run costs three times as much: the cut
# tests then cut at every other point of theirs (and still at every line
# end of the diff).
STRIDE = 2 if os.environ.get("SAFESEEK_SANITIZED") == "1" else 1

SOURCE = b"""#include <linux/fs.h>

static ssize_t demo_read(struct file *file, char __user *buf, size_t n,
\t\t\t loff_t *ppos)
{
\tfile->f_pos += n;
\treturn n;
}

static struct file_operations demo_fops = {
\t.read = demo_read,
};
"""
LINE = 6


def one_line_exit2(t, what, rc, out, err, names):
    """Exit 2, nothing on standard output, one line naming `names`."""
    ls = lines_of(err)
    t.expect(rc == 2, "%s: exit 2 (%d): %r" % (what, rc, err[-400:]))
    t.expect(out == b"", "%s: a report was printed: %r" % (what, out[:200]))
    t.expect(len(ls) == 1 and ls[0].startswith("safeseek-check: ") and names in ls[0],
             "%s: want one line naming %s: %r" % (what, names, ls))


def database(t, name, entries):
    build = t.path(name)
    os.makedirs(build, exist_ok=True)
    text = entries if isinstance(entries, bytes) else json.dumps(entries).encode()
    write(os.path.join(build, b"compile_commands.json"), text)
    return build


def a_tree(t):
    root = t.kernel_tree("tree")
    write(os.path.join(root, b"drivers", b"a.c"), SOURCE)
    write(os.path.join(root, b"drivers", b"b.c"), SOURCE.replace(b"demo", b"other"))
    return root


def entry(root, f="drivers/a.c", **kw):
    e = {"directory": os.fsdecode(root), "file": f,
         "command": "gcc -nostdinc -I include -D__KERNEL__ -c %s -o x.o" % f}
    e.update(kw)
    return e


def case_compdb_invalid(t):
    root = a_tree(t)
    good = json.dumps([entry(root)]).encode()
    texts = [b"", b"   \n", b"[", b"{}", b"null", b"\"x\"", b"[1]", b"\xff\xfe[",
             b"[{\"directory\": \"\xff\"", b"\x00\x00"]
    texts += [good[:n] for n in range(1, len(good), 9)]
    for i, text in enumerate(texts):
        build = database(t, "b%d" % i, text)
        rc, out, err = t.check("-q", "-p", build)
        one_line_exit2(t, "database %r" % text[:40], rc, out, err, "compile_commands.json")
    # a directory where the file should be
    build = t.path("bdir")
    os.makedirs(os.path.join(build, b"compile_commands.json"))
    rc, out, err = t.check("-q", "-p", build)
    one_line_exit2(t, "compile_commands.json is a directory", rc, out, err,
                   "compile_commands.json")
    # no database at all, a build directory that is a file
    rc, out, err = t.check("-q", "-p", t.path("nowhere"))
    one_line_exit2(t, "no such build directory", rc, out, err, "compile_commands.json")
    rc, out, err = t.check("-q", "-p", os.path.join(root, b"drivers", b"a.c"))
    one_line_exit2(t, "a file as build directory", rc, out, err, "compile_commands.json")


def case_compdb_fields(t):
    root = a_tree(t)
    cases = [
        ("no directory", {"file": "drivers/a.c", "command": "cc -c drivers/a.c"}),
        ("no file", {"directory": os.fsdecode(root), "command": "cc -c x.c"}),
        ("no command", {"directory": os.fsdecode(root), "file": "drivers/a.c"}),
        ("directory a number", entry(root, directory=5)),
        ("directory null", entry(root, directory=None)),
        ("file a number", entry(root, file=7)),
        ("file empty", entry(root, file="")),
        ("command a list", entry(root, command=["cc"])),
        ("arguments a string", dict(entry(root), arguments="cc -c drivers/a.c")),
        ("arguments of numbers", {"directory": os.fsdecode(root), "file": "drivers/a.c",
                                  "arguments": ["cc", 1]}),
        ("an entry not an object", [entry(root), "drivers/b.c"]),
    ]
    for i, (what, e) in enumerate(cases):
        build = database(t, "b%d" % i, e if isinstance(e, list) else [entry(root, "drivers/b.c"), e])
        rc, out, err = t.check("-q", "-p", build)
        one_line_exit2(t, what, rc, out, err, "compile_commands.json: entry ")


def case_compdb_missing(t):
    root = a_tree(t)
    build = database(t, "build", [entry(root, "drivers/a.c"),
                                  entry(root, "drivers/gone.c"),
                                  entry(root, "nosuchdir/x.c"),
                                  entry(root, "x.c", directory=os.fsdecode(root) + "/nodir")])
    rc, out, err = t.check("-q", "-p", build, cwd=root)
    ls = lines_of(err)
    t.expect(rc == 1, "findings of the one file that exists: exit 1 (%d): %r" % (rc, err))
    t.expect(findings_of(out) == [("drivers/a.c", LINE, "rw-fpos")],
             "the file that exists is reported: %r" % out)
    for missing in ("drivers/gone.c", "nosuchdir/x.c", "nodir/x.c"):
        mine = [l for l in ls if missing in l]
        t.expect(len(mine) == 1 and "No such file" in mine[0],
                 "one line for %s: %r" % (missing, ls))
    t.expect(len(ls) == 3, "nothing else on standard error: %r" % ls)

    # Nothing that exists: exit 2, a line each.
    build = database(t, "build2", [entry(root, "drivers/gone.c"), entry(root, "drivers/gone2.c")])
    rc, out, err = t.check("-q", "-p", build, cwd=root)
    t.expect(rc == 2 and len(lines_of(err)) == 2, "only missing files: exit 2, a line each "
             "(%d): %r" % (rc, err))

    # A PATH that the database does not know is parsed the other ways.
    rc, out, err = t.check("-v", "--headers=real", "-p", build,
                           os.path.join(root, b"drivers", b"b.c"), cwd=root)
    t.expect(rc == 1 and b"b.c: analysed with tree flags" in err,
             "a file the database lacks uses the tree's flags: %r" % err)


def case_compdb_relative(t):
    root = a_tree(t)
    build = t.path("tree", "build")
    # "directory" relative to the database's own directory, "file" and -I
    # relative to "directory"
    for i, e in enumerate([entry(root, directory=".."),
                           entry(root, "../drivers/a.c", directory="../include",
                                 command="cc -nostdinc -I . -D__KERNEL__ -c ../drivers/a.c")]):
        os.makedirs(build, exist_ok=True)
        write(os.path.join(build, b"compile_commands.json"), json.dumps([e]))
        rc, out, err = t.check("-v", "--headers=real", "-p", build, cwd=t.path())
        t.expect(rc == 1 and findings_of(out) and findings_of(out)[0][1:] == (LINE, "rw-fpos"),
                 "relative entry %d: the file is found and checked (%d): %r %r"
                 % (i, rc, out, err[-600:]))
        t.expect(b"analysed with compile database" in err,
                 "relative entry %d: parsed with the database's flags: %r" % (i, err[-600:]))


def baseline_of(t, root):
    base = os.path.join(t.path(), b"base.json")
    rc, out, err = t.check("-q", "--write-baseline", base, root)
    t.expect(rc in (0, 1) and os.path.exists(base), "writing the baseline: %r" % err)
    return base


def case_baseline_cut(t):
    root = a_tree(t)
    base = baseline_of(t, root)
    with open(base, "rb") as f:
        full = f.read()
    cut = os.path.join(t.path(), b"cut.json")
    src = os.path.join(root, b"drivers", b"a.c")
    points = sorted(set(list(range(0, len(full), 5 * STRIDE)) + [len(full) - 1, len(full)]))
    for n in points:
        write(cut, full[:n])
        try:
            json.loads(full[:n].decode())
            valid = True
        except ValueError:
            valid = False
        for kbuild in (False, True):
            if kbuild and n % 15:
                continue
            args = (["-D__KERNEL__", "-nostdinc", "-I", os.path.join(root, b"include"),
                     "--baseline", cut, src] if kbuild else ["-q", "--baseline", cut, root])
            rc, out, err = t.check(*args)
            what = "baseline cut at %d of %d%s" % (n, len(full), " (Kbuild mode)" if kbuild else "")
            if valid:
                t.expect(rc == 0 and not findings_of(out) and
                         not any("rw-fpos" in l for l in lines_of(err)),
                         "%s: still whole, suppresses everything (%d): %r" % (what, rc, err))
            else:
                if kbuild:
                    t.expect(rc == 2 and len(lines_of(err)) == 1 and b"cut.json" in err,
                             "%s: one line, exit 2 (%d): %r" % (what, rc, err))
                else:
                    one_line_exit2(t, what, rc, out, err, "cut.json")


DIFF = b"""diff --git a/drivers/a.c b/drivers/a.c
index 1111111..2222222 100644
--- a/drivers/a.c
+++ b/drivers/a.c
@@ -4,4 +4,5 @@ static ssize_t demo_read(struct file *file, char __user *buf, size_t n,
 \t\t\t loff_t *ppos)
 {
+\tfile->f_pos += n;
 \treturn n;
 }
diff --git a/drivers/b.c b/drivers/b.c
index 3333333..4444444 100644
--- a/drivers/b.c
+++ b/drivers/b.c
@@ -1,3 +1,3 @@
 #include <linux/fs.h>
-
+/* changed */
 static ssize_t other_read(struct file *file, char __user *buf, size_t n,
@@ -5,4 +5,4 @@
 {
-\tfile->f_pos -= n;
+\tfile->f_pos += n;
 \treturn n;
 }
"""


def hunk_spans(text):
    """(end of the @@ line, start of the hunk's last added or removed line)
    of every hunk: a cut between them leaves a change out, and the diff
    must be refused.  (Missing trailing context lines are let go: tools
    that strip trailing whitespace lose blank ones.)"""
    spans, pos, lines = [], 0, text.split(b"\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(b"@@ "):
            head_end = pos + len(line) + 1
            rng = line.split(b" ")
            old = int(rng[1].split(b",")[1]) if b"," in rng[1] else 1
            new = int(rng[2].split(b",")[1]) if b"," in rng[2] else 1
            p, j, o, nw = head_end, i + 1, 0, 0
            last = head_end
            while o < old or nw < new:
                c = lines[j][:1]
                if c in (b"+", b"-"):
                    last = p
                o += c in (b" ", b"-")
                nw += c in (b" ", b"+")
                p += len(lines[j]) + 1
                j += 1
            spans.append((head_end, last))
        pos += len(line) + 1
        i += 1
    return spans


def case_diff_cut(t):
    root = a_tree(t)
    diff = os.path.join(t.path(), b"cut.diff")
    spans = hunk_spans(DIFF)
    points = sorted(set([i + 1 for i, c in enumerate(DIFF) if c == 0x0a] +
                        list(range(0, len(DIFF), 11 * STRIDE))))
    refused = 0
    for n in points:
        write(diff, DIFF[:n])
        inside = any(h < n <= last for h, last in spans)
        rc, out, err = t.check("-q", "--changed-lines", diff, root, cwd=root)
        what = "diff cut at %d of %d" % (n, len(DIFF))
        t.expect(rc in (0, 1, 2), "%s: exit %d" % (what, rc))
        if rc == 2:
            refused += 1
            one_line_exit2(t, what, rc, out, err, "cut.diff")
        if inside:
            t.expect(rc == 2, "%s: a hunk cut short must be refused (%d)" % (what, rc))
        if n % 33 == 0 or inside and n % 3 == 0:
            rc2, out2, err2, _ = t.run([t.checker, "-D__KERNEL__", "-nostdinc", "-I", "include",
                                        "--changed-lines", diff, "drivers/a.c"], cwd=root)
            if inside:
                t.expect(rc2 == 2 and len(lines_of(err2)) == 1 and b"cut.diff" in err2,
                         "%s (Kbuild mode): one line, exit 2 (%d): %r" % (what, rc2, err2))
    # the whole diff: the changed line of a.c and the one of b.c are reported
    write(diff, DIFF)
    rc, out, err = t.check("-q", "--changed-lines", diff, "drivers", cwd=root)
    t.expect(rc == 1 and sorted(findings_of(out)) == [("drivers/a.c", LINE, "rw-fpos"),
                                                       ("drivers/b.c", LINE, "rw-fpos")],
             "the whole diff: both changed lines reported: %r %r" % (out, err))
    print("diff-cut: %d of %d cuts refused" % (refused, len(points)))


CASES = {
    "compdb-invalid": case_compdb_invalid,
    "compdb-fields": case_compdb_fields,
    "compdb-missing": case_compdb_missing,
    "compdb-relative": case_compdb_relative,
    "baseline-cut": case_baseline_cut,
    "diff-cut": case_diff_cut,
}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

# SPDX-License-Identifier: GPL-2.0-only
"""Odd trees: nothing in a tree may crash the checker or run-check.sh, make
them write outside the tree, or stop the other files from being checked and
converted.  Every tree holds a control file, a corpus driver the
conversions change, whose findings must be reported and which --fix must
convert whatever else the tree holds.

  symlink-loop      links to themselves, to each other, to their parents
  symlink-outside   links to a file and a directory outside, a hard link
  names             spaces, line breaks, leading dashes, invalid UTF-8
  unreadable        files and directories the user cannot read or write
                    (run as an unprivileged user)
  binary-c          a binary file named .c, with and without NUL bytes
  empty-files       empty and blank .c and .h files
  big-file          a generated C file of 10 MB
  deep-nesting      10,000 nested parentheses and braces
  long-lines        lines of 1 MB: a comment, a string, code
  nul-bytes         NUL bytes in sources and a header
  crlf              CRLF line ends, converted in place keeping them

Under the sanitizers (SAFESEEK_SANITIZED=1) the --fix runs are left out:
their spatch minutes repeat the plain suite's, and the checker calls they
make are the ones run-check.sh's report makes on the same tree.
"""

import os
import random
import sys

from rlib import (Test, expectations, findings_of, lines_of, read, snapshot,
                  strict_json, unprivileged_user, write)

SANITIZED = os.environ.get("SAFESEEK_SANITIZED") == "1"


class Tree:
    """A kernel-like tree under the test's directory with the control file."""

    def __init__(self, t, name="tree"):
        self.t = t
        self.root = t.kernel_tree(name)
        self.rel = t.a_converted_driver()
        self.ctl = os.path.join(self.root, b"drivers", b"ctl.c")
        write(self.ctl, t.corpus_file(self.rel))
        self.want = sorted((line, tag) for (line, tag) in
                           expectations.read_expectations(os.path.join(t.corpus, self.rel))
                           if expectations.is_checker_rule(tag))

    def p(self, *parts):
        return os.path.join(self.root, *[os.fsencode(x) for x in parts])

    def display(self, *parts):
        return os.fsdecode(os.path.join(self.root, *[os.fsencode(x) for x in parts]))

    def reported(self, out, path):
        """(line, tag) of the findings of one file in a text report."""
        return sorted((line, tag) for f, line, tag in findings_of(out) if f == path)

    def expect_control_reported(self, out, what):
        got = self.reported(out, self.display("drivers", "ctl.c"))
        self.t.expect(got == self.want, "%s: the control file's findings %s, want %s"
                      % (what, got, self.want))

    def expect_control_converted(self, what):
        self.t.expect(read(self.ctl) == self.t.converted(self.rel),
                      "%s: the control file was not converted" % what)


def check_and_fix(t, tree, what, user=None, fix=True, fix_rc=(0, 1)):
    """The checker and run-check.sh (report, then --fix) over the tree: the
    control file reported and converted.  Returns the outputs."""
    rc, out, err = t.check("-q", "-j", "2", tree.root, user=user, timeout=600)
    t.expect(rc == 1, "%s: checker exit 1 (%d): %r" % (what, rc, err[-1500:]))
    tree.expect_control_reported(out, what + ": checker")
    res = {"check": (rc, out, err)}
    rc, out, err = t.run_check(["-j", "2", tree.root], user=user)
    t.expect(rc == 1, "%s: run-check.sh exit 1 (%d): %r" % (what, rc, err[-1500:]))
    t.expect(set(tree.want) <= set(tree.reported(out, tree.display("drivers", "ctl.c"))),
             "%s: run-check.sh does not report the control file:\n%s"
             % (what, out.decode("utf-8", "replace")[-3000:]))
    res["report"] = (rc, out, err)
    if fix and not SANITIZED:
        rc, out, err = t.run_check(["--fix", "-j", "2", tree.root], user=user)
        t.expect(rc in fix_rc, "%s: --fix exit %s (%d):\n%s\n%s"
                 % (what, fix_rc, rc, out.decode("utf-8", "replace")[-3000:], err[-1500:]))
        tree.expect_control_converted(what + ": --fix")
        res["fix"] = (rc, out, err)
    return res


def messages_about(err, name):
    return [l for l in lines_of(err) if name in l]


# --- cases ------------------------------------------------------------------

def case_symlink_loop(t):
    tree = Tree(t)
    os.makedirs(tree.p("drivers", "a"))
    os.symlink("..", tree.p("drivers", "a", "loop"))
    os.symlink("../..", tree.p("drivers", "up"))
    os.symlink("self.c", tree.p("drivers", "self.c"))
    os.symlink("q", tree.p("drivers", "p"))
    os.symlink("p", tree.p("drivers", "q"))
    os.symlink(".", tree.p("drivers", "dot"))
    before = {k: v for k, v in snapshot(tree.root).items() if v[0] == "link"}
    for follow in ([], ["--follow-symlinks"]):
        rc, out, err = t.check(*(["-q", "-j", "2"] + follow + [tree.root]), timeout=300)
        what = "checker %s" % (follow or "")
        t.expect(rc == 1, "%s: exit 1 (%d): %r" % (what, rc, err))
        tree.expect_control_reported(out, what)
        found = findings_of(out)
        t.expect(len(found) == len(set(found)), "%s: a finding reported twice: %s" % (what, found))
        t.expect({f[0] for f in found} == {tree.display("drivers", "ctl.c")},
                 "%s: only the control file, under its own name: %s" % (what, found))
    check_and_fix(t, tree, "symlink loops")
    after = {k: v for k, v in snapshot(tree.root).items() if v[0] == "link"}
    t.expect(after == before, "the links changed: %s" % after)


def case_symlink_outside(t):
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    out_dir = t.path("outside")
    write(os.path.join(out_dir, b"victim.c"), src)
    write(os.path.join(out_dir, b"dir", b"victim2.c"), src)
    write(os.path.join(out_dir, b"hard.c"), src)
    os.symlink(os.path.join(out_dir, b"victim.c"), tree.p("drivers", "link.c"))
    os.symlink(os.path.join(out_dir, b"dir"), tree.p("drivers", "linkdir"))
    os.symlink(b"../../outside/dir", tree.p("drivers", "rel_linkdir"))
    os.link(os.path.join(out_dir, b"hard.c"), tree.p("drivers", "hard.c"))
    outside = snapshot(out_dir)

    rc, out, err = t.check("-q", "-j", "2", tree.root)
    files = {f[0] for f in findings_of(out)}
    t.expect(files == {tree.display("drivers", "ctl.c"), tree.display("drivers", "hard.c")},
             "links out of the tree are not followed by default: %s" % sorted(files))
    rc, out, err = t.check("-q", "-j", "2", "--follow-symlinks", tree.root)
    files = {f[0] for f in findings_of(out)}
    t.expect(tree.display("drivers", "linkdir", "victim2.c") in files and
             tree.display("drivers", "link.c") in files,
             "--follow-symlinks follows them: %s" % sorted(files))

    res = check_and_fix(t, tree, "links outside")
    t.expect(snapshot(out_dir) == outside,
             "--fix changed a file outside the tree through a link")
    t.expect(os.path.islink(tree.p("drivers", "link.c")) and
             os.path.islink(tree.p("drivers", "linkdir")), "--fix replaced a link")
    if "fix" in res:
        t.expect(read(tree.p("drivers", "hard.c")) == t.converted(tree.rel),
                 "the hard-linked file inside the tree is converted")


NAMES = [b"sp ace.c", b"new\nline.c", b"-dash.c", b"\xff\xfe.c", b"tab\t.c", b" lead.c",
         b"-dir/x.c", b"dir \xe9/y.c", b"dir\nbreak/z.c"]


def case_names(t):
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    for n in NAMES:
        write(os.path.join(tree.root, b"drivers", n), src)
    res = check_and_fix(t, tree, "odd names", fix_rc=(1,))
    rc, out, err = res["check"]
    names = {f[0] for f in findings_of(out)}
    t.expect(len(names) == len(NAMES) + 1,
             "the checker reports every file once: %d of %d\n%s"
             % (len(names), len(NAMES) + 1, "\n".join(sorted(names))))
    rc, out, err = res["report"]
    names = {f[0] for f in findings_of(out) if f[0].startswith(tree.display("drivers") + "/")}
    t.expect(len(names) == len(NAMES) + 1,
             "run-check.sh reports every file once: %d of %d\n%s"
             % (len(names), len(NAMES) + 1, "\n".join(sorted(names))))
    if "fix" in res:
        rc, out, err = res["fix"]
        for n in NAMES:
            got = read(os.path.join(tree.root, b"drivers", n))
            if b"\n" in n:
                t.expect(got == src, "%r: a name spatch cannot take is left alone" % n)
                t.expect(any(os.fsdecode(n.split(b"/")[0]).replace("\n", "\\n") in l
                             and "line break" in l for l in lines_of(err)),
                         "%r: one line says why it is skipped: %r" % (n, err))
            else:
                t.expect(got == t.converted(tree.rel), "%r: not converted" % n)
        left = out.decode("utf-8", "replace").split("not converted (the checker still finds these):")
        listed = left[1].split("\n\n")[0].splitlines() if len(left) > 1 else []
        t.expect(listed and all("\\x0a" in l for l in listed if l.strip()),
                 "only the files spatch cannot take are 'not converted': %s" % listed)

    # A PATH with a leading dash, after --.
    rc, out, err, _ = t.run([t.checker, "-q", "--", "-dir"], cwd=os.path.join(tree.root, b"drivers"))
    t.expect(rc == 1 and findings_of(out) and findings_of(out)[0][0] == "-dir/x.c",
             "checker -- -dir: %d %r %r" % (rc, out, err))
    rc, out, err = t.run_check(["--", "-dir"], cwd=os.path.join(tree.root, b"drivers"))
    t.expect(rc == 1 and any(f[0] == "-dir/x.c" for f in findings_of(out)),
             "run-check.sh -- -dir: %d %r" % (rc, err[-500:]))


def case_unreadable(t):
    user = unprivileged_user()
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    locked = tree.p("drivers", "locked.c")
    write(locked, src, mode=0)
    write(tree.p("drivers", "lockdir", "x.c"), src)
    write(tree.p("drivers", "noexec", "y.c"), src)
    write(tree.p("drivers", "ro", "z.c"), src)
    if user is not None:
        for root, dirs, files in os.walk(tree.root):
            for n in dirs + files + [b""]:
                os.chown(os.path.join(root, n), user.pw_uid, user.pw_gid)
        os.chown(locked, 0, 0)
    os.chmod(tree.p("drivers", "lockdir"), 0)
    os.chmod(tree.p("drivers", "noexec"), 0o644)
    os.chmod(tree.p("drivers", "ro"), 0o555)
    # the user must really be unable to read it
    rc, out, err, _ = t.run(["cat", locked], user=user)
    if rc == 0:
        raise AssertionError("cat read a file of mode 0 as %s" % (user.pw_name if user else "us"))

    res = check_and_fix(t, tree, "unreadable", user=user, fix_rc=(1,))
    rc, out, err = res["check"]
    for name, why in (("locked.c", "cannot read: Permission denied"),
                      ("lockdir", "cannot read directory: Permission denied"),
                      ("noexec", "Permission denied")):
        mine = messages_about(err, tree.display("drivers", name))
        t.expect(len(mine) == 1 and why in mine[0],
                 "checker: one line for %s saying %r: %r" % (name, why, lines_of(err)))
    t.expect(tree.display("drivers", "ro", "z.c") in {f[0] for f in findings_of(out)},
             "checker: a read-only directory is checked")
    rc, out, err = res["report"]
    for name in ("locked.c", "lockdir", "noexec"):
        mine = [l for l in lines_of(err) if l.startswith("run-check.sh: ") and
                tree.display("drivers", name) in l]
        t.expect(len(mine) == 1, "run-check.sh: one line naming %s: %r" % (name, lines_of(err)))
    if "fix" in res:
        rc, out, err = res["fix"]
        text = out.decode("utf-8", "replace")
        t.expect("ro/z.c: not written" in text and read(tree.p("drivers", "ro", "z.c")) == src,
                 "--fix: the file in a read-only directory is left as it was, and says so:\n%s"
                 % text[-2000:])
        t.expect(sorted(os.listdir(tree.p("drivers", "ro"))) == [b"z.c"],
                 "--fix left something in the read-only directory")
    os.chmod(tree.p("drivers", "lockdir"), 0o755)
    if "fix" in res:
        t.expect(read(locked) == src and read(tree.p("drivers", "lockdir", "x.c")) == src,
                 "--fix changed an unreadable file")

    # An unreadable PATH named on the command line: exit 2, one line.
    rc, out, err = t.check("-q", locked, user=user)
    t.expect(rc == 2 and len(lines_of(err)) == 1 and b"Permission denied" in err,
             "checker on an unreadable PATH: exit 2, one line (%d): %r" % (rc, err))
    rc, out, err = t.run_check([locked], user=user)
    t.expect(rc == 2 and len(lines_of(err)) == 1 and b"cannot be read" in err,
             "run-check.sh on an unreadable PATH: exit 2, one line (%d): %r" % (rc, err))


def case_binary_c(t):
    tree = Tree(t)
    rnd = random.Random(9)
    blob = bytes(rnd.randrange(256) for _ in range(8192)) + b"f_pos"
    write(tree.p("drivers", "blob.c"), b"\x7fELF\x02\x01\x01\x00" + blob)
    nonul = bytes(rnd.randrange(1, 256) for _ in range(8192)) + b" f_pos file_operations"
    write(tree.p("drivers", "noise.c"), nonul)
    write(tree.p("drivers", "noise.h"), nonul[::-1] + b"ESPIPE")
    before = {n: read(tree.p("drivers", n)) for n in ("blob.c", "noise.c", "noise.h")}
    res = check_and_fix(t, tree, "binary files")
    rc, out, err = res["check"]
    t.expect(len(messages_about(err, "blob.c: binary file (NUL byte at offset")) == 1,
             "one line: blob.c is binary: %r" % lines_of(err))
    for n in ("noise.c", "noise.h"):
        t.expect(len(messages_about(err, tree.display("drivers", n) + ":")) <= 1,
                 "at most one line about %s: %r" % (n, lines_of(err)))
    for n, b in before.items():
        t.expect(read(tree.p("drivers", n)) == b, "--fix changed %s" % n)


def case_empty_files(t):
    tree = Tree(t)
    blanks = {"empty.c": b"", "empty.h": b"", "blank.c": b"\n\n   \n\t\n",
              "comment.c": b"/* f_pos */\n", "cr.c": b"\r"}
    for n, b in blanks.items():
        write(tree.p("drivers", "e", n), b)
    rc, out, err = t.check("-q", tree.p("drivers", "e"))
    t.expect(rc == 0 and out == b"" and err == b"",
             "empty files alone: exit 0, silent (%d): %r %r" % (rc, out, err))
    check_and_fix(t, tree, "empty files")
    for n, b in blanks.items():
        t.expect(read(tree.p("drivers", "e", n)) == b, "--fix changed %s" % n)


def big_source(size):
    """About `size` bytes of helpers, with a read method writing f_pos
    every 5000 functions; returns (text, lines of the findings)."""
    parts, lines, line, i, total = [b"#include <linux/fs.h>\n\n"], [], 3, 0, 0
    while total < size:
        if i % 5000 == 0:
            fn = (b"static ssize_t r%d(struct file *file, char __user *buf, size_t n, "
                  b"loff_t *ppos)\n{\n\tfile->f_pos += n;\n\treturn n;\n}\n"
                  b"static struct file_operations f%d = { .read = r%d };\n" % (i, i, i))
            lines.append(line + 2)
        else:
            fn = (b"static int helper_%d(int a, int b)\n{\n\tint c = a * %d + b;\n"
                  b"\tif (c > %d)\n\t\treturn c - b;\n\treturn a + b + c;\n}\n" % (i, i, i))
        parts.append(fn)
        total += len(fn)
        line += fn.count(b"\n")
        i += 1
    return b"".join(parts), lines


def case_big_file(t):
    tree = Tree(t)
    text, lines = big_source(10 << 20)
    write(tree.p("drivers", "huge.c"), text)
    rc, out, err, secs = t.run([t.checker, "-q", "-j", "2", tree.root], timeout=900)
    t.expect(rc == 1, "exit 1 (%d): %r" % (rc, err))
    tree.expect_control_reported(out, "10 MB file")
    got = tree.reported(out, tree.display("drivers", "huge.c"))
    t.expect(got == [(l, "rw-fpos") for l in lines],
             "every finding of the 10 MB file, at its line: %d of %d" % (len(got), len(lines)))
    print("a %d-byte file checked in %.1f s" % (len(text), secs))


def case_deep_nesting(t):
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    deep = 10000
    files = {  # name: (text, lines added above the control file's code)
        "parens.c": (b"static int deep = " + b"(" * deep + b"1" + b")" * deep + b";\n" + src, 1),
        "inside.c": (src.replace(b"return", b"return " + b"(" * deep + b"0" + b")" * deep + b" +",
                                 1), 0),
        "init.c": (b"static int v[] = " + b"{" * deep + b"1" + b"}" * deep + b";\n" + src, 1),
        "braces.c": (b"void f(void)\n" + b"{" * deep + b"}" * deep + b"\n" + src, 2),
    }
    for n, (text, _) in files.items():
        write(tree.p("drivers", n), text)
    rc, out, err = t.check("-q", "-j", "2", tree.root)
    t.expect(rc == 1, "checker: exit 1 (%d): %r" % (rc, err))
    for n, (text, shift) in files.items():
        got = tree.reported(out, tree.display("drivers", n))
        t.expect(got == [(l + shift, tag) for l, tag in tree.want],
                 "%s: the findings after 10,000 levels of nesting: %s" % (n, got))
        rc, kout, kerr, _ = t.run([t.checker, "-D__KERNEL__", "-nostdinc", "-I", "include",
                                   os.path.join(b"drivers", os.fsencode(n))], cwd=tree.root)
        t.expect(rc == 0 and len([l for l in lines_of(kerr) if n in l]) == len(tree.want),
                 "%s in Kbuild mode: exit 0 and its findings (%d): %r" % (n, rc, kerr[-600:]))
    # deeper than the parser goes: a line saying so, and no crash
    deeper = tree.p("drivers", "deeper.c")
    write(deeper, b"static int d = " + b"(" * 100000 + b"1" + b")" * 100000 + b";\n" + src)
    rc, out, err = t.check("-q", deeper)
    said = messages_about(err, "deeper.c")
    t.expect(rc in (0, 1) and len(said) == 1 and "nesting" in said[0],
             "100,000 levels: one line about the nesting (%d): %r" % (rc, err))
    os.unlink(deeper)
    # spatch takes a minute and gigabytes over ten thousand nested braces,
    # and a minute per patch over deep nesting inside a function: those
    # files are for the checker alone.
    os.unlink(tree.p("drivers", "braces.c"))
    os.unlink(tree.p("drivers", "inside.c"))
    check_and_fix(t, tree, "deep nesting")


def case_long_lines(t):
    tree = Tree(t)
    buggy = t.corpus_file(tree.rel)
    mb = 1 << 20
    write(tree.p("drivers", "comment.c"), b"/* " + b"x" * mb + b" */\n" + buggy)
    write(tree.p("drivers", "string.c"),
          b"static const char s[] = \"" + b"y" * mb + b"\";\n" + buggy)
    code = (b"#include <linux/fs.h>\n"
            b"static ssize_t long_read(struct file *file, char __user *buf, size_t n, "
            b"loff_t *ppos)\n{\n\tint x = 0;\n\t" + b"x++; " * (mb // 5) +
            b"file->f_pos += n;\n\treturn x;\n}\n"
            b"static struct file_operations long_fops = { .read = long_read };\n")
    col = code.split(b"\n")[4].index(b"f_pos") + 1
    write(tree.p("drivers", "code.c"), code)
    rc, out, err = t.check("-q", "-j", "2", "--format=json", tree.root)
    t.expect(rc == 1, "checker: exit 1 (%d): %r" % (rc, err))
    found = [(f["file"], f["line"], f["column"], f["rule"]) for f in strict_json(out)["findings"]]
    t.expect((tree.display("drivers", "code.c"), 5, col, "rw-fpos") in found,
             "code.c: the write at the end of a 1 MB line, at line 5 column %d: %s"
             % (col, [f for f in found if f[0].endswith("code.c")]))
    if os.environ.get("SAFESEEK_SANITIZED") == "1":
        # Under the sanitizers only the checker is of interest, and it has
        # read all three: the rest is spatch's minutes.
        for n in ("comment.c", "string.c"):
            got = sorted((line, rule) for (f, line, col, rule) in found
                         if f == tree.display("drivers", n))
            t.expect(got == sorted((l + 1, tag) for l, tag in tree.want),
                     "%s: the findings after a 1 MB line, one line further down: %s" % (n, got))
        return
    # spatch takes ten seconds a patch over the 1 MB line of code: that one
    # is for the checker alone
    os.unlink(tree.p("drivers", "code.c"))
    res = check_and_fix(t, tree, "long lines")
    rc, out, err = res["check"]
    for n in ("comment.c", "string.c"):
        got = tree.reported(out, tree.display("drivers", n))
        t.expect(got == [(l + 1, tag) for l, tag in tree.want],
                 "%s: the findings after a 1 MB line, one line further down: %s" % (n, got))
    t.expect(read(tree.p("drivers", "comment.c")) == b"/* " + b"x" * mb + b" */\n" +
             t.converted(tree.rel), "--fix: comment.c not converted")


def case_nul_bytes(t):
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    files = {"mid.c": src[:100] + b"\0" + src[100:], "end.c": src + b"\0",
             "zeros.c": b"\0" * 4096, "hdr.h": b"#define X f_pos\n\0\n"}
    for n, b in files.items():
        write(tree.p("drivers", n), b)
    res = check_and_fix(t, tree, "NUL bytes")
    rc, out, err = res["check"]
    for n, b in files.items():
        said = messages_about(err, tree.display("drivers", n) + ":")
        t.expect(len(said) == 1 and ("NUL byte at offset %d" % b.index(b"\0")) in said[0],
                 "%s: one line giving the NUL's offset: %r" % (n, said))
        t.expect(read(tree.p("drivers", n)) == b, "--fix changed %s" % n)


def case_crlf(t):
    tree = Tree(t)
    src = t.corpus_file(tree.rel)
    write(tree.p("drivers", "crlf.c"), src.replace(b"\n", b"\r\n"))
    res = check_and_fix(t, tree, "CRLF")
    rc, out, err = res["check"]
    t.expect(tree.reported(out, tree.display("drivers", "crlf.c")) == tree.want,
             "CRLF: the same findings at the same lines")
    cols = {}
    for f in out.decode().splitlines():
        parts = f.split(":")
        if parts[0].endswith(("ctl.c", "crlf.c")):
            cols.setdefault(parts[0].endswith("crlf.c"), []).append(tuple(parts[1:3]))
    t.expect(cols.get(True) == cols.get(False), "CRLF: the same columns: %s" % cols)
    if "fix" in res:
        got = read(tree.p("drivers", "crlf.c"))
        t.expect(got == t.converted(tree.rel).replace(b"\n", b"\r\n"),
                 "--fix: the CRLF file is converted and keeps its CRLF line ends")


CASES = {
    "symlink-loop": case_symlink_loop,
    "symlink-outside": case_symlink_outside,
    "names": case_names,
    "unreadable": case_unreadable,
    "binary-c": case_binary_c,
    "empty-files": case_empty_files,
    "big-file": case_big_file,
    "deep-nesting": case_deep_nesting,
    "long-lines": case_long_lines,
    "nul-bytes": case_nul_bytes,
    "crlf": case_crlf,
}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

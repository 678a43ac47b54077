#!/usr/bin/env python3
"""Unit tests of the parts of the safeseek package that need no spatch: the diff
reader of --since, the function finder that names unparsed places, the merge
of report lines, the atomic install, the output escaping and the running of
steps side by side.

usage: test_runcheck_parts.py SRC_DIR
"""

import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

TOP = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
if TOP:
    sys.path.insert(0, os.path.join(TOP, "python"))
    del sys.argv[1]

from safeseek import cfuncs  # noqa: E402
from safeseek import changed  # noqa: E402
from safeseek import checker  # noqa: E402
from safeseek import files  # noqa: E402
from safeseek import install  # noqa: E402
from safeseek import parallel  # noqa: E402
from safeseek import report  # noqa: E402
from safeseek.common import safe  # noqa: E402


class AddedLines(unittest.TestCase):
    def test_hunks(self):
        diff = "\n".join([
            "diff --git a/x.c b/x.c", "--- a/x.c", "+++ b/x.c",
            "@@ -3,0 +4,2 @@", "+a", "+b",
            "@@ -10 +12 @@", "-x", "+y",
            "@@ -20,2 +21,0 @@", "-q", "-r",
            "diff --git a/gone.c b/gone.c", "--- a/gone.c", "+++ /dev/null",
            "@@ -1 +0,0 @@", "-x",
            "diff --git a/new.c b/new.c", "--- /dev/null", "+++ b/new.c",
            "@@ -0,0 +1,3 @@", "+1", "+2", "+3", ""])
        self.assertEqual(changed.added_lines(diff),
                         {"x.c": {4, 5, 12}, "new.c": {1, 2, 3}})

    def test_quoted_names(self):
        self.assertEqual(changed.unquote('"b/a b\\303\\251\\t.c"'), "b/a b\u00e9\t.c")
        diff = '--- "a/sp ace.c"\n+++ "b/sp ace.c"\n@@ -1 +1 @@\n-x\n+y\n'
        self.assertEqual(changed.added_lines(diff), {"sp ace.c": {1}})

    def test_crlf(self):
        diff = "--- a/w.c\r\n+++ b/w.c\r\n@@ -1 +1,2 @@\r\n-x\r\n+y\r\n+z\r\n"
        self.assertEqual(changed.added_lines(diff), {"w.c": {1, 2}})


SOURCE = """\
/* int not_a_function(void) { */
#define SPLIT(a, \\
	b) (a + b)
#define BRACE {
extern int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
typedef int (*handler_t)(int);
static const char *s = "{";
static struct file_operations fops = {
	.read = r,
};

static ssize_t
r(struct file *f, char *buf,
  size_t n, loff_t *ppos)
{
	if (n) {
		return 0;
	}
	return n;
}

int (*pick(int x))(int)
{
	return 0;
}
"""


class Functions(unittest.TestCase):
    def test_functions(self):
        got = [(f.name, f.line, f.first, f.last) for f in cfuncs.functions(SOURCE)]
        self.assertEqual(got, [("r", 14, 13, 21), ("pick", 23, 23, 26)])

    def test_places(self):
        self.assertEqual(cfuncs.place_of(SOURCE, 18), ("function", "r", 14))
        self.assertEqual(cfuncs.place_of(SOURCE, 6), ("declaration", "printk", 5))
        self.assertEqual(cfuncs.place_of(SOURCE, 7), ("declaration", "handler_t", 7))
        self.assertEqual(cfuncs.place_of(SOURCE, 3), ("macro", "SPLIT", 3))
        self.assertEqual(cfuncs.place_of(SOURCE, 4), ("macro", "BRACE", 4))
        self.assertEqual(cfuncs.place_of(SOURCE, 12)[0], "file")


def finding(file, line, tag, source, fix=None, col=1, msg="m"):
    return checker.Finding(file, line, col, "warning", msg, tag, fix=fix, source=source)


class Merge(unittest.TestCase):
    def test_patch_line_folds_into_checker_finding(self):
        chk = [finding("a.c", 10, "espipe-test", "checker", "nonseekable_open", col=9)]
        coc = [finding("a.c", 10, "nonseekable_open", "cocci", "nonseekable_open", col=12),
               finding("a.c", 20, "nonseekable_open", "cocci", "nonseekable_open"),
               finding("a.c", 10, "rw_ppos", "cocci", "rw_ppos", col=20)]
        got = [(f.line, f.tag) for f in report.merge(chk, coc)]
        self.assertEqual(got, [(10, "espipe-test"), (10, "rw_ppos"), (20, "nonseekable_open")])

    def test_duplicates_and_order(self):
        a = finding("b.c", 2, "rw-fpos", "checker", "rw_ppos")
        b = finding("a.c", 9, "fpos-other", "checker")
        got = report.merge([a, b, finding("b.c", 2, "rw-fpos", "checker", "rw_ppos")], [])
        self.assertEqual([(f.file, f.line) for f in got], [("a.c", 9), ("b.c", 2)])

    def test_text(self):
        f = finding("a.c", 3, "espipe-test", "checker", col=7, msg="x")
        self.assertEqual(f.text(), "a.c:3:7: warning: x [espipe-test]")


class Install(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.top = os.path.realpath(self.tmp.name)
        self.tree = os.path.join(self.top, "tree")
        os.makedirs(os.path.join(self.tree, "d"))
        os.makedirs(os.path.join(self.top, "outside"))

    def tearDown(self):
        self.tmp.cleanup()

    def put(self, rel, data, mode=0o644):
        path = os.path.join(self.tree, rel)
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, mode)
        return path

    def source(self, rel):
        roots, sources = files.collect([self.tree])
        return next(s for s in sources if s.rel == rel)

    def test_replaces_and_keeps_mode(self):
        path = self.put("d/a.c", b"old\n", 0o640)
        install.replace(self.source("d/a.c"), b"old\n", b"new\n")
        with open(path, "rb") as f:
            self.assertEqual(f.read(), b"new\n")
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o640)
        self.assertEqual(os.listdir(os.path.dirname(path)), ["a.c"])

    def test_refuses_a_changed_file(self):
        path = self.put("d/a.c", b"old\n")
        s = self.source("d/a.c")
        self.put("d/a.c", b"edited\n")
        with self.assertRaises(install.Refused):
            install.replace(s, b"old\n", b"new\n")
        with open(path, "rb") as f:
            self.assertEqual(f.read(), b"edited\n")

    def test_never_through_a_symlinked_directory(self):
        self.put("d/a.c", b"old\n")
        s = self.source("d/a.c")
        # The directory is swapped for a link to the outside after the walk.
        os.rename(os.path.join(self.tree, "d"), os.path.join(self.tree, "d.moved"))
        victim = os.path.join(self.top, "outside", "a.c")
        with open(victim, "wb") as f:
            f.write(b"old\n")
        os.symlink(os.path.join(self.top, "outside"), os.path.join(self.tree, "d"))
        with self.assertRaises(install.Refused):
            install.replace(s, b"old\n", b"new\n")
        with open(victim, "rb") as f:
            self.assertEqual(f.read(), b"old\n")

    def test_walk_skips_links(self):
        self.put("d/a.c", b"x\n")
        with open(os.path.join(self.top, "outside", "o.c"), "wb") as f:
            f.write(b"x\n")
        os.symlink(os.path.join(self.top, "outside", "o.c"), os.path.join(self.tree, "l.c"))
        os.symlink(os.path.join(self.top, "outside"), os.path.join(self.tree, "ldir"))
        roots, sources = files.collect([self.tree])
        self.assertEqual([s.rel for s in sources], ["d/a.c"])

    def test_stale_temporaries(self):
        self.put("d/a.c", b"x\n")
        self.put("d/.a.c.safeseek-0123456789ab.tmp", b"half\n")
        self.put("d/.a.c.other.tmp", b"keep\n")
        roots, _ = files.collect([self.tree])
        found = [os.path.basename(p) for _, p in install.stale_temporaries(roots)]
        self.assertEqual(found, [".a.c.safeseek-0123456789ab.tmp"])


class Escaping(unittest.TestCase):
    def test_controls_and_bad_bytes(self):
        self.assertEqual(safe("a\x1b[31mb\tc"), "a\\x1b[31mb\tc")
        self.assertEqual(safe(b"n\xff.c".decode("utf-8", "surrogateescape")), "n\\xff.c")
        self.assertEqual(safe("two\nlines"), "two\nlines")


class SideBySide(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        parallel._stopping = False
        shutil.rmtree(self.dir)

    def test_together_and_in_order(self):
        # The first call waits for what the second one does: one after the
        # other, it would give up after 20 s with status 124.
        flag = os.path.join(self.dir, "flag")
        waiter = ["timeout", "20", "sh", "-c", 'while [ ! -e "$0" ]; do sleep 0.01; done', flag]
        got = parallel.at_once(lambda: parallel.run(waiter)[0],
                               lambda: parallel.run(["touch", flag])[0],
                               lambda: "third")
        self.assertEqual(got, [0, 0, "third"])

    def test_error_once_all_ended(self):
        ended = []

        def fails():
            raise ValueError("first")

        def slow():
            parallel.run(["sleep", "0.3"])
            ended.append(True)

        with self.assertRaises(ValueError):
            parallel.at_once(fails, slow)
        self.assertEqual(ended, [True])

    def test_interrupt_kills_the_processes(self):
        procs = []
        real_popen = subprocess.Popen

        def popen(*a, **kw):
            p = real_popen(*a, **kw)
            procs.append(p)
            return p

        subprocess.Popen = popen
        try:
            threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
            with self.assertRaises(KeyboardInterrupt):
                parallel.at_once(lambda: parallel.run(["sleep", "60"]))
        finally:
            subprocess.Popen = real_popen
        self.assertEqual(len(procs), 1)
        deadline = time.monotonic() + 10
        while procs[0].poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual(procs[0].returncode, -signal.SIGKILL)
        # and nothing new starts once the run is being stopped
        with self.assertRaises(parallel.Stopped):
            parallel.run(["true"])


if __name__ == "__main__":
    if TOP is None:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    unittest.main(verbosity=1)

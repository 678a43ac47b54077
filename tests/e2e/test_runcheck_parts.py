#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of the parts of the safeseek package that need no spatch: the
command line, where the package finds its parts, the reading of the
checker's JSON, the function finder that names unparsed places, the merge of
report lines and the summary, the atomic install, the output escaping and the
running of steps side by side.

usage: test_runcheck_parts.py SRC_DIR
"""

import io
import json
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

from safeseek import build, cfuncs, checker, cli, cocci, common, files, install, kernel, \
    parallel, patches, progress, report, resources, selection  # noqa: E402
from safeseek.common import Fatal, safe  # noqa: E402


class CommandLine(unittest.TestCase):
    def parse(self, *argv):
        return cli.parse(list(argv))

    def test_defaults(self):
        o = self.parse()
        self.assertEqual((o.mode, o.fix, o.since, o.gitgrep, o.timeout, o.paths),
                         ("report", False, None, False, 120, []))
        self.assertGreaterEqual(o.jobs, 1)

    def test_forms(self):
        o = self.parse("a", "-j2", "--mode=context", "b", "--timeout", "5", "--since=HEAD~1")
        self.assertEqual((o.paths, o.jobs, o.mode, o.timeout, o.since),
                         (["a", "b"], 2, "context", 5, "HEAD~1"))
        o = self.parse("--jobs", "3", "--fix", "--use-gitgrep", "--mode", "report", "x.c")
        self.assertEqual((o.jobs, o.fix, o.gitgrep, o.paths), (3, True, True, ["x.c"]))

    def test_kernel(self):
        self.assertIsNone(self.parse().kernel)
        self.assertEqual(self.parse("--kernel=6.12").kernel, "6.12")
        self.assertEqual(self.parse("--kernel", "2.6.37").kernel, "2.6.37")

    def test_paths_after_double_dash(self):
        o = self.parse("-j", "1", "--", "-odd dir", "--", "--fix", "")
        self.assertEqual(o.paths, ["-odd dir", "--", "--fix", ""])
        self.assertFalse(o.fix)

    def test_usage_errors(self):
        for argv, says in ((["-missing"], "unknown option '-missing'"),
                           (["--mod=patch"], "unknown option '--mod=patch'"),
                           (["--mode=nonsense"], "unknown mode 'nonsense'"),
                           (["--since"], "option '--since' needs a value"),
                           (["--since="], "option '--since' needs a value"),
                           (["-j"], "option '-j' needs a value"),
                           (["-j", "0"], "-j needs a positive number, not '0'"),
                           (["--timeout", "1.5"], "--timeout needs a number of seconds"),
                           (["--fix", "--mode=org"], "does not combine with --mode=org"),
                           (["--since", "X", "--mode=patch"], "not with --mode=patch"),
                           (["--fix=1"], "option '--fix' takes no value"),
                           (["--kernel"], "option '--kernel' needs a value")):
            with self.assertRaises(Fatal) as e:
                cli.parse(argv)
            self.assertIn(says, str(e.exception), argv)

    def test_paths(self):
        with tempfile.TemporaryDirectory() as d:
            for name in ("a.c", "n.txt"):
                open(os.path.join(d, name), "w").close()
            os.symlink("nowhere", os.path.join(d, "dangling.c"))
            want = {"a.c": None, "": "an empty PATH was given",
                    "n.txt": "not a C source", "dangling.c": "a symbolic link to nothing",
                    "none.c": "no such file"}
            for name, says in want.items():
                got = cli.path_problem(os.path.join(d, name) if name else "")
                if says is None:
                    self.assertIsNone(got)
                else:
                    self.assertIn(says, got)


class Layout(unittest.TestCase):
    def test_source_tree(self):
        lay = resources.Layout()
        self.assertTrue(lay.source)
        self.assertEqual(os.path.realpath(lay.patches),
                         os.path.realpath(os.path.join(TOP, "semantic-patches")))
        self.assertTrue(os.path.isfile(lay.install_deps))

    def test_installed(self):
        with tempfile.TemporaryDirectory() as prefix:
            share = os.path.join(prefix, "share", "safeseek")
            lay = resources.Layout(os.path.join(share, "python"))
            self.assertFalse(lay.source)
            self.assertEqual(lay.patches, os.path.join(share, "semantic-patches"))
            self.assertIsNone(lay.corpus)
            with self.assertRaises(Fatal):
                lay.checker(1)
            os.makedirs(os.path.join(prefix, "bin"))
            shutil.copy("/bin/true", os.path.join(prefix, "bin", "safeseek-check"))
            self.assertEqual(lay.checker(1), os.path.join(prefix, "bin", "safeseek-check"))


class BuiltAgainst(unittest.TestCase):
    """A checker built against another libclang than the one the source tree
    names is stale, whatever its age: run-check.sh builds it again."""

    def fake(self, d, version_line):
        path = os.path.join(d, "safeseek-check")
        with open(path, "w") as f:
            f.write("#!/bin/sh\necho '%s'\n" % version_line)
        os.chmod(path, 0o755)
        later = time.time() + 10 * 365 * 86400
        os.utime(path, (later, later))
        return path

    def test_stale_unless_the_wanted_libclang(self):
        wanted = build.libclang_wanted(TOP)
        self.assertTrue(wanted and wanted.isdigit())
        with tempfile.TemporaryDirectory() as d:
            self.fake(d, "safeseek-check 0.1.0, built against libclang %s "
                         "(Debian clang version %s.1.7)" % (wanted, wanted))
            self.assertFalse(build.stale(TOP, d))
            self.fake(d, "safeseek-check 0.1.0, built against libclang 14 "
                         "(Debian clang version 14.0.6)")
            self.assertTrue(build.stale(TOP, d))
            # a checker from before the build named its libclang
            self.fake(d, "safeseek-check 0.1.0 (Debian clang version 14.0.6)")
            self.assertTrue(build.stale(TOP, d))


FINDING = {"rule": "rw-fpos", "severity": "error", "confidence": "high",
           "file": "./drivers/a.c", "line": 12, "column": 9, "function": "a_read",
           "object": "a_fops", "message": "m", "fix": "rw_ppos.cocci",
           "fingerprint": "3f9a0c1d27b4e865"}


class Recorder(cocci.Runner):
    """A Runner that records its spatch command lines instead of running them."""

    def __init__(self, versions):
        super().__init__("spatch", 1, 10, versions=versions)
        self.cmds = []

    def _run(self, cmd, cwd=None, workers=None):
        self.cmds.append(cmd)
        return cocci.Result(cmd, 0, "", "")


class Chooser(cocci.Runner):
    """A Runner whose spatch chooses a file when `rule` says so of the set
    of words in it, and names its expected words as spatch does."""

    def __init__(self, words, rule, fail=False):
        super().__init__("spatch", 1, 10)
        self.words, self.rule, self.fail = words, rule, fail
        self.asked = []

    def select_files(self, patch, files, version):
        self.asked.append(version)
        chosen = []
        for f in files:
            with open(f) as fh:
                if self.rule(set(fh.read().split())):
                    chosen.append("selected " + f)
        err = "(ONCE) Expected tokens %s\n" % " ".join(self.words) if self.words else ""
        return cocci.Result([], 1 if self.fail else 0, "", err + "\n".join(chosen) + "\n")


class WordChoice(unittest.TestCase):
    """spatch's choice of files read back as groups of words (selection.py)."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.patch = type("P", (), {"name": "p"})()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def words(self, runner, versions=((),)):
        return selection.words(runner, [self.patch], set(versions), self.tmp)["p"]

    def test_groups(self):
        r = Chooser(["a", "b", "c"], lambda w: ("a" in w or "b" in w) and "c" in w)
        self.assertEqual(self.words(r), [["a", "c"], ["b", "c"]])
        self.assertEqual(selection.argument("p", [["a", "c"], ["b", "c"]]), "p.cocci=a+c,b+c")

    def test_every_file(self):
        self.assertEqual(self.words(Chooser([], lambda w: True)), [[]])

    def test_cannot_be_told(self):
        # a choice that is not by words alone, too many words, none named,
        # words the checker would not take, spatch failing
        self.assertIsNone(self.words(Chooser(["a", "b"], lambda w: "a" in w and "b" not in w)))
        many = ["w%d" % i for i in range(selection.MAX_WORDS + 1)]
        self.assertIsNone(self.words(Chooser(many, lambda w: "w0" in w)))
        self.assertIsNone(self.words(Chooser([], lambda w: "a" in w)))
        self.assertIsNone(self.words(Chooser(["a-b"], lambda w: "a-b" in w)))
        self.assertIsNone(self.words(Chooser(["a"], lambda w: "a" in w, fail=True)))

    def test_union_over_eras(self):
        old = ("no_llseek_exists",)

        class ByEra(Chooser):
            def select_files(self, patch, files, version):
                self.rule = (lambda w: "a" in w) if version == old else (lambda w: "b" in w)
                return super().select_files(patch, files, version)
        r = ByEra(["a", "b"], None)
        self.assertEqual(self.words(r, (old, kernel.UNKNOWN)), [["b"], ["a"]])
        self.assertEqual(sorted(set(r.asked)), sorted({old, kernel.UNKNOWN}))


class Stopper(cocci.Runner):
    """A Runner whose spatch stops (exit 139) on any run holding a bad file."""

    def __init__(self, bad):
        super().__init__("spatch", 1, 10)
        self.bad, self.runs = set(bad), []

    def on_files(self, patch, mode, files, cwd=None, **kw):
        self.runs.append(list(files))
        return cocci.Result([], 139 if self.bad & set(files) else 0, "", "")


class Isolating(unittest.TestCase):
    """After a run spatch stopped on, each file that stops it runs alone
    and every other file runs once more, in a few runs."""

    def test_halves(self):
        files = ["f%02d.c" % i for i in range(40)]
        for bad in ([], ["f07.c"], ["f00.c", "f39.c"], ["f20.c", "f21.c"], files):
            r = Stopper(bad)
            parts = r.isolating(None, "report", files)
            failed = sorted(f for names, res in parts if res.failed() for f in names)
            self.assertEqual(failed, sorted(bad))
            self.assertTrue(all(len(names) == 1 for names, res in parts if res.failed()))
            self.assertEqual(sorted(f for names, _ in parts for f in names), files)
            if len(bad) == 1:
                self.assertLessEqual(len(r.runs), 2 * 6, r.runs)
        self.assertEqual(Stopper([]).isolating(None, "report", []), [])


class KernelEras(unittest.TestCase):
    """Every spatch run is told the era of its files (-D NAME for each name
    the patch declares), one run per era."""

    def setUp(self):
        self.d = os.path.realpath(tempfile.mkdtemp())
        self.patch = os.path.join(self.d, "p.cocci")
        with open(self.patch, "w") as f:
            f.write("// Options: --no-includes\nvirtual report\nvirtual no_stream_open\n")
        for rel in ("new/a.c", "new/b.c", "old/c.c", "none/d.c"):
            os.makedirs(os.path.dirname(os.path.join(self.d, rel)), exist_ok=True)
            open(os.path.join(self.d, rel), "w").close()

    def tearDown(self):
        shutil.rmtree(self.d)

    def kernels_of(self, cmd):
        return [cmd[i + 1] for i, a in enumerate(cmd[:-1])
                if a == "-D" and cmd[i + 1] not in ("report", "patch")]

    def test_one_run_per_era(self):
        class Asked:
            asked = []

            def eras(self, files):
                self.asked.append(sorted(files))
                return [{"new": [], "old": ["no_llseek_exists", "no_stream_open"]}.get(
                    os.path.basename(os.path.dirname(f)), ["kernel_unknown"]) for f in files]
        v = kernel.Eras()
        paths = [os.path.join(self.d, r) for r in ("new/a.c", "new/b.c", "old/c.c", "none/d.c")]
        v.learn(Asked(), paths)
        self.assertEqual(len(Asked.asked), 1)
        self.assertEqual(len(Asked.asked[0]), 3, "one file asked per directory")
        r = Recorder(v)
        r.on_files(patches.Patch(self.patch), "report", paths)
        # A name the patch does not declare is not passed: spatch refuses it.
        self.assertEqual(sorted(self.kernels_of(c) for c in r.cmds),
                         [[], [], ["no_stream_open"]])
        self.assertEqual(len(r.cmds), 3)
        # A scratch copy converts for its original's kernel.
        copy = os.path.join(self.d, "copy.c")
        open(copy, "w").close()
        v.same_as(copy, paths[2])
        self.assertEqual(v.of(copy), ("no_llseek_exists", "no_stream_open"))
        # A file nobody asked about is of an unknown era.
        self.assertEqual(v.of(os.path.join(self.d, "elsewhere.c")), kernel.UNKNOWN)


class FakeStream(io.StringIO):
    def __init__(self, tty):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


class ProgressLine(unittest.TestCase):
    """The progress of --fix on standard error (progress.py)."""

    def make(self, tty):
        self.now = [100.0]
        stream = FakeStream(tty)
        p = progress.Progress(stream, every=5.0, clock=lambda: self.now[0])
        self.addCleanup(common.before_message.remove, p.clear)
        return p, stream

    def test_log_quiet_when_quick(self):
        p, stream = self.make(False)
        p.phase("converting with a (patch 1 of 2), files", 3)
        p.advance()
        self.now[0] += 2
        p.advance()
        p.end()
        self.assertEqual(stream.getvalue(), "")

    def test_log_every_few_seconds(self):
        p, stream = self.make(False)
        p.phase("converting with a (patch 1 of 2), files", 3)
        self.now[0] += 6
        p.advance()
        self.now[0] += 1
        p.advance()
        self.now[0] += 5
        p.advance()
        self.assertEqual(stream.getvalue().splitlines(), [
            "%s: converting with a (patch 1 of 2), files: 1 of 3 (6 s)" % common.PROG,
            "%s: converting with a (patch 1 of 2), files: 3 of 3 (12 s)" % common.PROG])

    def test_terminal_line_rewritten_and_cleared(self):
        p, stream = self.make(True)
        p.phase("compiling the 2 converted files")
        self.now[0] += 1
        p.advance()
        common.warn("a message")
        p.end()
        text = stream.getvalue()
        self.assertNotIn("\n", text.replace("\r", ""))
        self.assertTrue(text.startswith("\r%s: compiling the 2 converted files (0 s)" % common.PROG))
        # cleared (blanks, then back to the start) before the end
        self.assertTrue(text.endswith("\r"), repr(text))


def report_of(*findings):
    return json.dumps({"version": "0.1.0", "tool": "safeseek-check", "findings": list(findings),
                       "files_analysed": 1, "files_skipped": 0, "files_failed": 0})


class CheckerJson(unittest.TestCase):
    def test_findings(self):
        f, = checker.parse_findings(report_of(FINDING, ))
        self.assertEqual((f.file, f.line, f.col, f.severity, f.tag, f.fix, f.function),
                         ("drivers/a.c", 12, 9, "error", "rw-fpos", "rw_ppos", "a_read"))
        f, = checker.parse_findings(report_of(dict(FINDING, fix=None, function=None)))
        self.assertEqual((f.fix, f.function), (None, None))

    def test_only_the_checkers_shape(self):
        other = dict(FINDING)
        other["rule_id"] = other.pop("rule")
        for text in ("[]", json.dumps({"results": [FINDING]}), report_of(other),
                     report_of(dict(FINDING, line="12")), report_of(dict(FINDING, line=True)),
                     "not json"):
            with self.assertRaises(Fatal, msg=text):
                checker.parse_findings(text)

    def test_rules(self):
        doc = {"version": "0.1.0", "rules": [
            {"id": "espipe-test", "severity": "warning", "confidence": "high",
             "fix": "nonseekable_open.cocci", "summary": "s", "help": "h"},
            {"id": "pread-hole", "severity": "warning", "confidence": "medium",
             "fix": None, "summary": "s", "help": "h"}]}
        got = [(r.id, r.fix) for r in checker.parse_rules(json.dumps(doc))]
        self.assertEqual(got, [("espipe-test", "nonseekable_open"), ("pread-hole", None)])

    def test_flags(self):
        doc = {"files": [{"file": "a.c", "how": "tree flags", "root": "/k",
                          "args": ["-nostdinc", "-I", "/k/include", "-D__KERNEL__"]},
                         {"file": "b.c", "how": "fallback header", "root": None, "args": []}]}
        self.assertEqual(checker.parse_flags(json.dumps(doc), 2),
                         [["-nostdinc", "-I", "/k/include", "-D__KERNEL__"], []])
        with self.assertRaises(Fatal):
            checker.parse_flags(json.dumps(doc), 3)

    def test_eras(self):
        doc = {"files": [{"file": "a.c", "how": "tree flags", "root": "/k", "vfs": [],
                          "args": []},
                         {"file": "b.c", "how": "fallback header", "root": None,
                          "vfs": ["kernel_unknown"], "args": []}]}
        self.assertEqual(checker.parse_eras(json.dumps(doc), 2), [[], ["kernel_unknown"]])
        doc["files"][1]["vfs"] = ["-D x"]
        with self.assertRaises(Fatal):
            checker.parse_eras(json.dumps(doc), 2)
        del doc["files"][1]["vfs"]
        with self.assertRaises(Fatal):
            checker.parse_eras(json.dumps(doc), 2)

    def test_changed_lines(self):
        doc = {"files": [{"path": "drivers/x.c", "lines": [12, 13], "deletions": [40]}]}
        c, = checker.parse_changes(json.dumps(doc))
        self.assertEqual((c.path, c.lines), ("drivers/x.c", {12, 13}))


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

    def test_summary_follows_the_checkers_rules(self):
        rules = [checker.Rule("zeta", "p_one"), checker.Rule("alpha", None)]
        found = [finding("d/a.c", 1, "alpha", "checker"), finding("d/a.c", 2, "p_one", "cocci")]
        lines = report.summary(found, rules, ["p_one"])
        rows = [line.split() for line in lines[2:5]]
        self.assertEqual(rows, [["zeta", "0", "0", "0", "0", "p_one"],
                                ["alpha", "1", "0", "1", "0", "-"],
                                ["p_one", "1", "0", "1", "0", "itself"]])

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
        os.makedirs(os.path.dirname(path), exist_ok=True)
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

    def test_walk_skips_dot_directories(self):
        self.put("d/a.c", b"x\n")
        self.put(".pc/d/a.c", b"x\n")
        self.put("d/.git/b.c", b"x\n")
        self.put("d/.hidden.c", b"x\n")
        roots, sources = files.collect([self.tree])
        self.assertEqual([s.rel for s in sources], ["d/.hidden.c", "d/a.c"])

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

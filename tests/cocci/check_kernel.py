#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""stream_open.cocci and the kernel era it is told.

usage: check_kernel.py [--spatch SPATCH] --checker CHECKER CORPUS PATCH_DIR CHECK

The small kernel trees of CORPUS/modern each have a top Makefile giving
their version.  The era of a version is what the checker says of it
(--print-flags' "vfs"), handed to spatch as -D NAME.  CHECK is one of

  same     each tree, told the era of the version of its Makefile,
           becomes its corpus/expected copy
  X.Y[.Z]  told the era of X.Y on all the trees, whatever their Makefiles
           say ("today": told -D era_given; told nothing, the patch reads the
           era from each file, which tests/cocci/alone checks), in
           every mode: patch mode adds stream_open from 5.2 and
           nonseekable_open before, never adds no_llseek from 6.12 (nor
           leaves one where spatch sees it) and never drops it before, and
           a second run changes nothing; report and org name the same
           places, with ERROR only from 3.14 and no advice the version
           cannot follow; context marks those places; before 2.6.8 no mode
           says anything
  unknown  with -D kernel_unknown nothing changes and standard error names
           the files left alone
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_cocci  # noqa: E402
import eras  # noqa: E402

NAME = "stream_open"
MODERN = "modern"
VERSION_RE = re.compile(r"^v?(\d+)\.(\d+)(?:\.(\d+))?$")
MAKEVAR_RE = re.compile(r"^(VERSION|PATCHLEVEL|SUBLEVEL)\s*=\s*(\d*)\s*$", re.M)
REPORT_RE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):\d+-\d+: (?P<msg>.*)$")
ORG_RE = re.compile(r"^\*+ TODO \[\[view:(?P<file>.+?)::face=[^:]*::linb=(?P<line>\d+)::"
                    r"[^\]]*\]\[(?P<msg>.*)\]\]$")


class Failure(Exception):
    pass


def version(text):
    if text == "today":
        return (9999, 0, 0)
    m = VERSION_RE.match(text)
    return m and (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def spatch(args, tree, mode, extra, where="."):
    cocci = os.path.join(args.patch_dir, NAME + ".cocci")
    cmd = [args.spatch, "--python", sys.executable, "--sp-file", cocci, "-D", mode,
           "--very-quiet", "--dir", where] + extra + check_cocci.patch_options(cocci)
    return subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, errors="replace")


def ok_spatch(args, tree, mode, extra, where="."):
    p = spatch(args, tree, mode, extra, where)
    if p.returncode != 0:
        raise Failure("spatch -D %s %s failed (exit %d):\n%s"
                      % (mode, " ".join(extra), p.returncode, p.stderr[-3000:]))
    return p.stdout


def apply(diff, tree, where):
    """Apply a diff of spatch --dir WHERE (its paths start below WHERE)."""
    if not diff.strip():
        return
    p = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch", "-s", "-d",
                        os.path.join(tree, where)],
                       input=diff, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode != 0:
        raise Failure("the diff does not apply:\n%s" % p.stdout)


def trees(corpus):
    """(directory under the corpus, version of its Makefile) of each tree."""
    out = []
    for rel in check_cocci.makefiles(corpus):
        with open(os.path.join(corpus, rel), encoding="utf-8") as f:
            fields = dict(MAKEVAR_RE.findall(f.read()))
        v = "%s.%s" % (fields["VERSION"], fields["PATCHLEVEL"])
        if fields.get("SUBLEVEL") not in (None, "", "0"):
            v += "." + fields["SUBLEVEL"]
        out.append((os.path.dirname(rel), v))
    if not out:
        raise Failure("no kernel tree with a top Makefile in %s" % corpus)
    return out


def code(text):
    """Text without its comments, line breaks kept (good enough for the
    corpus)."""
    return re.sub(r"/\*.*?\*/|//[^\n]*",
                  lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def sources(tree):
    for root, dirs, files in os.walk(tree):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                yield os.path.join(root, name)


def era_options(args, text):
    """spatch's options for the era of version text."""
    if text == "today":
        return ["-D", "era_given"]
    cocci = os.path.join(args.patch_dir, NAME + ".cocci")
    try:
        return eras.defines(eras.of_version(args.checker, text), cocci)
    except eras.EraError as e:
        raise Failure(str(e))


def check_same(args, tree):
    problems = []
    for rel, v in trees(args.corpus):
        apply(ok_spatch(args, tree, "patch", era_options(args, v), where=rel), tree, rel)
        for path in sources(os.path.join(tree, rel)):
            name = os.path.relpath(path, tree)
            if check_cocci.read(path) != check_cocci.wanted(args.corpus, name):
                problems.append("%s: told the era of %s, differs from its expected form\n%s"
                                % (name, v, check_cocci.unified(
                                    name, check_cocci.wanted(args.corpus, name),
                                    check_cocci.read(path))))
    return problems


def places(out, pattern):
    found = {}
    for text in out.splitlines():
        m = pattern.match(text)
        if m:
            key = (check_cocci.norm(m.group("file")), int(m.group("line")))
            found.setdefault(key, []).append(m.group("msg"))
    return found


def diff_lines(diff, sign):
    return [t[1:] for t in diff.splitlines() if t.startswith(sign) and not t.startswith(sign * 3)]


def check_version(args, tree, text):
    v = version(text)
    opt = era_options(args, text)
    where = MODERN
    problems = []
    diff = ok_spatch(args, tree, "patch", opt, where)
    report = places(ok_spatch(args, tree, "report", opt, where), REPORT_RE)
    org = places(ok_spatch(args, tree, "org", opt, where), ORG_RE)
    marks = check_cocci.context_marks(ok_spatch(args, tree, "context", opt, where))
    if v < (2, 6, 8):
        for mode, out in (("patch", diff), ("report", report), ("org", org),
                          ("context", {k: s for k, s in marks.items() if s})):
            if out:
                problems.append("%s mode says something for Linux %s, which has no "
                                "nonseekable_open()" % (mode, text))
        return problems
    if not diff.strip():
        return ["patch mode changes nothing for Linux %s" % text]

    added, removed = diff_lines(diff, "+"), diff_lines(diff, "-")
    want, never = ("stream_open", "nonseekable_open") if v >= (5, 2, 0) \
        else ("nonseekable_open", "stream_open")
    if not any(want in code(t) for t in added):
        problems.append("patch mode adds no %s for Linux %s" % (want, text))
    problems += ["patch mode adds %s for Linux %s: %s" % (never, text, t.strip())
                 for t in added if never in code(t)]
    if v >= (6, 12, 0):
        problems += ["patch mode adds no_llseek for Linux %s: %s" % (text, t.strip())
                     for t in added if "no_llseek" in code(t)]
    else:
        dropped = sum("no_llseek" in code(t) for t in removed)
        kept = sum("no_llseek" in code(t) for t in added)
        if dropped > kept:
            problems.append("patch mode drops no_llseek for Linux %s" % text)

    apply(diff, tree, where)
    if v >= (6, 12, 0):
        for path in sources(os.path.join(tree, where)):
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(code(f.read()).split("\n"), 1):
                    # A macro spatch cannot see into keeps it (and is reported).
                    if "no_llseek" in line and not line.lstrip().startswith("#define"):
                        problems.append("%s:%d: no_llseek left for Linux %s"
                                        % (os.path.relpath(path, tree), n, text))
    again = ok_spatch(args, tree, "patch", opt, where)
    if again.strip():
        problems.append("a second run for Linux %s still changes:\n%s" % (text, again))

    if set(report) != set(org):
        problems.append("report and org name different places for Linux %s: %s"
                        % (text, sorted(set(report) ^ set(org))))
    messages = [m for ms in report.values() for m in ms]
    errors = [m for m in messages if m.startswith("ERROR:")]
    if v >= (3, 14, 0) and not errors:
        problems.append("no ERROR for Linux %s, where read() and write() take the f_pos lock"
                        % text)
    if v < (3, 14, 0) and errors:
        problems.append("ERROR for Linux %s, which takes no f_pos lock: %s" % (text, errors[0]))
    for m in messages:
        if v >= (6, 12, 0) and "= no_llseek" in m:
            problems.append("advice Linux %s cannot follow: %s" % (text, m))
        if v < (5, 2, 0) and re.search(r"(call|= )stream_open|instead of nonseekable", m):
            problems.append("advice Linux %s cannot follow: %s" % (text, m))
    for (rel, line) in sorted(report):
        if line not in marks.get(rel, ()):
            problems.append("%s:%d: named by report mode for Linux %s, not marked by context "
                            "mode" % (rel, line, text))
    for rel, lines in sorted(marks.items()):
        for run in check_cocci.runs(lines):
            if not any((rel, n) in report for n in run):
                problems.append("%s:%d-%d: marked by context mode for Linux %s, but named by "
                                "no report" % (rel, run[0], run[-1], text))
    return problems


def check_unknown(args, tree):
    opt = ["-D", "kernel_unknown"]
    out = ok_spatch(args, tree, "patch", opt, ".")
    p = spatch(args, tree, "report", opt, ".")
    problems = []
    if out.strip():
        problems.append("files of an unknown era changed:\n%s" % out[:2000])
    if p.stdout.strip():
        problems.append("report mode names places in files of an unknown era:\n%s"
                        % p.stdout[:2000])
    named = re.findall(r"^stream_open\.cocci: (\S+): its kernel's era is not known",
                       p.stderr, re.M)
    if not named:
        problems.append("standard error names no file left alone for want of an era:\n%s"
                        % p.stderr[-2000:])
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, which says what each kernel's era is")
    ap.add_argument("corpus")
    ap.add_argument("patch_dir")
    ap.add_argument("check")
    args = ap.parse_args()
    if args.check not in ("same", "unknown") and not version(args.check):
        ap.error("CHECK is same, unknown, today or a kernel version, not %r" % args.check)
    args.corpus = os.path.abspath(args.corpus)
    args.patch_dir = os.path.abspath(args.patch_dir)
    with tempfile.TemporaryDirectory(prefix="safeseek-kernel-") as tree:
        check_cocci.copy_corpus(args.corpus, tree)
        try:
            if args.check == "same":
                problems = check_same(args, tree)
            elif args.check == "unknown":
                problems = check_unknown(args, tree)
            else:
                problems = check_version(args, tree, args.check)
        except Failure as e:
            problems = [str(e)]
    return check_cocci.verdict("check_kernel", args.check, problems)


if __name__ == "__main__":
    sys.exit(main())

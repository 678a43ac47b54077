#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Each semantic patch run alone, as the README shows it, converts for the
tree in front of it.

usage: check_alone.py [--spatch SPATCH] PATCH_DIR CASES_DIR

CASES_DIR holds a directory per case, PATCH-WHAT (the patch it runs) or
all-WHAT (every patch, one after the other, each on what the one before
left), with a subtree before/ (no top Makefile: no era told) and, when the
patch changes it, the subtree after/ it must become.  Each patch runs as
`spatch --sp-file PATCH.cocci -D patch --dir DIR`, no -D naming the era,
with the options a file `spflags` in the case directory holds, if any (the
headers a case puts in reach: --all-includes -I include; lines starting
with '#' are comments).
The case passes when:
  - patch mode turns before/ into after/ file for file (into before/ itself
    when there is no after/), and a second run changes nothing;
  - report mode prints, for every line of before/ that carries a comment
    `report: TEXT`, a message with TEXT at that line, and no message
    naming a line without one.
"""

import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

PATCHES = ("nonseekable_open", "sysctl_ppos", "rw_ppos", "stream_open")
EXPECT_RE = re.compile(r"/\* report: (?P<text>.*?) \*/")
REPORT_RE = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+-\d+: (?P<text>.*)$")


def spatch(args, patch, mode, tree, flags, *more):
    cmd = [args.spatch, "--python", sys.executable,
           "--sp-file", os.path.join(args.patch_dir, patch + ".cocci"),
           "-D", mode, "--very-quiet", "--dir", "."] + flags + list(more)
    p = subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, errors="replace")
    if p.returncode != 0:
        raise RuntimeError("spatch %s -D %s failed in %s:\n%s" % (patch, mode, tree, p.stderr))
    return p.stdout


def files(tree):
    out = set()
    for top, _, names in os.walk(tree):
        out.update(os.path.relpath(os.path.join(top, n), tree) for n in names)
    return out


def differ(got, want):
    problems = []
    for rel in sorted(files(got) | files(want)):
        a, b = os.path.join(got, rel), os.path.join(want, rel)
        if not (os.path.exists(a) and os.path.exists(b) and filecmp.cmp(a, b, shallow=False)):
            problems.append(rel)
    return problems


def expected_reports(tree):
    want = {}
    for rel in files(tree):
        with open(os.path.join(tree, rel), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = EXPECT_RE.search(line)
                if m:
                    want[(rel, n)] = m.group("text")
    return want


def check_case(args, case, tmp):
    name = os.path.basename(case)
    patch = name.split("-")[0]
    patches = PATCHES if patch == "all" else (patch,)
    before = os.path.join(case, "before")
    after = os.path.join(case, "after")
    if not os.path.isdir(after):
        after = before
    flags = []
    if os.path.exists(os.path.join(case, "spflags")):
        with open(os.path.join(case, "spflags"), encoding="utf-8") as f:
            flags = [w for line in f if not line.startswith("#") for w in line.split()]
    problems = []
    tree = os.path.join(tmp, name)
    shutil.copytree(before, tree)
    for p in patches:
        spatch(args, p, "patch", tree, flags, "--in-place")
    for rel in differ(tree, after):
        problems.append("%s: %s is not as %s wants it" % (name, rel, os.path.relpath(after, case)))
    for p in patches:
        if spatch(args, p, "patch", tree, flags).strip():
            problems.append("%s: a second run of %s changes the result" % (name, p))
    want = expected_reports(before)
    got = {}
    for p in patches:
        for line in spatch(args, p, "report", before, flags).splitlines():
            m = REPORT_RE.match(line)
            if m:
                got.setdefault((os.path.normpath(m.group("file")), int(m.group("line"))),
                               []).append(m.group("text"))
    for (rel, n), text in sorted(want.items()):
        if not any(text in t for t in got.get((rel, n), [])):
            problems.append("%s: %s:%d: no report saying '%s'" % (name, rel, n, text))
    for (rel, n), texts in sorted(got.items()):
        if (rel, n) not in want:
            problems.append("%s: %s:%d: an unexpected report: %s" % (name, rel, n, texts[0]))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("patch_dir")
    ap.add_argument("cases")
    args = ap.parse_args()
    args.patch_dir = os.path.abspath(args.patch_dir)
    cases = sorted(os.path.join(args.cases, c) for c in os.listdir(args.cases))
    if not cases:
        print("check_alone: %s: no cases" % args.cases, file=sys.stderr)
        return 2
    problems = []
    tmp = tempfile.mkdtemp(prefix="alone-")
    try:
        for case in cases:
            try:
                problems += check_case(args, case, tmp)
            except RuntimeError as e:
                problems.append(str(e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for p in problems:
        print(p)
    print("check_alone: %d cases, %s" % (len(cases), "%d problem(s)" % len(problems)
                                          if problems else "all good"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every mode makes one decision: what --fix refuses to convert, report
mode does not propose and patch mode does not show.

The fixture (fixtures/macro-pos) reads and moves f_pos through a macro of
its own header: spatch alone would open its fops as a stream, the checker
sees the position used.  Report mode must list the checker's findings the
fixture's comments expect and no stream_open proposal; patch mode must
print no diff; --fix must change no file.

usage: test_modes_agree.py --top SRC_DIR --build BUILD_DIR
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

EXPECT_RE = re.compile(r"/\* expect: ([a-z_-]+) \*/")
FINDING_RE = re.compile(r"^(?P<file>\S+):(?P<line>\d+):\d+: (error|warning|note): .*\[(?P<tag>[a-z_-]+)\]$")


def expected(tree):
    want = set()
    for root, _, names in os.walk(tree):
        for n in names:
            if n.endswith((".c", ".h")):
                path = os.path.join(root, n)
                with open(path) as f:
                    for i, line in enumerate(f, 1):
                        for tag in EXPECT_RE.findall(line):
                            want.add((os.path.relpath(path, tree), i, tag))
    return want


def snapshot(tree):
    snap = {}
    for root, _, names in os.walk(tree):
        for n in names:
            with open(os.path.join(root, n), "rb") as f:
                snap[os.path.relpath(os.path.join(root, n), tree)] = f.read()
    return snap


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", required=True)
    ap.add_argument("--build", required=True)
    a = ap.parse_args()
    fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "macro-pos")
    env = dict(os.environ, SAFESEEK_BUILD_DIR=os.path.abspath(a.build))
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)
            print("FAIL:", what)

    def run(args, tree):
        p = subprocess.run([os.path.join(a.top, "run-check.sh"), "-j", "2"] + args + ["."],
                           cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=1200)
        return p.returncode, p.stdout, p.stderr

    tmp = tempfile.mkdtemp(prefix="safeseek-modes-")
    try:
        tree = os.path.join(tmp, "tree")
        shutil.copytree(fixture, tree)
        want = expected(tree)

        rc, out, err = run([], tree)
        got = {(m.group("file"), int(m.group("line")), m.group("tag"))
               for m in map(FINDING_RE.match, out.splitlines()) if m}
        print("report: exit %d, %d findings" % (rc, len(got)))
        check(rc == 1, "report mode: exit %d, not 1:\n%s" % (rc, err))
        check(got == want, "report mode: findings %s, the comments expect %s"
              % (sorted(got), sorted(want)))

        rc, out, err = run(["--mode=patch"], tree)
        print("patch: exit %d, %d lines of diff" % (rc, len(out.splitlines())))
        check(rc == 0 and not out, "patch mode proposes what --fix refuses (exit %d):\n%s"
              % (rc, out))

        before = snapshot(tree)
        rc, out, err = run(["--fix"], tree)
        print("--fix: exit %d" % rc)
        changed = [n for n, data in snapshot(tree).items() if before.get(n) != data]
        check(not changed, "--fix changed %s" % changed)
        check(rc == 1 and re.search(r"^  not converted: +%d$" % len(want), out, re.M),
              "--fix: exit %d, not 1 with the %d places not converted:\n%s"
              % (rc, len(want), out))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

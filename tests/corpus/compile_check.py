#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every corpus source compiles with gcc and passes sparse cleanly.

usage: compile_check.py CORPUS_DIR INCLUDE_DIR

Checks every .c file below CORPUS_DIR (skipping include/ and expected/ unless
CORPUS_DIR is itself an expected tree) with `gcc -fsyntax-only -nostdinc` and
with `sparse -nostdinc`, both against INCLUDE_DIR; any diagnostic fails.
"""

import os
import subprocess
import sys


def sources(top):
    for root, dirs, files in os.walk(top):
        rel = os.path.relpath(root, top).split(os.sep)[0]
        if rel in ("include", "expected"):
            dirs[:] = []
            continue
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".c"):
                yield os.path.join(root, name)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace")
    return p.returncode, p.stdout.strip()


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    top, inc = sys.argv[1], sys.argv[2]
    files = list(sources(top))
    if not files:
        print("compile_check: no .c files below %s" % top, file=sys.stderr)
        return 1
    failures = 0
    for path in files:
        for tool in (["gcc", "-fsyntax-only", "-Wall", "-Wno-unused-function",
                      "-nostdinc", "-I", inc, path],
                     # 2.4-style drivers keep their GNU "member: value"
                     # initializers, which sparse calls obsolete.
                     ["sparse", "-Wno-old-initializer", "-nostdinc", "-I", inc,
                      path]):
            rc, out = run(tool)
            if rc != 0 or out:
                failures += 1
                print("FAIL %s: %s\n%s" % (tool[0], path, out))
    print("compile_check: %d files, %d failures" % (len(files), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

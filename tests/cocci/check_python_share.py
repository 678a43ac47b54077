#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""In each semantic patch SmPL decides and Python only prints: Python is at
most a quarter of the code lines of its rules.

usage: check_python_share.py [--most FRACTION] COCCI...

Code lines are the lines of rules (metavariable declarations and bodies of
SmPL rules; bodies of script, initialize and finalize rules) that are
neither blank nor a comment (`//` in SmPL, `#` in Python).  What precedes
the first rule (the header, `virtual` lines) is no rule's.
"""

import argparse
import re
import sys

HEADER = re.compile(r"^@[^@]*@\s*$")
PYTHON = re.compile(r"(script|initialize|finalize)\s*:\s*python")


def shares(text):
    """(Python lines, SmPL lines) of a semantic patch."""
    py = smpl = 0
    kind = None
    for line in text.splitlines():
        s = line.strip()
        if s == "@@":
            if kind == "smpl-header":
                kind = "smpl"
            continue
        if HEADER.match(s):
            kind = "python" if PYTHON.search(s) else "smpl-header"
            continue
        if kind is None or not s or s.startswith("//"):
            continue
        if kind == "python":
            if not s.startswith("#"):
                py += 1
        else:
            smpl += 1
    return py, smpl


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--most", type=float, default=0.25)
    ap.add_argument("cocci", nargs="+")
    args = ap.parse_args()
    bad = 0
    for path in args.cocci:
        with open(path, encoding="utf-8") as f:
            py, smpl = shares(f.read())
        share = py / float(py + smpl) if py + smpl else 0.0
        ok = share <= args.most
        bad += not ok
        print("%s: Python %d of %d code lines (%.0f%%)%s"
              % (path, py, py + smpl, 100 * share,
                 "" if ok else ", over %.0f%%" % (100 * args.most)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check the benchmark tree generator.

    test_gen.py [--files N] [--no-compile]

Same seed twice must give byte-identical trees (same digest), another seed a
different one; the share of files touching f_pos must be what was asked; and
every generated .c file must compile cleanly against the tree's include/
(gcc -fsyntax-only -Wall), as the checker and spatch are meant to see
well-formed code.  Exits 0 when all hold, 1 otherwise.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_tree  # noqa: E402


def c_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        if os.path.relpath(dirpath, root).split(os.sep)[0] == "include":
            continue
        out += [os.path.join(dirpath, f) for f in filenames if f.endswith(".c")]
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=400)
    ap.add_argument("--no-compile", action="store_true")
    a = ap.parse_args()
    failures = []
    tmp = tempfile.mkdtemp(prefix="safeseek-gen-")
    try:
        digests = {}
        for name, seed in (("a", 3), ("b", 3), ("c", 4)):
            root = os.path.join(tmp, name)
            gen_tree.generate(root, a.files, seed, 1.5, gen_tree.DEFAULT_INCLUDE,
                              2 if name == "b" else 1)
            digests[name] = gen_tree.tree_hash(root)
        if digests["a"] != digests["b"]:
            failures.append("same seed gave different trees: %s vs %s"
                            % (digests["a"], digests["b"]))
        if digests["a"] == digests["c"]:
            failures.append("different seeds gave the same tree")

        root = os.path.join(tmp, "a")
        files = c_files(root)
        if len(files) != a.files:
            failures.append("%d .c files, wanted %d" % (len(files), a.files))
        with_fpos = [f for f in files if "f_pos" in open(f).read()]
        want = int(round(a.files * 1.5 / 100))
        if len(with_fpos) != want:
            failures.append("%d files touch f_pos, wanted %d"
                            % (len(with_fpos), want))

        if not a.no_compile:
            bad = 0
            for f in files:
                r = subprocess.run(
                    ["gcc", "-fsyntax-only", "-Wall", "-Wno-unused-function",
                     "-nostdinc", "-I", os.path.join(root, "include"),
                     "-I", os.path.dirname(f), f],
                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    universal_newlines=True)
                if r.returncode or r.stdout:
                    bad += 1
                    if bad <= 3:
                        failures.append("%s does not compile cleanly:\n%s"
                                        % (os.path.relpath(f, root),
                                           r.stdout[:600]))
            if bad > 3:
                failures.append("... %d files in all do not compile" % bad)
    finally:
        shutil.rmtree(tmp)

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("ok: %d files, deterministic, f_pos share as asked%s"
              % (a.files, "" if a.no_compile else ", all compile"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

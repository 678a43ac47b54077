#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Does the output of run-check.sh --fix build?

usage: fix_builds.py ORIGINAL CONVERTED [-j N] [--arch ARCH]

ORIGINAL is the tree before `run-check.sh --fix`, CONVERTED a configured
copy of it after (`make defconfig` or `make allmodconfig`, then `make
prepare`).  Every .c file the conversion changed is built on its own in
CONVERTED with Kbuild (`make path/file.o`).  A file that fails is built
again as it was before the conversion, so that a failure of the tree itself
(another architecture's file, a configuration that does not build it) is
told apart from one the conversion caused.  Changed headers are listed:
their includers are built with the files that changed beside them.

Exit status: 0 when no file fails only after the conversion, 1 otherwise,
2 on a usage error.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time


def changed_files(original, converted):
    """Relative paths of the .c and .h files whose bytes differ."""
    out = []
    for root, dirs, files in os.walk(converted):
        # what make wrote (include/generated, arch/*/include/generated) is
        # the configuration's, not the conversion's
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "generated"]
        for name in files:
            if not name.endswith((".c", ".h")):
                continue
            new = os.path.join(root, name)
            rel = os.path.relpath(new, converted)
            old = os.path.join(original, rel)
            try:
                a, b = os.stat(old), os.stat(new)
            except OSError:
                continue
            if (a.st_size, a.st_mtime_ns) == (b.st_size, b.st_mtime_ns):
                continue
            with open(old, "rb") as f, open(new, "rb") as g:
                if f.read() != g.read():
                    out.append(rel)
    return sorted(out)


def build(tree, rels, jobs, arch):
    """Build the objects of the .c files `rels` in one `make -k`: the set of
    those that built.  Each source is given a new time first, so that an
    object built from other bytes of it is never taken as up to date."""
    for rel in rels:
        os.utime(os.path.join(tree, rel))
    start = time.time()
    cmd = ["make", "-k", "-j%d" % jobs, "-s"] + [rel[:-2] + ".o" for rel in rels]
    if arch:
        cmd.append("ARCH=" + arch)
    p = subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace")
    built = set()
    for rel in rels:
        obj = os.path.join(tree, rel[:-2] + ".o")
        if os.path.exists(obj) and os.stat(obj).st_mtime >= start - 1:
            built.add(rel)
    return built, p.stdout.splitlines()


def first_error(lines, rel):
    for line in lines:
        if line.startswith(rel) and "error" in line:
            return line.strip()
    return "(no error line names it)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("original")
    ap.add_argument("converted")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--arch", default=None)
    a = ap.parse_args()
    for d in (a.original, a.converted):
        if not os.path.isfile(os.path.join(d, "Makefile")):
            print("fix_builds.py: %s: not a kernel tree (no Makefile)" % d, file=sys.stderr)
            return 2
    if not os.path.isfile(os.path.join(a.converted, ".config")):
        print("fix_builds.py: %s: not configured (no .config)" % a.converted, file=sys.stderr)
        return 2

    files = changed_files(a.original, a.converted)
    sources = [f for f in files if f.endswith(".c")]
    headers = [f for f in files if f.endswith(".h")]
    built, out = build(a.converted, sources, a.jobs, a.arch)
    failed = [rel for rel in sources if rel not in built]
    # Each failure again as it was before the conversion.
    for rel in failed:
        path = os.path.join(a.converted, rel)
        os.replace(path, path + ".converted")
        shutil.copy2(os.path.join(a.original, rel), path)
    try:
        built_before, _ = build(a.converted, failed, a.jobs, a.arch) if failed else (set(), [])
    finally:
        for rel in failed:
            path = os.path.join(a.converted, rel)
            os.replace(path + ".converted", path)
            os.utime(path)
    broken_before = [rel for rel in failed if rel not in built_before]
    caused = [rel for rel in failed if rel in built_before]
    for rel in sources:
        if rel in built:
            print("builds:                 %s" % rel)
        elif rel in caused:
            print("FAILS ONLY CONVERTED:   %s: %s" % (rel, first_error(out, rel)))
        else:
            print("fails before and after: %s: %s" % (rel, first_error(out, rel)))
    print()
    print("changed: %d .c files, %d headers%s" % (len(sources), len(headers),
                                                 (" (%s)" % ", ".join(headers)) if headers else ""))
    print("built after the conversion: %d" % len(built))
    print("not built before either (this configuration or architecture): %d" % len(broken_before))
    print("broken by the conversion: %d%s" % (len(caused),
                                             (" (%s)" % ", ".join(caused)) if caused else ""))
    return 1 if caused else 0


if __name__ == "__main__":
    sys.exit(main())

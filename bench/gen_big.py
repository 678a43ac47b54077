#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""One big generated file, for the cost of the checker in a file's size.

    gen_big.py OUT.c SIZE          write about SIZE bytes (suffix K or M)
    gen_big.py --bench CHECKER     time CHECKER on 64K, 256K, 1M and 50M files
                                   and print the rows of bench/results.md

The file is one-line readers of f_pos, `static loff_t gN(struct file *f)
{return f->f_pos;}`, each a finding, none in any table: the shape that made
the analysis cost the square of the file's size (every such function sent
the checker through the whole text again).  A 1 MB file holds about 16,000
of them.  The checker's default --time-limit must let the 50 MB one through,
or name it as over the limit.
"""

import os
import resource
import subprocess
import sys
import tempfile
import time

HEADER = "typedef long long loff_t;\nstruct file { loff_t f_pos; };\n"
LINE = "static loff_t g%d(struct file *f){return f->f_pos;}\n"
SIZES = ["64K", "256K", "1M", "50M"]


def size_of(text):
    units = {"K": 1 << 10, "M": 1 << 20}
    if text[-1:].upper() in units:
        return int(text[:-1]) * units[text[-1].upper()]
    return int(text)


def generate(path, size):
    n = 0
    with open(path, "w") as f:
        f.write(HEADER)
        written = len(HEADER)
        while written < size:
            line = LINE % n
            f.write(line)
            written += len(line)
            n += 1
    return n


def bench(checker):
    print("| file | functions | CPU | wall | peak RSS | exit | findings or verdict |")
    print("|---|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="safeseek-big-") as d:
        for size in SIZES:
            path = os.path.join(d, "big.c")
            n = generate(path, size_of(size))
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            proc = subprocess.run([checker, "--no-cache", "-q", path],
                                  capture_output=True, text=True)
            wall = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            said = proc.stderr.strip().splitlines()
            verdict = ("%d findings" % proc.stdout.count("[fpos-other]")
                       if proc.returncode == 1 else said[-1] if said else "")
            print("| %s | %d | %.2f s | %.2f s | %d MB | %d | %s |"
                  % (size, n, cpu, wall, after.ru_maxrss // 1024, proc.returncode, verdict))
            os.unlink(path)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bench":
        bench(sys.argv[2])
    elif len(sys.argv) == 3:
        generate(sys.argv[1], size_of(sys.argv[2]))
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

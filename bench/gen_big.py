#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""One big generated file, for the cost of the checker in a file's size.

    gen_big.py OUT.c SIZE [--drivers]   write about SIZE bytes (suffix K or M)
    gen_big.py --bench CHECKER          time CHECKER on 64K, 256K, 1M and 50M
                                        files of each shape and print the rows
                                        of bench/results.md

The file is one-line readers of f_pos, `static loff_t gN(struct file *f)
{return f->f_pos;}`, each a finding, none in any table: the shape that made
the analysis cost the square of the file's size (every such function sent
the checker through the whole text again).  A 1 MB file holds about 16,000
of them.  With --drivers, each piece is a small driver instead: a read
method refusing pread, a line the bundled header cannot parse, an open
method and a file_operations naming both, the shape that sent the prefilter
through the whole text once per method.  The checker's default --time-limit
must let the 50 MB files through, or name them as over the limit.
"""

import os
import resource
import subprocess
import sys
import tempfile
import time

HEADER = "typedef long long loff_t;\nstruct file { loff_t f_pos; };\n"
LINE = "static loff_t g%d(struct file *f){return f->f_pos;}\n"
DRIVER_HEADER = HEADER + """typedef unsigned long size_t;
typedef long ssize_t;
struct inode;
struct file_operations {
	ssize_t (*read)(struct file *, char *, size_t, loff_t *);
	int (*open)(struct inode *, struct file *);
};
#define ESPIPE 29
"""
DRIVER = """static ssize_t r{0}(struct file *f, char *b, size_t n, loff_t *ppos)
{{
	if (ppos != &f->f_pos)
		return -ESPIPE;
	unknown_type_{0} x = 0;
	f->f_pos += n;
	return n;
}}
static int o{0}(struct inode *i, struct file *f) {{ return 0; }}
static struct file_operations fops{0} = {{ .read = r{0}, .open = o{0} }};
"""
SIZES = ["64K", "256K", "1M", "50M"]


def size_of(text):
    units = {"K": 1 << 10, "M": 1 << 20}
    if text[-1:].upper() in units:
        return int(text[:-1]) * units[text[-1].upper()]
    return int(text)


def generate(path, size, drivers=False):
    n = 0
    header = DRIVER_HEADER if drivers else HEADER
    with open(path, "w") as f:
        f.write(header)
        written = len(header)
        while written < size:
            line = DRIVER.format(n) if drivers else LINE % n
            f.write(line)
            written += len(line)
            n += 1
    return n


def bench(checker):
    print("| file | pieces | CPU | wall | peak RSS | exit | findings or verdict |")
    print("|---|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="safeseek-big-") as d:
        for drivers, size in [(s == "drivers", size) for s in ("readers", "drivers")
                              for size in SIZES]:
            path = os.path.join(d, "big.c")
            n = generate(path, size_of(size), drivers)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            proc = subprocess.run([checker, "--no-cache", "-q", path],
                                  capture_output=True, text=True)
            wall = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            said = proc.stderr.strip().splitlines()
            verdict = ("%d findings" % proc.stdout.count("\n")
                       if proc.returncode == 1 else said[-1] if said else "")
            print("| %s %s | %d | %.2f s | %.2f s | %d MB | %d | %s |"
                  % (size, "drivers" if drivers else "readers", n, cpu, wall,
                     after.ru_maxrss // 1024, proc.returncode, verdict))
            os.unlink(path)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bench":
        bench(sys.argv[2])
    elif len(sys.argv) in (3, 4) and sys.argv[3:] in ([], ["--drivers"]):
        generate(sys.argv[1], size_of(sys.argv[2]), len(sys.argv) == 4)
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""nonseekable_open.cocci on the stress driver: every conversion, in time.

usage: check_stress.py [--spatch SPATCH] [--cap SEC] PATCH_DIR GEN_STRESS

GEN_STRESS (bench/gen_stress.py) writes a 6,800-line 2.4 OSS driver with
every refusal shape the patch converts.  The patch runs on it as coccicheck
runs it, once told -D no_llseek_exists (before 6.12) and once told -D
era_given (today's kernel: a 2.4 driver shows its own era otherwise), each
stopped
after --cap seconds of CPU (default 60: the target is 10, and a patch whose
cost explodes with the size of a method takes minutes); the converted
driver must then hold every conversion gen_stress.py --check asks for.
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import capped_spatch  # noqa: E402


# (label, the era spatch is told, the kernel gen_stress.py --check checks for)
ERAS = (("-D no_llseek_exists", ["-D", "no_llseek_exists"], None),
        ("today's kernel", ["-D", "era_given"], "6.12"))


def run_patch(args, tree, era):
    cocci = os.path.join(args.patch_dir, "nonseekable_open.cocci")
    ran = capped_spatch.run(capped_spatch.command(args.spatch, cocci, "patch",
                                                  ["stress_oss.c"], era),
                            args.cap, cwd=tree)
    why = ran.problem(args.cap)
    return (None, why) if why else (ran.stdout, None)


def check(args, work, label, era, kernel):
    tree = os.path.join(work, kernel or "older")
    os.makedirs(tree)
    src = os.path.join(tree, "stress_oss.c")
    subprocess.run([sys.executable, args.gen, src], check=True)
    diff, why = run_patch(args, tree, era)
    if why:
        return ["%s: %s" % (label, why)]
    p = subprocess.run(["patch", "-p0", "--no-backup-if-mismatch", "-s", src],
                       input=diff, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode != 0:
        return ["%s: the diff does not apply:\n%s" % (label, p.stdout)]
    cmd = [sys.executable, args.gen, "--check", src] + (["--kernel", kernel] if kernel else [])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    print("%s: %s" % (label, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""))
    if p.returncode != 0:
        return ["%s:\n%s" % (label, p.stdout)]
    return []


def main():
    args = capped_spatch.arguments(__doc__)
    args.patch_dir = os.path.abspath(args.patch_dir)
    args.gen = os.path.abspath(args.gen)
    if not shutil.which(args.spatch):
        print("check_stress: %s: not found" % args.spatch, file=sys.stderr)
        return 2
    problems = []
    with tempfile.TemporaryDirectory(prefix="safeseek-stress-") as work:
        for label, era, kernel in ERAS:
            problems += check(args, work, label, era, kernel)
    for p in problems:
        print(p)
    print("check_stress: nonseekable_open: %s"
          % ("%d problem(s)" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

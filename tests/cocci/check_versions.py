#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The semantic patches told a kernel's era: what they write and what they say.

usage: check_versions.py [--spatch SPATCH] --checker CHECKER PATCH_DIR CASES_DIR

CASES_DIR holds cases named PATCH-WHAT.c, each run through semantic patch
PATCH, and a directory kernel-X.Y for each version to run them under, told
the era the checker gives X.Y (-D NAME, as run-check.sh tells it).  For
every case and version:
  - patch mode turns the case into kernel-X.Y/CASE.c, or leaves it as it is
    when there is no such file;
  - a second run over that result changes nothing;
  - report mode prints kernel-X.Y/CASE.report, line for line, when the file
    is there;
  - from 6.12 on, where the kernel has no no_llseek, nothing the patch
    writes or prints names it.

Spatch runs with the options of the patch's own `// Options:` header line.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_cocci  # noqa: E402
import eras  # noqa: E402

CASE_RE = re.compile(r"^(?P<patch>[a-z_]+)-[\w-]+\.c$")
KERNEL_RE = re.compile(r"^kernel-(?P<version>\d+\.\d+(?:\.\d+)?)$")


def version_key(text):
    return tuple(int(n) for n in text.split("."))


def spatch(args, patch, mode, kernel, tree, name):
    cocci = os.path.join(args.patch_dir, patch + ".cocci")
    try:
        era = eras.defines(eras.of_version(args.checker, kernel), cocci)
    except eras.EraError as e:
        raise check_cocci.Failure(str(e))
    cmd = [args.spatch, "--python", sys.executable, "--sp-file", cocci, "-D", mode,
           "--very-quiet", name] + era + check_cocci.patch_options(cocci)
    return subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, errors="replace")


def apply(args, patch, kernel, tree, name):
    """Run patch mode over tree/name and apply the diff; the diff."""
    p = spatch(args, patch, "patch", kernel, tree, name)
    if p.returncode != 0:
        raise check_cocci.Failure("spatch %s for kernel %s failed on %s:\n%s"
                                  % (patch, kernel, name, p.stderr))
    if p.stdout.strip():
        q = subprocess.run(["patch", "-p0", "--no-backup-if-mismatch", "-s"], cwd=tree,
                           input=p.stdout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if q.returncode != 0:
            raise check_cocci.Failure("the diff of %s does not apply:\n%s" % (patch, q.stdout))
    return p.stdout


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def check_case(args, case, patch, kernel):
    problems = []
    kdir = os.path.join(args.cases, "kernel-" + kernel)
    with tempfile.TemporaryDirectory(prefix="safeseek-versions-") as tree:
        shutil.copy(os.path.join(args.cases, case), os.path.join(tree, case))
        diff = apply(args, patch, kernel, tree, case)
        got = read(os.path.join(tree, case))
        want_path = os.path.join(kdir, case)
        want = read(want_path) if os.path.exists(want_path) else read(os.path.join(args.cases, case))
        if got != want:
            problems.append("%s, kernel %s: differs from %s\n%s" % (
                case, kernel, os.path.relpath(want_path, args.cases)
                if os.path.exists(want_path) else "the case (no change is wanted)",
                check_cocci.unified(case, want.encode(), got.encode())))
        again = apply(args, patch, kernel, tree, case)
        if again.strip():
            problems.append("%s, kernel %s: a second run still changes:\n%s" % (case, kernel, again))

        shutil.copy(os.path.join(args.cases, case), os.path.join(tree, case))
        p = spatch(args, patch, "report", kernel, tree, case)
        if p.returncode != 0:
            raise check_cocci.Failure("spatch %s -D report for kernel %s failed on %s:\n%s"
                                      % (patch, kernel, case, p.stderr))
        report = p.stdout
        want_report = os.path.join(kdir, case[:-len(".c")] + ".report")
        if os.path.exists(want_report) and sorted(report.splitlines()) != sorted(
                read(want_report).splitlines()):
            problems.append("%s, kernel %s: report mode does not print %s; it prints:\n%s"
                            % (case, kernel, os.path.relpath(want_report, args.cases), report))
    if version_key(kernel) >= (6, 12):
        for line in (diff + report).splitlines():
            if "no_llseek" in line and not line.startswith(("-", " ")):
                problems.append("%s, kernel %s: names no_llseek, which %s does not have: %s"
                                % (case, kernel, kernel, line))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, which says what each kernel's era is")
    ap.add_argument("patch_dir")
    ap.add_argument("cases")
    args = ap.parse_args()
    args.patch_dir = os.path.abspath(args.patch_dir)
    args.cases = os.path.abspath(args.cases)
    entries = sorted(os.listdir(args.cases))
    cases = [(e, CASE_RE.match(e).group("patch")) for e in entries if CASE_RE.match(e)]
    kernels = sorted((KERNEL_RE.match(e).group("version") for e in entries if KERNEL_RE.match(e)),
                     key=version_key)
    if not cases or not kernels:
        print("check_versions: no cases or no kernel-X.Y directories in %s" % args.cases,
              file=sys.stderr)
        return 2
    problems = []
    try:
        for kernel in kernels:
            for case, patch in cases:
                problems += check_case(args, case, patch, kernel)
    except check_cocci.Failure as e:
        problems.append(str(e))
    return check_cocci.verdict("check_versions", "%d case(s), kernels %s"
                               % (len(cases), " ".join(kernels)), problems)


if __name__ == "__main__":
    sys.exit(main())

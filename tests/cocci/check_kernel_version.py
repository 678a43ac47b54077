#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""nonseekable_open.cocci on a tree of a kernel without no_llseek.

usage: check_kernel_version.py [--spatch SPATCH] --checker CHECKER TREE PATCH_DIR

TREE is a small kernel tree whose top Makefile gives VERSION and PATCHLEVEL
(6.12 or later) and whose expected/ holds each file as the patch must leave
it.  The patch runs as run-check.sh runs it on such a tree, told the era the
checker reads from the Makefile (no -D at all for today's kernel), and
  - patch mode turns the tree into expected/, and a second run changes
    nothing;
  - nothing in the converted tree names no_llseek, and no report or org
    message does;
  - report and org mode name exactly the lines annotated with the patch's
    expectation tags (corpus/README.md).
Told -D no_llseek_exists (a kernel before 6.12), the same tree must come
out differently, naming no_llseek: the era is what makes the difference.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_cocci  # noqa: E402
import eras  # noqa: E402

NAME = "nonseekable_open"
OLDER = ("no_llseek_exists",)


def tree_era(args):
    """The one era the checker gives the tree's files."""
    try:
        groups = eras.of_files(args.checker, args.tree, sources(args.tree))
    except eras.EraError as e:
        raise check_cocci.Failure(str(e))
    if len(groups) != 1:
        raise check_cocci.Failure("%s: the checker gives its files %d eras: %s"
                                  % (args.tree, len(groups), sorted(groups)))
    return next(iter(groups))


def copy_tree(src, dest):
    shutil.copytree(src, dest, ignore=lambda d, names: ["expected"] if d == src else [])


def spatch(args, mode, tree, era):
    """Output of NAME in mode over tree, told era."""
    cocci = os.path.join(args.patch_dir, NAME + ".cocci")
    cmd = [args.spatch, "--python", sys.executable, "--sp-file", cocci, "-D", mode,
           "--very-quiet", "--dir", "."] + check_cocci.patch_options(cocci) \
        + eras.defines(era, cocci)
    p = subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, errors="replace")
    if p.returncode != 0:
        raise check_cocci.Failure("spatch %s failed (exit %d):\n%s" % (mode, p.returncode, p.stderr))
    return p.stdout


def apply(diff, tree):
    if diff.strip():
        p = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch", "-s", "-d", tree],
                           input=diff, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode != 0:
            raise check_cocci.Failure("the diff does not apply:\n%s" % p.stdout)


def sources(tree):
    return list(check_cocci.expectations.corpus_files(tree))


def check(args, work):
    problems = []
    era = tree_era(args)
    version = " ".join(era) or "today's kernel"
    converted = os.path.join(work, "converted")
    copy_tree(args.tree, converted)
    apply(spatch(args, "patch", converted, era), converted)
    for rel in sources(args.tree):
        got = check_cocci.read(os.path.join(converted, rel))
        exp = os.path.join(args.tree, "expected", rel)
        want = check_cocci.read(exp) if os.path.exists(exp) else \
            check_cocci.read(os.path.join(args.tree, rel))
        if got != want:
            problems.append("%s: told %s, differs from its expected form\n%s"
                            % (rel, version, check_cocci.unified(rel, want, got)))
        if b"no_llseek" in got:
            problems.append("%s: names no_llseek after the conversion for %s" % (rel, version))
    again = spatch(args, "patch", converted, era)
    if again.strip():
        problems.append("a second run still changes:\n" + again)

    want = set()
    for rel in sources(args.tree):
        for (line, tag) in check_cocci.expectations.read_expectations(os.path.join(args.tree, rel)):
            if tag in args.owned[NAME]:
                want.add((rel, line))
    if not want:
        problems.append("no line of %s is annotated for %s" % (args.tree, NAME))
    listing = os.path.join(work, "listing")
    copy_tree(args.tree, listing)
    for mode, pattern in (("report", check_cocci.REPORT_RE), ("org", check_cocci.ORG_RE)):
        out = spatch(args, mode, listing, era)
        if "no_llseek" in out:
            problems.append("%s mode names no_llseek for %s:\n%s" % (mode, version, out))
        got = set()
        for text in out.splitlines():
            m = pattern.match(text)
            if m:
                got.add((check_cocci.norm(m.group("file")), int(m.group("line"))))
        problems += check_cocci.compare_places(want, got, mode)

    default = os.path.join(work, "default")
    copy_tree(args.tree, default)
    diff = spatch(args, "patch", default, OLDER)
    apply(diff, default)
    if not any(b"no_llseek" in check_cocci.read(os.path.join(default, rel))
               for rel in sources(args.tree)):
        problems.append("told -D no_llseek_exists, the tree is not converted the 2.6.8 "
                        "way (no no_llseek written): the test cannot tell the eras apart")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, whose rule table says which patch fixes which rule")
    ap.add_argument("tree")
    ap.add_argument("patch_dir")
    args = ap.parse_args()
    args.tree = os.path.abspath(args.tree)
    args.patch_dir = os.path.abspath(args.patch_dir)
    with tempfile.TemporaryDirectory(prefix="safeseek-kver-") as work:
        try:
            args.owned = check_cocci.owned_tags(args.checker)
            problems = check(args, work)
        except check_cocci.Failure as e:
            problems = [str(e)]
    return check_cocci.verdict("check_kernel_version", NAME, problems)


if __name__ == "__main__":
    sys.exit(main())

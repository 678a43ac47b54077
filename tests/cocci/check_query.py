#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""spatch skips, unparsed, the files a semantic patch cannot change.

usage: check_query.py [--spatch SPATCH] --checker CHECKER CORPUS PATCH_DIR PLAIN_C NAME

spatch works out from the rules of a semantic patch which words every file
it can change must hold, and parses no other file; one rule that needs no
such word, or a rule spatch adds by itself (the prototypes of a changed
function definition), is enough to lose that and have every file of a tree
parsed.  In each of the four modes, the files spatch selects (--selected-only)
from a copy of the corpus with PLAIN_C added must include every corpus file
with an expectation of NAME, and must not include PLAIN_C, a file with
nothing to convert that names none of NAME's words (a driver for most
patches; a file without file_operations for stream_open).
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_cocci  # noqa: E402

MODES = ("patch", "context", "org", "report")
SELECTED_RE = re.compile(r"^selected (?P<file>.+)$")
PLAIN_REL = os.path.join("drivers", "char", "plain_driver.c")


def selected(args, cocci, mode, tree):
    p = check_cocci.run_spatch(args, cocci, mode, tree, "--selected-only")
    lines = (SELECTED_RE.match(line) for line in p.stderr.splitlines())
    return {os.path.normpath(m.group("file")) for m in lines if m}


def check(args, tree):
    cocci = os.path.join(args.patch_dir, args.name + ".cocci")
    owned = [rel for rel in check_cocci.expectations.corpus_files(args.corpus)
             if args.name in check_cocci.owners(args.owned, args.corpus, rel)]
    if not owned:
        return ["no corpus file has an expectation of %s" % args.name]
    problems = []
    for mode in MODES:
        chosen = selected(args, cocci, mode, tree)
        if PLAIN_REL in chosen:
            problems.append("%s: spatch would parse %s, which names none of the patch's words:"
                            " some rule needs no word a file must hold" % (mode, PLAIN_REL))
        for rel in owned:
            if os.path.normpath(rel) not in chosen:
                problems.append("%s: spatch would skip %s, which the patch changes"
                                % (mode, rel))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, whose rule table says which patch fixes which rule")
    ap.add_argument("corpus")
    ap.add_argument("patch_dir")
    ap.add_argument("plain")
    ap.add_argument("name", choices=check_cocci.ORDER)
    args = ap.parse_args()
    args.corpus = os.path.abspath(args.corpus)
    args.patch_dir = os.path.abspath(args.patch_dir)
    with tempfile.TemporaryDirectory(prefix="safeseek-query-") as tree:
        check_cocci.copy_corpus(args.corpus, tree)
        os.makedirs(os.path.dirname(os.path.join(tree, PLAIN_REL)), exist_ok=True)
        shutil.copy2(args.plain, os.path.join(tree, PLAIN_REL))
        try:
            args.owned = check_cocci.owned_tags(args.checker)
            problems = check(args, tree)
        except check_cocci.Failure as e:
            problems = [str(e)]
    return check_cocci.verdict("check_query", args.name, problems)


if __name__ == "__main__":
    sys.exit(main())

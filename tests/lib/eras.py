# SPDX-License-Identifier: GPL-2.0-only
"""The era a semantic patch is told, asked of the checker as run-check.sh
asks it: the virtual rules (-D NAME) saying where a kernel's VFS differs
from today's."""

import json
import os
import subprocess


class EraError(Exception):
    pass


def _print_flags(checker, args, files):
    p = subprocess.run([checker, "--print-flags"] + args + ["--"] + files,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0:
        raise EraError("%s --print-flags failed (exit %d): %s"
                       % (checker, p.returncode, p.stderr.strip()))
    return [tuple(f["vfs"]) for f in json.loads(p.stdout)["files"]]


def of_version(checker, version):
    """The era of kernel `version` ("6.12"), as names."""
    return _print_flags(checker, ["--kernel=" + version], [os.path.abspath(__file__)])[0]


def of_files(checker, tree, rels):
    """{era: [rel, ...]} for files rels of tree, each asked by its path."""
    groups = {}
    if rels:
        for rel, era in zip(rels, _print_flags(checker, [],
                                               [os.path.join(tree, r) for r in rels])):
            groups.setdefault(era, []).append(rel)
    return groups


def defines(era, cocci):
    """spatch's -D options for era, for the names the patch declares, and
    era_given: the era is told, not to be read from the code."""
    with open(cocci, encoding="utf-8") as f:
        declared = {n.strip() for line in f if line.startswith("virtual ")
                    for n in line[len("virtual "):].split(",")}
    out = []
    for name in tuple(era) + ("era_given",):
        if name in declared:
            out += ["-D", name]
    return out

# SPDX-License-Identifier: GPL-2.0-only
"""The checker's shape: calls between its source files go one way, and
between its stages only downward.

Arguments: [--sources DIR] and the stages' static libraries, lowest stage
first.  Each object file in them is a source file; a call is an undefined
symbol of one object that another defines.  The test fails on any circle of
calls between files and on any call from a stage into a stage above it,
naming the files.  With --sources (the checker's folder, one subfolder a
stage) it also fails on a file that includes a header of a stage above its
own.
"""

import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^/"]+)/', re.M)


def symbols(lib):
    """{member: (defined, undefined)} of one static library."""
    # POSIX form, one symbol a line: "LIB[MEMBER]: NAME KIND ..."
    out = subprocess.run(["nm", "-P", "-A", lib], stdout=subprocess.PIPE, check=True,
                         universal_newlines=True).stdout
    members = {}
    for line in out.splitlines():
        where, _, rest = line.rpartition("]: ")
        member = where.rpartition("[")[2]
        parts = rest.split()
        if not member or len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        d, u = members.setdefault(member, (set(), set()))
        if kind == "U":
            u.add(name)
        elif kind in "TDBRCGS":
            d.add(name)
    return members


def includes_up(sources, rank_of):
    """A line for each #include of a stage above the including file's."""
    problems = []
    for stage, rank in sorted(rank_of.items(), key=lambda x: x[1]):
        folder = os.path.join(sources, stage)
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            for to in INCLUDE.findall(text):
                if rank_of.get(to, -1) > rank:
                    problems.append("%s/%s includes a header of %s/, a stage above"
                                    % (stage, name, to))
    return problems


def main():
    args = sys.argv[1:]
    sources = None
    if args[:1] == ["--sources"]:
        sources, args = args[1], args[2:]
    libs = args
    stage_of, defs, undefs = {}, {}, {}
    for rank, lib in enumerate(libs):
        stage = os.path.basename(lib)[len("libss_"):-len(".a")]
        for member, (d, u) in symbols(lib).items():
            f = "%s/%s" % (stage, member[:-len(".o")] if member.endswith(".o") else member)
            stage_of[f] = (rank, stage)
            defs[f], undefs[f] = d, u
    owner = {}
    for f, d in defs.items():
        for s in d:
            owner[s] = f
    edges = {f: sorted({owner[s] for s in undefs[f] if s in owner and owner[s] != f})
             for f in defs}
    problems = []
    for f, to in sorted(edges.items()):
        for g in to:
            if stage_of[g][0] > stage_of[f][0]:
                problems.append("%s calls up into %s" % (f, g))
    # A circle: depth-first search with colours.
    colour, stack = {}, []

    def visit(f):
        colour[f] = "grey"
        stack.append(f)
        for g in edges[f]:
            if colour.get(g) == "grey":
                problems.append("circle of calls: " + " -> ".join(stack[stack.index(g):] + [g]))
            elif g not in colour:
                visit(g)
        stack.pop()
        colour[f] = "black"

    for f in sorted(edges):
        if f not in colour:
            visit(f)
    if not defs:
        problems.append("no object files found in %s" % " ".join(libs))
    if sources:
        problems += includes_up(sources, {stage: rank for rank, stage in set(stage_of.values())})
    for p in problems:
        print("FAIL: " + p)
    print("%d files in %d stages, %d calls between files checked"
          % (len(defs), len(libs), sum(len(v) for v in edges.values())))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-2.0-only
"""The real build of a configured kernel tree, as the compiler check of --fix.

In a tree Kbuild can build (the checker says so: configured and prepared),
each changed .c file is compiled by Kbuild itself, with the flags of the
tree's own build, in one `make -k -j N` for all of them.  The target is the
file's assembly (dir/file.s), which no build of the tree uses: the tree's
objects and their up-to-date state are left alone, and the .s files and
their .cmd files are removed again.
"""

import os
import re
import subprocess

from . import parallel
from .checker import Diagnostic
from .common import Fatal

# gcc's diagnostics as Kbuild shows them, the path relative to the tree.
DIAG_RE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): "
                     r"(?P<sev>warning|error|fatal error): (?P<msg>.*?)"
                     r"(?: \[(?P<opt>-W[^\]]+)\])?$")
# "  CC      drivers/char/mem.s", "  CC [M]  drivers/char/nvram.s"
CC_RE = re.compile(r"^\s+CC(?: \[M\])?\s+(?P<target>\S+)$")


def _outputs(root, rel):
    """The files `make dir/file.s` writes."""
    stem = rel[:-len(".c")]
    d, base = os.path.split(stem)
    return [os.path.join(root, stem + ".s"), os.path.join(root, d, "." + base + ".s.cmd")]


def compile_files(root, rels, jobs, progress=None):
    """{rel: [Diagnostic] of the file itself, or None when Kbuild did not
    compile it} for the .c files rels (relative to root)."""
    result = {rel: None for rel in rels}
    # A file whose assembly is already there would not be compiled again.
    todo = [r for r in rels if r.endswith(".c")
            and not any(os.path.lexists(p) for p in _outputs(root, r))]
    if not todo:
        return result
    targets = {r[:-len(".c")] + ".s": r for r in todo}
    diags = {r: [] for r in todo}
    started = set()

    def on_line(line):
        m = CC_RE.match(line)
        if m and m.group("target") in targets:
            started.add(targets[m.group("target")])
            if progress is not None:
                progress.advance()
            return
        m = DIAG_RE.match(line.rstrip("\n"))
        if m and m.group("file") in diags:
            sev = "warning" if m.group("sev") == "warning" else "error"
            diags[m.group("file")].append(Diagnostic(int(m.group("line")), int(m.group("col")),
                                                     sev, m.group("msg"), m.group("opt") or ""))

    cmd = ["make", "-C", root, "-k", "-j", str(jobs)] + sorted(targets)
    env = dict(os.environ, LC_ALL="C")
    try:
        parallel.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     universal_newlines=True, errors="replace", env=env,
                     on_line=on_line)
    except OSError as e:
        raise Fatal("cannot run make: %s" % e.strerror)
    finally:
        for r in todo:
            for p in _outputs(root, r):
                try:
                    os.unlink(p)
                except FileNotFoundError:
                    pass
    for r in todo:
        if r in started:
            result[r] = diags[r]
    return result

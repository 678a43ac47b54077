# SPDX-License-Identifier: GPL-2.0-only
"""Sparse before and after a conversion: any warning the conversion added.

Each file gets the include and define flags the checker gives it
(safeseek-check --print-flags): the two never disagree on a file's tree."""

import collections
import concurrent.futures
import re
import subprocess

from .common import Fatal

DIAG_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


class Diagnostic:
    __slots__ = ("text", "key")

    def __init__(self, text, key):
        self.text = text  # as sparse printed it, the file shown by its display path
        self.key = key    # the same without line and column: survives moved lines


# A conversion that gives a 2.4-style fops `open: nonseekable_open` keeps the
# GNU initializer style of the lines around it; sparse's word on that style
# says nothing about the conversion.
SPARSE_FLAGS = ["-Wno-old-initializer"]


def _run_one(sparse, source, flags):
    path = source.path
    cmd = [sparse] + SPARSE_FLAGS + flags + [path]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, errors="replace")
    except OSError as e:
        raise Fatal("cannot run %s: %s" % (sparse, e.strerror))
    diags = []
    for text in p.stdout.splitlines():
        m = DIAG_RE.match(text)
        if m:
            shown = source.display if m.group("file") == path else m.group("file")
            diags.append(Diagnostic("%s:%s:%s: %s" % (shown, m.group("line"), m.group("col"),
                                                       m.group("rest")),
                                    (shown, m.group("rest"))))
        elif diags and text[:1].isspace():
            # A continuation ("   expected ...") belongs to the line above.
            last = diags[-1]
            diags[-1] = Diagnostic(last.text + "\n" + text, last.key + (text.strip(),))
    return diags


def run(sources, jobs, flags, sparse="sparse"):
    """Diagnostics per source; flags maps each source to its flags."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return dict(zip(sources, pool.map(lambda s: _run_one(sparse, s, flags[s]), sources)))


def new_warnings(before, after):
    """Diagnostics of `after` not in `before`, counting repeats."""
    new = []
    for s, diags in after.items():
        old = collections.Counter(d.key for d in before.get(s, []))
        for d in diags:
            if old[d.key] > 0:
                old[d.key] -= 1
            else:
                new.append(d)
    return new

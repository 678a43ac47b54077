# SPDX-License-Identifier: GPL-2.0-only
"""The kernel version each file is written for.

The checker owns that fact (--print-flags gives each file's "kernel"); the
run asks it once per directory, since a file's version is that of the
nearest Makefile above it, and hands it to every spatch run as
-D kernel=X.Y.  --kernel=X.Y gives one version for every file instead.
"""

import os
import re

from .common import Fatal

# As the checker and the semantic patches take it.
VERSION_RE = re.compile(r"^[1-9][0-9]{0,3}\.[0-9]{1,4}(\.[0-9]{1,4})?$")


def check(text):
    """--kernel's value, or Fatal."""
    if not VERSION_RE.match(text or ""):
        raise Fatal("--kernel needs a kernel version X.Y or X.Y.Z (e.g. 6.12), not '%s'" % text)
    return text


class Versions:
    """Real path -> "6.12", or None when the file's version is unknown."""

    def __init__(self, forced=None):
        self.forced = forced
        self._of = {}

    def learn(self, checker, paths):
        """Ask the checker for the files at real paths `paths`, one file
        per directory."""
        if self.forced:
            return
        by_dir = {}
        for p in paths:
            by_dir.setdefault(os.path.dirname(p), []).append(p)
        dirs = sorted(by_dir)
        for d, k in zip(dirs, checker.kernels([by_dir[d][0] for d in dirs])):
            for p in by_dir[d]:
                self._of[p] = k

    def same_as(self, copy, original):
        """A scratch copy is written for its original's kernel."""
        self._of[os.path.realpath(copy)] = self.of(original)

    def every(self):
        """Each version a file of the run may be written for, None (unknown)
        among them."""
        return {self.forced} if self.forced else set(self._of.values()) | {None}

    def of(self, path):
        if self.forced:
            return self.forced
        return self._of.get(os.path.realpath(path))

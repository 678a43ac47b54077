# SPDX-License-Identifier: GPL-2.0-only
"""The era of the kernel each file is written for, as the semantic patches
take it.

The checker owns what each kernel's VFS does: --print-flags gives each
file's "vfs", the names of the coccinelle virtual rules that say where its
VFS differs from today's ("no_stream_open", ...; "kernel_unknown" when its
version is not known), and "vfs_core" for a file of the VFS core.  The run
asks once per directory, since a file's kernel is that of the nearest
Makefile above it and the VFS core is a directory's files, and hands each name a
patch declares to its spatch runs as -D NAME.  --kernel=X.Y is given to the
checker, which answers for that version instead.
"""

import os

# The era of a file the checker was not asked about.
UNKNOWN = ("kernel_unknown",)


class Eras:
    """Real path -> the era of its kernel: a sorted tuple of virtual rule
    names, () for today's kernel."""

    def __init__(self):
        self._of = {}

    def learn(self, checker, paths):
        """Ask the checker for the files at real paths `paths`, one file
        per directory."""
        by_dir = {}
        for p in paths:
            by_dir.setdefault(os.path.dirname(p), []).append(p)
        dirs = sorted(by_dir)
        for d, era in zip(dirs, checker.eras([by_dir[d][0] for d in dirs])):
            for p in by_dir[d]:
                self._of[p] = tuple(sorted(era))

    def same_as(self, copy, original):
        """A scratch copy is written for its original's kernel."""
        self._of[os.path.realpath(copy)] = self.of(original)

    def every(self):
        """Each era a file of the run may be written for, the unknown one
        among them."""
        return set(self._of.values()) | {UNKNOWN}

    def of(self, path):
        return self._of.get(os.path.realpath(path), UNKNOWN)

# SPDX-License-Identifier: GPL-2.0-only
"""Which files a run looks at: regular .c and .h files under the PATHs.

Symbolic links are never followed, neither to files nor to directories, so
nothing outside the named trees is read for conversion or written to.
Directories whose names start with a dot are passed by, as the checker
passes them by.
"""

import os
import stat

from .common import warn

SUFFIXES = (".c", ".h")


class Source:
    """One file of the run."""

    __slots__ = ("display", "path", "root", "rel")

    def __init__(self, display, path, root, rel):
        self.display = display  # as printed: the PATH as given, joined with rel
        self.path = path        # absolute and real: symlinks in the PATH resolved
        self.root = root        # the Root it was found under
        self.rel = rel          # relative to root.path


class Root:
    """One PATH of the command line."""

    __slots__ = ("index", "given", "display", "path", "is_dir", "subdirs")

    def __init__(self, index, given):
        self.index = index
        self.given = given
        self.display = display_path(given)
        self.path = os.path.realpath(given)
        self.is_dir = os.path.isdir(self.path)
        # (directory, names of its hidden subdirectories) as collect()
        # walked them: where journal.py looks for journals, unwalked again.
        self.subdirs = []

    def contains(self, path):
        """True when the real path of `path` lies within this root."""
        real = os.path.realpath(path)
        if not self.is_dir:
            return real == self.path
        return real == self.path or real.startswith(self.path.rstrip(os.sep) + os.sep)


def display_path(p):
    return os.path.normpath(p)


def _printable(name):
    return "\n" not in name and "\r" not in name


def collect(given_paths):
    """Return (roots, sources) for the PATHs, sources sorted by display path."""
    roots = [Root(i, p) for i, p in enumerate(given_paths)]
    sources, seen = [], set()

    def add(root, path, rel, display):
        if not _printable(display):
            warn("%r: skipped: a file name with a line break cannot be passed to spatch"
                 % display)
            return
        # Real already: the root is, and the walk follows no link.
        if path in seen:
            return
        seen.add(path)
        sources.append(Source(display, path, root, rel))

    for root in roots:
        if not root.is_dir:
            add(root, root.path, os.path.basename(root.path), root.display)
            continue

        def onerror(err, _root=root):
            rel = os.path.relpath(err.filename, _root.path)
            warn("%s: %s" % (os.path.normpath(os.path.join(_root.display, rel)), err.strerror))

        for dirpath, dirs, files in os.walk(root.path, onerror=onerror, followlinks=False):
            # As the checker walks: .git, quilt's .pc and the like hold no
            # source of the tree.
            hidden = [d for d in dirs if d.startswith(".")]
            if hidden:
                root.subdirs.append((dirpath, hidden))
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            reldir = os.path.relpath(dirpath, root.path)
            for name in sorted(files):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                try:
                    st = os.lstat(path)
                except OSError as e:
                    warn("%s: %s" % (path, e.strerror))
                    continue
                if not stat.S_ISREG(st.st_mode):
                    continue  # a symbolic link, a fifo, ...
                rel = os.path.normpath(os.path.join(reldir, name))
                if not os.access(path, os.R_OK):
                    warn("%s: cannot be read; skipped"
                         % os.path.normpath(os.path.join(root.display, rel)))
                    continue
                add(root, path, rel, os.path.normpath(os.path.join(root.display, rel)))
    sources.sort(key=lambda s: s.display)
    return roots, sources

# SPDX-License-Identifier: GPL-2.0-only
"""Where the parts of safeseek are: the semantic patches, the checker, the
bundled corpus and the installer of Debian packages.

In the source tree this package is TOP/python/safeseek, beside
TOP/semantic-patches, TOP/corpus and TOP/scripts/install-deps.sh, and the
checker is built in TOP/build (or $SAFESEEK_BUILD_DIR) whenever it is older
than its sources.  Installed, the package is
PREFIX/share/safeseek/python/safeseek, the patches are in
PREFIX/share/safeseek/semantic-patches and the checker is
PREFIX/bin/safeseek-check; there is no corpus and nothing to build.
"""

import os

from . import build
from .common import Fatal

# Not resolved through symbolic links: a directory of links to the parts of
# the project, with semantic patches of its own, is a project of its own.
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Layout:
    def __init__(self, python_dir=PYTHON_DIR):
        parent = os.path.dirname(python_dir)
        self.source = (os.path.isfile(os.path.join(parent, "CMakeLists.txt"))
                       and os.path.isdir(os.path.join(parent, "checker")))
        # TOP, or PREFIX/share/safeseek
        self.top = parent
        self.patches = os.path.join(parent, "semantic-patches")
        if self.source:
            self.corpus = os.path.join(parent, "corpus")
            self.install_deps = os.path.join(parent, "scripts", "install-deps.sh")
            self.build_dir = os.environ.get("SAFESEEK_BUILD_DIR") or os.path.join(parent, "build")
        else:
            self.corpus = None
            self.install_deps = None
            self.build_dir = None

    def checker_needs_build(self):
        return self.source and build.stale(self.top, self.build_dir)

    def checker(self, jobs):
        """The checker's path; in the source tree, built first when stale."""
        if self.source:
            return build.checker(self.top, self.build_dir, jobs)
        path = os.path.join(os.path.dirname(os.path.dirname(self.top)), "bin", "safeseek-check")
        if not os.access(path, os.X_OK):
            raise Fatal("the checker is missing: %s" % path)
        return path

# SPDX-License-Identifier: GPL-2.0-only
"""The commands a run needs, installed through scripts/install-deps.sh (the
one place that installs Debian packages) when one is missing."""

import shutil
import subprocess

from .common import Fatal

# The Debian package that provides each command we may run.
PACKAGE_OF = {"spatch": "coccinelle", "sparse": "sparse", "git": "git", "diff": "diffutils",
              "cmake": "cmake", "make": "make", "gcc": "gcc", "pkg-config": "pkg-config"}

BUILD = ("cmake", "make", "gcc", "pkg-config")


def needed(opts):
    """The commands a run with these options runs."""
    cmds = ["spatch", "diff"]
    if opts.fix:
        cmds.append("sparse")
    if opts.since is not None or opts.gitgrep or getattr(opts, "series", None) is not None:
        cmds.append("git")
    return cmds


def missing(cmds):
    return [c for c in cmds if shutil.which(c) is None]


def ensure(cmds, install_deps, building):
    """Every command of cmds on PATH, or a Fatal naming the missing ones and
    the command that installs them.  Building the checker takes libraries as
    well as commands: the installer always runs then."""
    if not missing(cmds) and not building:
        return
    if install_deps is not None:
        # Installs what is missing when run as root; otherwise it prints
        # the exact apt-get command and fails.
        try:
            rc = subprocess.run([install_deps]).returncode
        except OSError as e:
            raise Fatal("cannot run %s: %s" % (install_deps, e.strerror))
        if rc != 0:
            raise SystemExit(2)
    gone = missing(cmds)
    if gone:
        raise Fatal("missing %s; install with:\n  apt-get install %s"
                    % (" ".join(gone), " ".join(PACKAGE_OF.get(c, c) for c in gone)))

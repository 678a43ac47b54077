# SPDX-License-Identifier: GPL-2.0-only
"""The semantic patches: which ones, in which order, with which options."""

import os

from .common import Fatal, warn

# The order in which the conversions are applied: later patches see the output
# of earlier ones.  Any other .cocci file in the directory runs after these,
# by name.  Adding a patch to the sequence is adding its name here.
ORDER = ("nonseekable_open", "sysctl_ppos", "rw_ppos", "stream_open")

# The options every run needs whatever a patch's header says: local headers are
# not pulled in (they would be converted once per includer), but headers named
# on the command line or found under --dir are processed on their own.
BASE_OPTIONS = ("--no-includes", "--include-headers")


class Patch:
    __slots__ = ("name", "path", "options", "virtuals")

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-len(".cocci")]
        self.options = header_options(path)
        self.virtuals = virtual_rules(path)


def header_options(path):
    """The spatch options of the patch's `// Options:` header line, as
    `make coccicheck` uses them, plus the ones every run needs."""
    opts = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("// Options:"):
                opts = line[len("// Options:"):].split()
                break
    for o in BASE_OPTIONS:
        if o not in opts:
            opts.append(o)
    return opts


def virtual_rules(path):
    """The names a patch declares `virtual`: spatch refuses a -D naming
    any other."""
    names = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("virtual "):
                names.update(n.strip() for n in line[len("virtual "):].split(","))
    return names


def find(directory):
    """The patches of a directory, in the order they are applied."""
    try:
        names = [n for n in os.listdir(directory) if n.endswith(".cocci")]
    except OSError as e:
        raise Fatal("%s: %s" % (directory, e.strerror))
    known = [n + ".cocci" for n in ORDER if n + ".cocci" in names]
    rest = sorted(n for n in names if n not in known)
    if not known and not rest:
        raise Fatal("no semantic patches (*.cocci) in %s" % directory)
    missing = [n for n in ORDER if n + ".cocci" not in names]
    if missing:
        warn("semantic patch%s not found in %s: %s"
             % ("es" if len(missing) > 1 else "", directory,
                ", ".join(m + ".cocci" for m in missing)))
    return [Patch(os.path.join(directory, n)) for n in known + rest]

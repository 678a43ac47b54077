"""Sparse before and after a conversion: any warning the conversion added."""

import collections
import concurrent.futures
import os
import re
import subprocess

from .common import Fatal

DIAG_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


def tree_root(path):
    """The nearest directory above path that holds include/linux: a kernel
    tree, or a corpus-like tree of kernel headers."""
    d = os.path.dirname(os.path.realpath(path))
    while True:
        if os.path.isdir(os.path.join(d, "include", "linux")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _arch_include(root):
    arch_dir = os.path.join(root, "arch")
    want = os.environ.get("SAFESEEK_ARCH") or os.environ.get("ARCH") or "x86"
    try:
        arches = sorted(a for a in os.listdir(arch_dir)
                        if os.path.isdir(os.path.join(arch_dir, a, "include")))
    except OSError:
        return None
    if not arches:
        return None
    return os.path.join(arch_dir, want if want in arches else arches[0], "include")


def include_flags(path):
    """The flags sparse needs for a file of its tree: a kernel tree's include/
    and arch/ARCH/include, or just the tree's include/ (the corpus)."""
    root = tree_root(path)
    if root is None:
        return []
    inc = os.path.join(root, "include")
    arch = _arch_include(root)
    if arch is None:
        return ["-nostdinc", "-I", inc]
    flags = ["-nostdinc"]
    for d in (arch, os.path.join(arch, "generated"), inc, os.path.join(arch, "uapi"),
              os.path.join(arch, "generated", "uapi"), os.path.join(inc, "uapi"),
              os.path.join(inc, "generated", "uapi")):
        if os.path.isdir(d):
            flags += ["-I", d]
    for h in ("linux/kconfig.h", "linux/compiler_types.h"):
        if os.path.isfile(os.path.join(inc, h)):
            flags += ["-include", os.path.join(inc, h)]
    return flags + ["-D__KERNEL__"]


class Diagnostic:
    __slots__ = ("text", "key")

    def __init__(self, text, key):
        self.text = text  # as sparse printed it, the file shown by its display path
        self.key = key    # the same without line and column: survives moved lines


# A conversion that gives a 2.4-style fops `open: nonseekable_open` keeps the
# GNU initializer style of the lines around it; sparse's word on that style
# says nothing about the conversion.
SPARSE_FLAGS = ["-Wno-old-initializer"]


def _run_one(sparse, source):
    path = os.path.abspath(source.path)
    cmd = [sparse] + SPARSE_FLAGS + include_flags(path) + [path]
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


def run(sources, jobs, sparse="sparse"):
    """Diagnostics per source."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return dict(zip(sources, pool.map(lambda s: _run_one(sparse, s), sources)))


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

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every tracked text file starts with the SPDX line of its type.

usage: check_spdx.py TOP

The files are those `git ls-files` lists in TOP.  The line stands first, or
second after a `#!` line, and is exactly the form of the file's type:

    C sources, semantic patches   // SPDX-License-Identifier: GPL-2.0-only
    C headers                     /* SPDX-License-Identifier: GPL-2.0-only */
    Python, shell, CMake, YAML,   # SPDX-License-Identifier: GPL-2.0-only
    Makefiles, Kconfig, scripts
    Markdown                      <!-- SPDX-License-Identifier: GPL-2.0-only -->

Exempt are binary files, symbolic links, and the data formats in EXEMPT
(each with its reason).  A file of a type with neither a form nor an
exemption fails too, so that a new kind of file gets a decision.

Exit status: 0 every file has its line, 1 some do not (each is named),
2 usage error, 77 when TOP is not a git checkout (an unpacked tarball):
the test is then skipped.
"""

import fnmatch
import os
import subprocess
import sys

SKIP = 77
ID = "SPDX-License-Identifier: GPL-2.0-only"

SLASHES = "// " + ID
C_COMMENT = "/* " + ID + " */"
HASH = "# " + ID
HTML = "<!-- " + ID + " -->"

# (pattern on the file's name, or on its path when the pattern has a '/'; form)
FORMS = [
    ("*.c", SLASHES),
    ("*.cocci", SLASHES),
    ("*.h", C_COMMENT),
    ("*.py", HASH),
    ("*.sh", HASH),
    ("*.sh.in", HASH),
    ("*.cmake", HASH),
    ("CMakeLists.txt", HASH),
    ("*.yml", HASH),
    ("*.yaml", HASH),
    ("Makefile", HASH),
    ("Rules.make", HASH),
    ("Kconfig", HASH),
    ("*.h2m", HASH),            # help2man include: '#' lines are comments
    (".gitignore", HASH),
    (".ci/run", HASH),
    ("tests/cocci/alone/*/spflags", HASH),  # check_alone.py skips '#' lines
    ("*.md", HTML),
]

# (pattern, why the file carries no SPDX line)
EXEMPT = [
    ("COPYING", "the licence text itself"),
    ("*.json", "JSON has no comments"),
    ("fuzz/seeds/*.argv", "a fuzz seed: NUL-separated words, every byte is input"),
    ("fuzz/seeds/*.tree", "a fuzz seed: every line describes a path of the tree"),
    ("fuzz/seeds/*.diff", "a fuzz seed: every byte is input to the patch parser"),
    ("fuzz/seeds/cache/*.bin", "a fuzz seed: every byte is a result cache entry"),
    ("tests/cocci/versions/*.report", "spatch's output, compared line by line"),
    ("tests/e2e/series/MAINTAINERS", "the kernel's MAINTAINERS format, which has no comments"),
]


def match(path, pattern):
    if "/" in pattern:
        return fnmatch.fnmatchcase(path, pattern)
    return fnmatch.fnmatchcase(os.path.basename(path), pattern)


def form_of(path, first_line):
    for pattern, form in FORMS:
        if match(path, pattern):
            return form
    if first_line.startswith(b"#!"):
        return HASH
    return None


def tracked(top):
    """[(mode, path)] or None when top is not the top of a git checkout."""
    try:
        p = subprocess.run(["git", "-C", top, "rev-parse", "--show-prefix"],
                           capture_output=True, text=True)
    except FileNotFoundError:
        print("skipped: git is not installed")
        return None
    if p.returncode != 0:
        why = (p.stderr.strip().splitlines() or ["git rev-parse failed"])[-1]
        print("skipped: %s is not a git checkout (%s)" % (top, why))
        return None
    if p.stdout.strip():
        print("skipped: %s is not a git checkout (it lies inside another one, at %s)"
              % (top, p.stdout.strip()))
        return None
    out = subprocess.run(["git", "-C", top, "ls-files", "-s", "-z"],
                         capture_output=True, check=True).stdout
    files = []
    for entry in out.split(b"\0"):
        if entry:
            meta, path = entry.split(b"\t", 1)
            files.append((meta.split()[0].decode(), os.fsdecode(path)))
    return files


def problem(top, mode, path):
    """None when the file is fine or exempt, else what is wrong with it."""
    if mode == "120000" or mode == "160000":      # symbolic link, submodule
        return None
    if any(match(path, pattern) for pattern, _ in EXEMPT):
        return None
    try:
        with open(os.path.join(top, path), "rb") as f:
            data = f.read()
    except OSError as e:
        return "cannot be read: %s" % e.strerror
    if b"\0" in data[:8192]:
        return None
    lines = data.split(b"\n")
    form = form_of(path, lines[0])
    if form is None:
        return "no SPDX form is known for its type (add one to FORMS or an exemption to EXEMPT)"
    at = 1 if lines[0].startswith(b"#!") else 0
    line = lines[at] if at < len(lines) else b""
    if line.rstrip(b"\r") == form.encode():
        return None
    return "line %d is %r, not %r" % (at + 1, line.decode(errors="replace")[:80], form)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    top = argv[1]
    files = tracked(top)
    if files is None:
        return SKIP
    bad = [(path, why) for mode, path in files for why in [problem(top, mode, path)] if why]
    for path, why in bad:
        print("%s: %s" % (path, why))
    if not files:
        print("git ls-files lists no file in %s" % top)
        return 1
    print("%d tracked files, %d without their SPDX line" % (len(files), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

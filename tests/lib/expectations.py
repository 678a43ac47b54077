# SPDX-License-Identifier: GPL-2.0-only
"""Read the inline expectations of corpus files (see corpus/README.md)."""

import collections
import os
import re

EXPECT_RE = re.compile(r"/\*\s*expect:\s*([^*]*?)\s*\*/")
TAG_RE = re.compile(r"^[a-z][a-z0-9_-]*$")

CORPUS_SOURCE_SUFFIXES = (".c", ".h")

# The part of the corpus that the --fix tests of put-back files and stopped
# runs work on: the sysctl contract whole (its type in include/, its core in
# kernel/, handlers in net/) and drivers/char, where the other patches
# convert too.  A third of the corpus's spatch time, the same decisions.
CONTRACT_PART = ("include", "kernel", "net", os.path.join("drivers", "char"))


def in_part(rel, part):
    """Whether rel lies in one of the directories of part (None: the whole corpus)."""
    return part is None or any(rel == d or rel.startswith(d + os.sep) for d in part)


def read_expectations(path):
    """Return a Counter of (line, tag) for every expectation in path."""
    found = collections.Counter()
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for lineno, text in enumerate(f, 1):
            for m in EXPECT_RE.finditer(text):
                for tag in m.group(1).split(","):
                    tag = tag.strip()
                    if not TAG_RE.match(tag):
                        raise ValueError("%s:%d: malformed expectation tag %r"
                                         % (path, lineno, tag))
                    found[(lineno, tag)] += 1
    return found


def is_checker_rule(tag):
    return "-" in tag


def is_cocci_tag(tag):
    return "_" in tag and "-" not in tag


def corpus_files(corpus_dir, include_expected=False, part=None):
    """Yield paths relative to corpus_dir of every .c and .h file (of part)."""
    for root, dirs, files in os.walk(corpus_dir):
        dirs.sort()
        rel_root = os.path.relpath(root, corpus_dir)
        if not include_expected and rel_root.split(os.sep)[0] == "expected":
            dirs[:] = []
            continue
        for name in sorted(files):
            rel = os.path.normpath(os.path.join(rel_root, name))
            if name.endswith(CORPUS_SOURCE_SUFFIXES) and in_part(rel, part):
                yield rel


def compare(expected, actual, label):
    """Return human-readable lines for every difference of two Counters of
    (line, tag); an empty list means they agree."""
    problems = []
    for key in sorted(set(expected) | set(actual)):
        want, got = expected.get(key, 0), actual.get(key, 0)
        line, tag = key
        if got < want:
            problems.append("%s:%d: expected %s, not reported%s"
                            % (label, line, tag,
                               "" if want == 1 else " (%d of %d missing)" % (want - got, want)))
        elif got > want:
            problems.append("%s:%d: unexpected %s%s"
                            % (label, line, tag,
                               "" if want == 0 else " (%d more than annotated)" % (got - want)))
    return problems

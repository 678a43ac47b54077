# SPDX-License-Identifier: GPL-2.0-only
"""Shared helpers of the gate tests: scratch trees, checker runs, findings."""

import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from expectations import read_expectations, is_checker_rule, compare  # noqa: E402,F401

# file:line:col: severity: message [rule]
FINDING_RE = re.compile(r"^(.+?):(\d+):(\d+): (note|warning|error): (.*) \[([a-z0-9-]+)\]$")


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


def findings(text):
    """A Counter of (file, line, rule) of the gcc-form lines of text."""
    found = collections.Counter()
    for line in text.splitlines():
        m = FINDING_RE.match(line)
        if m:
            found[(m.group(1), int(m.group(2)), m.group(6))] += 1
    return found


def expected_findings(path, label=None):
    """The checker-rule expectations of a corpus file, as (label, line, rule)."""
    label = label or path
    found = collections.Counter()
    for (line, tag), n in read_expectations(path).items():
        if is_checker_rule(tag):
            found[(label, line, tag)] += n
    return found


def per_file(counter, name):
    """(line, rule) Counter of one file out of a (file, line, rule) Counter."""
    out = collections.Counter()
    for (f, line, rule), n in counter.items():
        if f == name:
            out[(line, rule)] += n
    return out


class Scratch:
    """A scratch kernel-like tree: the corpus headers and chosen corpus files."""

    def __init__(self, corpus, files=()):
        self.root = tempfile.mkdtemp(prefix="safeseek-gate-")
        shutil.copytree(os.path.join(corpus, "include"), os.path.join(self.root, "include"))
        for rel in files:
            self.copy_in(corpus, rel)

    def copy_in(self, corpus, rel, as_rel=None):
        dst = self.path(as_rel or rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(corpus, rel), dst)

    def path(self, rel):
        return os.path.join(self.root, rel)

    def read(self, rel):
        with open(self.path(rel), encoding="utf-8") as f:
            return f.read()

    def write(self, rel, text):
        os.makedirs(os.path.dirname(self.path(rel)), exist_ok=True)
        with open(self.path(rel), "w", encoding="utf-8") as f:
            f.write(text)

    def edit(self, rel, old, new, count=1):
        text = self.read(rel)
        if text.count(old) != count:
            raise Failed("%s: expected %d copies of %r to edit, found %d"
                         % (rel, count, old, text.count(old)))
        self.write(rel, text.replace(old, new))

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Run:
    def __init__(self, proc):
        self.rc = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr
        self.found = findings(proc.stdout)

    def __repr__(self):
        return "exit %d\n--- stdout\n%s--- stderr\n%s" % (self.rc, self.out, self.err)


def run(cmd, cwd=None, env=None, stdin_text=None):
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                          input=stdin_text, timeout=300)
    return Run(proc)


def main(tests):
    """Run each test function; print one line each; exit 1 when one fails."""
    failed = 0
    for t in tests:
        try:
            t()
        except Failed as e:
            failed += 1
            print("FAIL %s: %s" % (t.__name__, e))
        else:
            print("ok   %s" % t.__name__)
    sys.exit(1 if failed else 0)

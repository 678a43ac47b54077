#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A semantic patch run the way the kernel's scripts/coccicheck runs it.

usage: coccicheck_test.py [--spatch SPATCH] [--jobs N] CORPUS COCCI

coccicheck builds spatch's command line as
    spatch -D MODE FLAGS --cocci-file COCCI OPT OPTIONS
where FLAGS is --very-quiet, preceded by --no-show-diff in report and org
mode; OPT is what follows "Options:" in the patch (every line holding it,
cut at the next colon, split on blanks); OPTIONS is "--dir $srctree" and
the include flags for `make coccicheck`, plus "--jobs N --chunksize 1"
when more than one CPU is used, or the include flags and one file for
`make C=1 CHECK=scripts/coccicheck`; then SPFLAGS, here "-D era_given",
as a user tells the patches they run on today's tree.  A patch whose "Requires:" version is
newer than spatch is skipped by coccicheck; here that fails.  coccicheck
shows spatch's standard error mixed into its output, and stops on a
non-zero exit.

The test runs both forms over a copy of the corpus (srctree "." as in an
in-tree build), in each mode the patch declares (virtual patch, context,
org, report), and checks that the combined output has the shape each mode
promises and names real places:
  patch    a unified diff (diff -u -p a/F b/F, ---/+++ headers, hunks whose
           line counts add up) that `patch -p1 --dry-run` applies;
  context  a diff of ./F against /tmp/nothing/F whose hunks mark lines with
           '-' (and '+'), as spatch prints context matches;
           (in the single-file form, both diffs are of F against spatch's
           temporary /tmp/cocci-output-*-F, with no "diff" line);
  org      "* TODO [[view:F::face=...::linb=N::colb=N::cole=N][message]]";
  report   "F:LINE:COL-COL: message";
and nothing else, not one line.  The output is not empty: the corpus has
cases for every mode a patch declares.  A few files are then run in the
single-file form, one at a time; each must give what the whole-tree run
gave for that file, and a file the patch has nothing to say about must give
nothing.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MODES = ("patch", "context", "org", "report")
REPORT_RE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+)-(?P<cole>\d+): \S.*$")
ORG_RE = re.compile(r"^\*+ TODO \[\[view:(?P<file>[^:\]]+)::face=[\w-]+::linb=(?P<line>\d+)"
                    r"::colb=(?P<col>-?\d+)::cole=(?P<cole>-?\d+)\]\[.+\]\]$")
HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
SINGLE_FILES = 2


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------
# The command line, as coccicheck builds it.

def coccicheck_field(cocci, key):
    """`grep "KEY:" $COCCI | cut -d':' -f2`, as the shell then splits it."""
    words = []
    with open(cocci, encoding="utf-8", errors="replace") as f:
        for line in f:
            if key + ":" in line:
                words.extend(line.rstrip("\n").split(":")[1].split())
    return words


def version_tuple(text):
    return tuple(int(x) for x in re.findall(r"\d+", text))


def spatch_version(spatch):
    first = subprocess.run([spatch, "--version"], capture_output=True, text=True).stdout
    first = (first.splitlines() or [""])[0].split()
    return first[2] if len(first) > 2 else ""


def spatch_has_jobs(spatch):
    p = subprocess.run([spatch, "--help"], capture_output=True, text=True)
    return "--jobs" in p.stdout + p.stderr


# A file shows no era stream_open() may be written in; the user says it is
# today's (make coccicheck SPFLAGS="-D era_given").
SPFLAGS = ["-D", "era_given"]


def command(spatch, cocci, mode, options):
    flags = ["--very-quiet"]
    if mode in ("report", "org"):
        flags = ["--no-show-diff"] + flags
    return [spatch, "-D", mode] + flags + ["--cocci-file", cocci] + \
        coccicheck_field(cocci, "Options") + options + SPFLAGS


def run(cmd, cwd):
    # Like coccicheck: standard error goes into the same output.
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace", timeout=1800)
    if p.returncode != 0:
        raise Failure("%s\nexited %d (coccicheck would stop: \"coccicheck failed\"):\n%s"
                      % (" ".join(cmd), p.returncode, p.stdout[-3000:]))
    return p.stdout


# ---------------------------------------------------------------------------
# The shapes.

def normal(path):
    return os.path.normpath(path)


def check_place(tree, path, line, col, cole, what, problems):
    full = os.path.join(tree, path)
    if not os.path.isfile(full):
        problems.append("%s: names %s, which is not a file of the tree" % (what, path))
        return
    with open(full, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if not 1 <= line <= len(lines):
        problems.append("%s: line %d is not in %s (%d lines)" % (what, line, path, len(lines)))
    elif col is not None and not (0 <= col <= cole <= len(lines[line - 1].expandtabs(1)) + 1):
        problems.append("%s: columns %d-%d do not fit line %d of %s" % (what, col, cole, line, path))


def diff_names(mode, single, old, new):
    """The file a diff's ---/+++ pair is about, or None when the pair is not
    what spatch prints in this mode and form."""
    if single:
        # One file: spatch compares it with its output in a temporary file.
        ok = new.startswith("/tmp/cocci-output-") and new.endswith("-" + os.path.basename(old))
        return normal(old) if ok else None
    if mode == "patch":
        ok = old.startswith("a/") and new == "b/" + old[2:]
        return normal(old[2:]) if ok else None
    ok = new.startswith("/tmp/nothing/") and normal(old) == normal(new[len("/tmp/nothing/"):])
    return normal(old) if ok else None


def parse_diff(text, mode, single):
    """Split a diff into {file: its hunks}, and list every line that does
    not belong to a diff of this mode and form."""
    sections, problems = {}, []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    i = 0
    while i < len(lines):
        line = lines[i]
        header = None
        if line.startswith("diff -u -p "):
            header = line.split()
            if single or len(header) != 5:
                problems.append("line %d: an unexpected diff header: %r" % (i + 1, line))
            i += 1
        elif not single:
            problems.append("line %d: not part of a diff (a 'diff -u -p' header was due): %r"
                            % (i + 1, line))
            i += 1
            continue
        if i + 1 >= len(lines) or not lines[i].startswith("--- ") or \
                not lines[i + 1].startswith("+++ "):
            problems.append("line %d: not part of a diff (---/+++ lines were due): %r"
                            % (i + 1, lines[i] if i < len(lines) else ""))
            i += 1
            continue
        old, new = lines[i][4:], lines[i + 1][4:]
        name = diff_names(mode, single, old, new)
        if name is None or (header and header[3:5] != [old, new]):
            problems.append("line %d: not the ---/+++ names of a %s diff%s: %r, %r"
                            % (i + 1, mode, " of one file" if single else "", old, new))
            name = name or old
        i += 2
        body, hunks = [], 0
        while i < len(lines) and lines[i].startswith("@@"):
            m = HUNK_RE.match(lines[i])
            if not m:
                problems.append("line %d: a malformed hunk header: %r" % (i + 1, lines[i]))
                break
            want_old = int(m.group(2) if m.group(2) is not None else 1)
            want_new = int(m.group(4) if m.group(4) is not None else 1)
            body.append(lines[i])
            i += 1
            got_old = got_new = marked = 0
            while i < len(lines) and (got_old < want_old or got_new < want_new):
                l = lines[i]
                tag = l[:1]
                if tag == " " or l == "":
                    got_old, got_new = got_old + 1, got_new + 1
                elif tag == "-":
                    got_old, marked = got_old + 1, marked + 1
                elif tag == "+":
                    got_new, marked = got_new + 1, marked + 1
                elif not l.startswith("\\ No newline"):
                    break
                body.append(l)
                i += 1
            while i < len(lines) and lines[i].startswith("\\ No newline"):
                body.append(lines[i])
                i += 1
            if (got_old, got_new) != (want_old, want_new):
                problems.append("%s: a hunk's lines do not add up to its header %r "
                                "(%d old, %d new)" % (name, m.group(0), got_old, got_new))
            if not marked:
                problems.append("%s: a hunk %r marks no line" % (name, m.group(0)))
            hunks += 1
        if not hunks:
            problems.append("%s: a file header with no hunk" % name)
        if name in sections:
            problems.append("%s: two diffs of the same file" % name)
        sections[name] = body
    return sections, problems


def check_lines(text, regex, tree, what):
    """Every line matches regex and names a real place; {file: [lines]}."""
    per_file, problems = {}, []
    for n, line in enumerate(text.splitlines(), 1):
        m = regex.match(line)
        if not m:
            problems.append("%s line %d is not of the form coccicheck expects: %r" % (what, n, line))
            continue
        path = normal(m.group("file"))
        check_place(tree, path, int(m.group("line")), int(m.group("col")), int(m.group("cole")),
                    "%s line %d" % (what, n), problems)
        per_file.setdefault(path, []).append(line.replace(m.group("file"), path, 1))
    return per_file, problems


def shape(mode, text, tree, single):
    """({file: its part of the output, comparable across forms}, problems)."""
    if mode in ("patch", "context"):
        return parse_diff(text, mode, single)
    per_file, problems = check_lines(text, REPORT_RE if mode == "report" else ORG_RE, tree, mode)
    return {f: sorted(l) for f, l in per_file.items()}, problems


def patch_applies(text, tree):
    p = subprocess.run(["patch", "-p1", "--dry-run", "--batch", "--silent"], input=text,
                       cwd=tree, capture_output=True, text=True)
    return p.returncode == 0, p.stdout + p.stderr


# ---------------------------------------------------------------------------

def copy_corpus(corpus, dest):
    def skip(d, names):
        return ["expected"] if os.path.samefile(d, corpus) else []
    shutil.copytree(corpus, dest, ignore=skip)
    # coccicheck runs at the top of a kernel tree, whose Makefile gives
    # every file its version (corpus/modern's trees keep their own); the
    # corpus's own drivers are of the 2.6 kind.
    with open(os.path.join(dest, "Makefile"), "w") as f:
        f.write("VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 8\n")


def declared_modes(cocci):
    with open(cocci, encoding="utf-8", errors="replace") as f:
        declared = set(re.findall(r"^virtual\s+(\w+)", f.read(), re.M))
    return [m for m in MODES if m in declared]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("corpus")
    ap.add_argument("cocci")
    args = ap.parse_args()
    cocci = os.path.abspath(args.cocci)
    name = os.path.basename(cocci)
    problems = []

    required = "".join(coccicheck_field(cocci, "Requires"))
    have = spatch_version(args.spatch)
    if required and version_tuple(required) > version_tuple(have):
        print("FAIL: %s requires spatch %s, this is %s: coccicheck would skip it"
              % (name, required, have))
        return 1
    modes = declared_modes(cocci)
    if not modes:
        print("FAIL: %s declares none of the modes %s (virtual ...)" % (name, ", ".join(MODES)))
        return 1

    # srctree is "." in an in-tree build; LINUXINCLUDE's -I flags reach
    # spatch as "-I dir".
    include = ["-I", "./include"]
    tree_opts = ["--dir", "."] + include
    if args.jobs != 1 and spatch_has_jobs(args.spatch):
        tree_opts += ["--jobs", str(args.jobs), "--chunksize", "1"]

    tmp = tempfile.mkdtemp(prefix="safeseek-coccicheck-")
    # spatch's Python rules load the interpreter found on PATH; put Debian's
    # first, as on a Debian machine running coccicheck.
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    try:
        tree = os.path.join(tmp, "tree")
        copy_corpus(os.path.abspath(args.corpus), tree)
        whole = {}
        for mode in modes:
            try:
                out = run(command(args.spatch, cocci, mode, tree_opts), tree)
            except Failure as e:
                problems.append(str(e))
                continue
            per_file, bad = shape(mode, out, tree, single=False)
            problems.extend("%s -D %s --dir: %s" % (name, mode, b) for b in bad[:20])
            if not out.strip():
                problems.append("%s -D %s --dir: no output on the corpus" % (name, mode))
            if mode == "patch" and out.strip():
                ok, why = patch_applies(out, tree)
                if not ok:
                    problems.append("%s -D patch --dir: patch -p1 does not apply the diff: %s"
                                    % (name, why[-1500:]))
            whole[mode] = per_file
            print("%s -D %s: %d lines over %d files" % (name, mode, len(out.splitlines()),
                                                       len(per_file)))

        # The single-file form (make C=1 CHECK=scripts/coccicheck): a few
        # files the patch speaks of, and one it does not.
        spoken = sorted(set().union(*[set(v) for v in whole.values()])) if whole else []
        every = sorted(normal(os.path.relpath(os.path.join(d, f), tree))
                       for d, _, fs in os.walk(tree) for f in fs if f.endswith(".c"))
        silent = [f for f in every if f not in spoken][:1]
        for path in spoken[:SINGLE_FILES] + silent:
            for mode in modes:
                try:
                    out = run(command(args.spatch, cocci, mode, include + [path]), tree)
                except Failure as e:
                    problems.append(str(e))
                    continue
                per_file, bad = shape(mode, out, tree, single=True)
                problems.extend("%s -D %s %s: %s" % (name, mode, path, b) for b in bad[:20])
                want = whole.get(mode, {}).get(path)
                got = per_file.get(path)
                if set(per_file) - {path}:
                    problems.append("%s -D %s %s: speaks of other files: %s"
                                    % (name, mode, path, sorted(set(per_file) - {path})))
                if got != want:
                    problems.append("%s -D %s %s: the single-file form differs from the --dir "
                                    "form for this file:\n--dir: %r\nfile:  %r"
                                    % (name, mode, path, want, got))
        print("%s: single-file form checked on %s" % (name, ", ".join(spoken[:SINGLE_FILES] + silent)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for p in problems:
        print("FAIL:", p)
    if problems:
        print("%d problem(s)" % len(problems))
        return 1
    print("%s: coccicheck's %s modes give the shapes it expects" % (name, "/".join(modes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

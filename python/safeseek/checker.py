# SPDX-License-Identifier: GPL-2.0-only
"""Running safeseek-check and reading what it prints.

The checker owns its rules, the flags a kernel build would give a file and
the reading of a unified diff; the run asks it for each of them (--list-rules,
--print-flags, --print-changed-lines) and re-derives none.  Its JSON is read
exactly as the checker writes it (checker/README.md); anything else stops the
run, since a field read wrongly would be a finding lost in silence.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

from . import parallel, space
from .common import Fatal, warn

NAME = "safeseek-check"

# Files per --print-flags call: all of a run's in one call, short of the
# kernel's limit on a command line's length.
FLAGS_BATCH = 2000


class Finding:
    __slots__ = ("file", "line", "col", "severity", "message", "tag", "fix",
                 "function", "source")

    def __init__(self, file, line, col, severity, message, tag, fix=None,
                 function=None, source="checker"):
        self.file, self.line, self.col = file, line, col
        self.severity, self.message, self.tag = severity, message, tag
        self.fix, self.function, self.source = fix, function, source

    def key(self):
        return (self.file, self.line, self.col, self.tag, self.severity, self.message)

    def text(self):
        # One line, whatever the file name holds (see common.safe for the
        # other control characters).
        return ("%s:%d:%d: %s: %s [%s]" % (self.file, self.line, self.col, self.severity,
                                           self.message, self.tag)
                ).replace("\n", "\\x0a").replace("\r", "\\x0d")


class Rule:
    __slots__ = ("id", "fix")

    def __init__(self, id, fix):
        self.id = id    # as findings name it
        self.fix = fix  # the semantic patch that converts it (no .cocci), or None


class Changes:
    """The lines a diff adds or changes in one file of the new tree."""
    __slots__ = ("path", "lines")

    def __init__(self, path, lines):
        self.path = path    # relative to the top of the tree, a/ b/ taken off
        self.lines = lines  # set of line numbers


def patch_name(fix):
    """A fix as the checker names it ("rw_ppos.cocci") as the run names
    patches ("rw_ppos")."""
    if fix is None:
        return None
    return fix[:-len(".cocci")] if fix.endswith(".cocci") else fix


# --- reading the JSON ---------------------------------------------------------

def _load(text, what):
    try:
        return json.loads(text)
    except ValueError as e:
        raise Fatal("%s: %s is not JSON: %s" % (NAME, what, e))


def _is(value, kind):
    if kind is None:
        return value is None
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _field(obj, key, kinds, what):
    """obj[key], which must be of one of kinds (None for null)."""
    if not isinstance(obj, dict) or key not in obj \
            or not any(_is(obj[key], k) for k in kinds):
        raise Fatal("%s: %s: no field '%s' of the expected type" % (NAME, what, key))
    return obj[key]


def _items(doc, key, what):
    items = _field(doc, key, (list,), what)
    for it in items:
        if not isinstance(it, dict):
            raise Fatal("%s: %s: '%s' holds something other than objects" % (NAME, what, key))
    return items


def parse_findings(text):
    what = "the JSON report"
    found = []
    for it in _items(_load(text, what), "findings", what):
        found.append(Finding(
            file=os.path.normpath(_field(it, "file", (str,), what)),
            line=_field(it, "line", (int,), what),
            col=_field(it, "column", (int,), what),
            severity=_field(it, "severity", (str,), what),
            message=_field(it, "message", (str,), what),
            tag=_field(it, "rule", (str,), what),
            fix=patch_name(_field(it, "fix", (str, None), what)),
            function=_field(it, "function", (str, None), what)))
    return found


def parse_rules(text):
    what = "--list-rules --format=json"
    return [Rule(_field(r, "id", (str,), what), patch_name(_field(r, "fix", (str, None), what)))
            for r in _items(_load(text, what), "rules", what)]


def parse_patches_chosen(text):
    """The patches whose files the checker chooses (--patch-files)."""
    what = "--list-rules --format=json"
    names = _field(_load(text, what), "patches_chosen", (list,), what)
    if not all(isinstance(n, str) for n in names):
        raise Fatal("%s: %s: 'patches_chosen' holds something other than names" % (NAME, what))
    return [patch_name(n) for n in names]


def parse_patch_files(text):
    """{patch: [file, ...]} of a report made with --patch-files."""
    what = "the JSON report"
    chosen = _field(_load(text, what), "patch_files", (dict,), what)
    out = {}
    for fix, files in chosen.items():
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise Fatal("%s: %s: 'patch_files' holds something other than lists of names"
                        % (NAME, what))
        out[patch_name(fix)] = [os.path.normpath(f) for f in files]
    return out


def _flag_files(text, count):
    """The "files" of a --print-flags answer for `count` files asked."""
    what = "--print-flags"
    files = _items(_load(text, what), "files", what)
    if len(files) != count:
        raise Fatal("%s: %s: %d files for %d asked" % (NAME, what, len(files), count))
    return files, what


def parse_flags(text, count):
    files, what = _flag_files(text, count)
    flags = []
    for f in files:
        args = _field(f, "args", (list,), what)
        if not all(isinstance(a, str) for a in args):
            raise Fatal("%s: %s: 'args' holds something other than strings" % (NAME, what))
        flags.append(args)
    return flags


def parse_eras(text, count):
    """The "vfs" of each file: the virtual rules of its kernel's era."""
    files, what = _flag_files(text, count)
    eras = []
    for f in files:
        era = _field(f, "vfs", (list,), what)
        if not all(isinstance(n, str) and n.isidentifier() for n in era):
            raise Fatal("%s: %s: 'vfs' holds something other than names" % (NAME, what))
        eras.append(era)
    return eras


def parse_handler_types(text, count):
    """The "sysctl_handler" of each file: (the header holding its tree's
    proc_handler typedef, whether that type takes a loff_t *), or None
    when its tree has none."""
    files, what = _flag_files(text, count)
    types = []
    for f in files:
        h = _field(f, "sysctl_handler", (dict, None), what)
        types.append(None if h is None else
                     (_field(h, "file", (str,), what), _field(h, "ppos", (bool,), what)))
    return types


def parse_roots(text, count):
    """The root of each file's kernel tree ("root"), or None."""
    files, what = _flag_files(text, count)
    return [_field(f, "root", (str, None), what) for f in files]


def parse_kbuild_roots(text, count):
    """The root of each file's tree when Kbuild can build its objects
    ("kbuild"), else None."""
    files, what = _flag_files(text, count)
    return [_field(f, "root", (str,), what) if _field(f, "kbuild", (bool,), what) else None
            for f in files]


class Diagnostic:
    """An error or a broken-contract warning of --print-diagnostics."""
    __slots__ = ("line", "col", "severity", "message", "option")

    def __init__(self, line, col, severity, message, option):
        self.line, self.col, self.severity = line, col, severity
        self.message, self.option = message, option

    def key(self):
        """What makes two the same, wherever they stand and whatever types
        they quote: a conversion changes the types in a diagnostic it
        leaves standing ("typedef redefinition with different types ('int
        (ctl_table *, ...)' vs 'int ()')"), and that is not a new one.
        The names they quote still count."""
        return (self.severity, QUOTED_TYPE.sub("'...'", self.message), self.option)


# A quoted type in a compiler's message: a space, parenthesis, star or
# bracket tells it from a quoted name.
QUOTED_TYPE = re.compile(r"'[^']*[ (*\[][^']*'")


def parse_diagnostics(text, count):
    """For each file asked: None when it could not be parsed, else its
    [Diagnostic]."""
    what = "--print-diagnostics"
    files = _items(_load(text, what), "files", what)
    if len(files) != count:
        raise Fatal("%s: %s: %d files for %d asked" % (NAME, what, len(files), count))
    answers = []
    for f in files:
        found = []
        for d in _items(f, "diagnostics", what):
            found.append(Diagnostic(_field(d, "line", (int,), what), _field(d, "column", (int,), what),
                                    _field(d, "severity", (str,), what),
                                    _field(d, "message", (str,), what),
                                    _field(d, "option", (str,), what)))
        answers.append(found if _field(f, "parsed", (bool,), what) else None)
    return answers


def parse_changes(text):
    what = "--print-changed-lines"
    changes = []
    for f in _items(_load(text, what), "files", what):
        lines = _field(f, "lines", (list,), what)
        if not all(isinstance(n, int) for n in lines):
            raise Fatal("%s: %s: 'lines' holds something other than numbers" % (NAME, what))
        changes.append(Changes(_field(f, "path", (str,), what), set(lines)))
    return changes


# --- running it -----------------------------------------------------------------

class Checker:
    def __init__(self, path, jobs, tmp=None, kernel=None):
        self.path = path
        self.jobs = jobs
        self.tmp = tmp
        # --kernel=X.Y of the run, given to the checker too; None: each
        # file's own
        self.kernel_args = ["--kernel=" + kernel] if kernel else []

    def _call(self, args, cwd=None):
        """(exit status, standard output, standard error) of the checker
        run with args; not being able to run it stops the run."""
        try:
            rc, out, err = parallel.run([self.path] + args, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd,
                                        universal_newlines=True, errors="replace")
        except OSError as e:
            raise Fatal("cannot run %s: %s" % (self.path, e.strerror))
        if rc not in (0, 1) and self.tmp:
            space.check(self.tmp, "%s (exit %d)" % (NAME, rc))
        return rc, out, err

    @staticmethod
    def _failed(what, rc, err):
        detail = err.strip().splitlines()
        return Fatal("%s %s failed (exit %d)%s"
                     % (NAME, what, rc, ": " + detail[-1] if detail else ""))

    def _run(self, args, what, cwd=None):
        """The checker's standard output; its failure stops the run."""
        rc, out, err = self._call(args, cwd)
        if rc != 0:
            raise self._failed(what, rc, err)
        return out

    def findings(self, paths, changed_lines=None, cwd=None, patch_files=False, patch_words=()):
        """Findings of the checker on paths (files or directories);
        changed_lines, a diff file, keeps those on the lines it changes.
        With patch_files, (findings, {patch: [file, ...]}): the files each
        patch the checker chooses for may change, and those of each of
        patch_words (--patch-words values, selection.argument)."""
        if not paths:
            return ([], {}) if patch_files else []
        with tempfile.NamedTemporaryFile(prefix="findings-", suffix=".json", dir=self.tmp) as out:
            cmd = ["--format=json", "-q", "-o", out.name, "-j", str(self.jobs)]
            cmd += self.kernel_args
            if changed_lines:
                cmd += ["--changed-lines", changed_lines]
            if patch_files:
                cmd.append("--patch-files")
                cmd += ["--patch-words=" + w for w in patch_words]
            cmd += ["--"] + list(paths)
            rc, _, err = self._call(cmd, cwd)
            # One line per file it could not read or parse; the run goes on.
            sys.stderr.write(err)
            with open(out.name, encoding="utf-8", errors="replace") as f:
                text = f.read()
        # Status 2 with a report: nothing could be analysed, which its
        # lines on standard error have said.
        if not text.strip():
            raise Fatal("%s failed (exit %d) and wrote no report" % (NAME, rc))
        if patch_files:
            return parse_findings(text), parse_patch_files(text)
        return parse_findings(text)

    def rules(self):
        """Every rule, in the order the summary lists them."""
        return parse_rules(self._run(["--list-rules", "--format=json"], "--list-rules"))

    def patches_chosen(self):
        """The names of the patches whose files the checker chooses."""
        return parse_patches_chosen(self._run(["--list-rules", "--format=json"],
                                              "--list-rules"))

    def flags(self, files):
        """For each of files, the include and define flags a kernel build
        would give it ([] when the checker has none: no kernel tree)."""
        return self._print_flags(files, parse_flags)

    def _print_flags(self, files, parse):
        """parse() of --print-flags' answer for each of files, in batches."""
        answers = []
        for i in range(0, len(files), FLAGS_BATCH):
            batch = list(files[i:i + FLAGS_BATCH])
            answers += parse(self._run(["--print-flags"] + self.kernel_args + ["--"] + batch,
                                       "--print-flags"), len(batch))
        return answers

    def eras(self, files):
        """For each of files, the era of the kernel it is written for: the
        names of the virtual rules that tell a semantic patch so."""
        return self._print_flags(files, parse_eras)

    def check_kernel(self):
        """A --kernel the checker does not take stops the run, in its words."""
        if self.kernel_args:
            rc, _, err = self._call(self.kernel_args + ["--list-rules"])
            if rc != 0:
                raise self._failed(self.kernel_args[0], rc,
                                   "\n".join(l for l in err.splitlines()
                                             if not l.startswith("Try ")))

    def handler_types(self, files):
        """For each of files, its tree's sysctl handler type (header, takes
        ppos), or None."""
        return self._print_flags(files, parse_handler_types)

    def roots(self, files):
        """For each of files, the root of its kernel tree, or None."""
        return self._print_flags(files, parse_roots)

    def kbuild_roots(self, files):
        """For each of files, the root of its tree when Kbuild can build
        objects there, or None."""
        return self._print_flags(files, parse_kbuild_roots)

    def diagnostics(self, pairs):
        """For each (path, contents path): what a compiler says of the
        contents parsed as the file at path ([Diagnostic]), or None when
        they could not be parsed.  The pairs are shared among the jobs."""
        def part(chunk):
            with tempfile.NamedTemporaryFile(prefix="diagnose-", dir=self.tmp) as lst:
                lst.write(b"".join(os.fsencode(p) + b"\0" + os.fsencode(c) + b"\0"
                                   for p, c in chunk))
                lst.flush()
                rc, out, err = self._call(["--print-diagnostics=" + lst.name])
            # 2: some file could not be parsed, and is answered so.  A
            # crash answers nothing: none of these files is compiled.
            if rc < 0:
                warn("%s --print-diagnostics died of signal %d: %d file%s not compiled"
                     % (NAME, -rc, len(chunk), "" if len(chunk) == 1 else "s"))
                return [None] * len(chunk)
            if rc not in (0, 2):
                raise self._failed("--print-diagnostics", rc, err)
            return parse_diagnostics(out, len(chunk))

        if not pairs:
            return []
        n = max(1, min(self.jobs, len(pairs)))
        chunks = [pairs[i::n] for i in range(n)]
        parts = parallel.at_once(*[lambda c=c: part(c) for c in chunks])
        answers = [None] * len(pairs)
        for i, got in enumerate(parts):
            answers[i::n] = got
        return answers

    def changed_lines(self, diff_file):
        """[Changes] of a unified diff with -p1 paths."""
        return parse_changes(self._run(["--print-changed-lines=" + diff_file],
                                       "--print-changed-lines"))

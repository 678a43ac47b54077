# SPDX-License-Identifier: GPL-2.0-only
"""Computing every conversion on a scratch copy, never in the tree.

The patches run in order over one copy, each in place on the previous one's
output, so the tree itself is only touched when every file's final form is
known (install.py).
"""

import collections
import difflib
import hashlib
import os

from . import cfuncs
from . import cocci
from . import parallel
from .common import warn


class ParseFailure:
    __slots__ = ("source", "line", "kind", "name", "patches")

    def __init__(self, source, line, kind, name):
        self.source = source      # files.Source
        self.line = line          # in the original file
        self.kind = kind          # "function", "declaration", "macro" or "file"
        self.name = name          # what is defined or declared there
        self.patches = []

    @property
    def function(self):
        return self.name if self.kind == "function" else None

    def place(self):
        return describe(self.source.display, self.line, self.kind, self.name)


def macro_lines(macros):
    """(display, line, name) of macro definitions spatch could not parse,
    one line per file."""
    by_file = {}
    for display, line, name in sorted(macros):
        by_file.setdefault(display, []).append("%s (%d)" % (name, line))
    return ["%s: %s" % (d, ", ".join(names)) for d, names in sorted(by_file.items())]


def describe(display, line, kind, name):
    if kind == "function":
        return "%s:%d: function %s" % (display, line, name)
    if kind == "macro":
        return "%s:%d: macro %s" % (display, line, name)
    if kind == "declaration":
        return "%s:%d: declaration of %s" % (display, line, name)
    return "%s:%d: outside any function" % (display, line)


class Outcome:
    """What the conversions would do.

    Only the files a patch changes are held in memory; the others are known
    by a digest, so that a whole kernel tree can be a candidate."""

    def __init__(self, contents=None):
        self.contents = contents  # Source -> starting bytes, or None: the file itself
        self.digest = {}          # Source -> digest of its starting bytes
        self.original = {}        # Source -> starting bytes, for every changed file
        self.final = {}           # Source -> bytes after all patches, for every changed file
        self.copy = {}            # Source -> its scratch copy, converted
        self.regions = {}         # Source -> {patch name: regions it changed there}
        self.failures = []        # (Source, patch name, what): the file is left as it was
        self.timed_out = []       # (Source, patch name): spatch gave up on the file with
                                  # that patch; what the others did is kept
        self.parse_failures = []  # ParseFailure, macro definitions included
        self.last_patch = {}      # Source -> index of the last patch that changed it

    def source_bytes(self, s):
        """A candidate's starting bytes."""
        if s in self.original:
            return self.original[s]
        return self.contents[s] if self.contents is not None else read(s.path)

    def unparsed_code(self):
        """The parse failures that hid code from the patches: a macro
        definition spatch cannot parse is not code any patch converts."""
        return [pf for pf in self.parse_failures if pf.kind != "macro"]

    def places(self, written):
        """{patch name: places it changed} over the files `written`: the
        count of what a run wrote, not of what it tried."""
        total = collections.Counter()
        for s in written:
            total.update(self.regions.get(s, {}))
        return total

    def files_by_patch(self, written):
        """{patch name: how many of the files `written` it changed}."""
        return collections.Counter(p for s in written for p in self.regions.get(s, {}))

    def timeouts_per_patch(self, patches):
        """How many files spatch gave up on, per patch: "a 1, b 0"."""
        n = collections.Counter(pname for _, pname in self.timed_out)
        return ", ".join("%s %d" % (p.name, n[p.name]) for p in patches)

    def changed(self):
        failed = {s for s, _, _ in self.failures}
        return [s for s in sorted(self.final, key=lambda s: s.display) if s not in failed]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def _scratch_path(scratch, source, taken):
    """Where a source's copy goes: its path below its PATH, every name made
    plain for spatch (see cocci.plain), and never one already taken."""
    parts = [cocci.plain_component(p) for p in source.rel.split(os.sep)]
    path = os.path.join(scratch, str(source.root.index), *parts)
    n = 0
    while path in taken:
        n += 1
        stem, ext = os.path.splitext(parts[-1])
        path = os.path.join(scratch, str(source.root.index), *parts[:-1],
                            "%s_%d%s" % (stem, n, ext))
    return path


def regions(old, new):
    """How many separate places differ between two versions of a file."""
    a = old.decode("utf-8", "surrogateescape").splitlines()
    b = new.decode("utf-8", "surrogateescape").splitlines()
    # The lines both start and end with are set aside first: a conversion
    # touches a few lines, and SequenceMatcher's time grows with the square
    # of what it is given.
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a, b = a[head:len(a) - tail], b[head:len(b) - tail]
    return sum(1 for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
               if op[0] != "equal")


def candidates(runner, patches, roots, sources):
    """The files each patch would look at, by spatch's own selection (with
    git grep when asked): {patch name: set of Source}."""
    by_display = {s.display: s for s in sources}
    chosen = {}
    if not patches:
        return chosen
    runs = parallel.at_once(*[
        (lambda p=p: runner.on_roots(p, "patch", roots, sources, selected_only=True))
        for p in patches])
    for patch, results in zip(patches, runs):
        mine = chosen[patch.name] = set()
        for res in results:
            runner.check_patch(patch, res)
            if res.failed():
                # Without a selection, every file is a candidate: slower, never wrong.
                warn("spatch could not list the files for %s; trying them all\n%s"
                     % (patch.name, res.tail(5)))
                mine.update(sources)
                break
            for f in res.selected:
                s = by_display.get(os.path.normpath(f))
                if s is not None:
                    mine.add(s)
    return chosen


def union(chosen):
    """Every file some patch is to run on, in order."""
    return sorted(set().union(*chosen.values()) if chosen else (), key=lambda s: s.display)


def convert(runner, patches, sources, scratch, contents=None, needed=None, chosen=None,
            progress=None, label="converting"):
    """Apply every patch in order to copies of `sources` under `scratch`.
    `contents` gives the starting bytes of each source (default: read the
    file); `needed`, how many of the patches, from the first, each source
    needs (default: all); `chosen`, {patch name: set of Source}, the files
    each patch runs on (default: all).  A file an earlier patch changed
    runs through every later one: its new text may hold what they convert.
    `progress` (progress.py), when given, shows each patch's run as a
    phase named after `label`.  Returns an Outcome."""
    out = Outcome(contents)
    work = {}
    for s in sources:
        data = contents[s] if contents is not None else read(s.path)
        out.digest[s] = hashlib.sha256(data).digest()
        path = _scratch_path(scratch, s, work)
        write(path, data)
        # Any write by spatch gives the copy a new time.
        os.utime(path, ns=(0, 0))
        work[path] = s
        out.copy[s] = path
        runner.versions.same_as(path, s.path)
    every = sorted(work)
    current = {}   # scratch path -> bytes, for the copies a patch has changed
    failures = {}
    gave_up = []   # (Source, patch name): a patch spatch gave up on, the others went on
    parse_seen = {}

    def text_of(p):
        return current[p] if p in current else out.source_bytes(work[p])

    for index, patch in enumerate(patches):
        # A file one patch failed on stays as it was, whatever the others
        # would make of it: they are spared the (often long) work.  One a
        # patch gave up on (its --timeout) goes on through the others.
        paths = [p for p in every if (needed is None or needed[work[p]] > index)
                 and work[p] not in failures
                 and (chosen is None or work[p] in chosen.get(patch.name, ()) or p in current)]
        stamps = {p: _stamp(p) for p in paths}
        if progress is not None:
            progress.phase("%s with %s (patch %d of %d), files" % (label, patch.name, index + 1,
                                                                  len(patches)), len(paths))
        runner.progress = progress
        try:
            res = runner.check_patch(patch, runner.on_files(patch, "patch", paths, in_place=True))
        finally:
            runner.progress = None
        results = [res]
        if res.failed():
            # One file can take the whole run down; the others keep their
            # conversion.
            warn("spatch stopped on %s (exit %d); retrying without the file that stops it"
                 % (patch.name, res.rc))
            parts = runner.isolating(patch, "patch", paths, in_place=True)
            results = [r for _, r in parts]
            for files, r in parts:
                if r.failed():
                    failures.setdefault(work[files[0]], (patch.name, "spatch failed (exit %d): %s"
                                                         % (r.rc, r.tail(1))))
        given_up = set()
        for r in results:
            for f, what in r.exceptions:
                s = work.get(os.path.abspath(f))
                if s is None:
                    continue
                if what == cocci.TIMED_OUT:
                    given_up.add(os.path.abspath(f))
                    gave_up.append((s, patch.name))
                else:
                    failures.setdefault(s, (patch.name, what))
        before_stage = {}
        for p in paths:
            if p in given_up:
                # Whatever spatch left in the copy is not this patch's work.
                write(p, text_of(p))
                continue
            if _stamp(p) == stamps[p]:
                continue
            before = text_of(p)
            after = read(p)
            if after != before:
                before_stage[p] = before
                current[p] = after
                out.last_patch[work[p]] = index
                out.regions.setdefault(work[p], {})[patch.name] = regions(before, after)
        for r in results:
            for f, line in r.parse_errors:
                p = os.path.abspath(f)
                if p not in work:
                    continue
                stage_text = before_stage[p] if p in before_stage else text_of(p)
                _note_parse_failure(out, parse_seen, work[p], stage_text, line, patch.name)
    for p, data in current.items():
        s = work[p]
        original = out.source_bytes(s)
        if hashlib.sha256(original).digest() != out.digest[s]:
            failures.setdefault(s, ("-", "changed while the conversion ran"))
        elif data != original:
            out.original[s] = original
            out.final[s] = data
    for s, (pn, what) in sorted(failures.items(), key=lambda kv: kv[0].display):
        out.failures.append((s, pn, what))
    out.timed_out = sorted(gave_up, key=lambda sp: (sp[0].display, sp[1]))
    out.parse_failures.sort(key=lambda pf: (pf.source.display, pf.line))
    return out


def _stamp(path):
    st = os.stat(path)
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _note_parse_failure(out, seen, source, text_at_stage, line, patch_name):
    """Record one region spatch could not parse, named by what holds it and
    placed in the original file."""
    stage_text = text_at_stage.decode("utf-8", "surrogateescape")
    kind, name, where = cfuncs.place_of(stage_text, line)
    if kind in ("function", "declaration"):
        orig = out.source_bytes(source).decode("utf-8", "surrogateescape")
        funcs, decls = cfuncs.functions(orig), cfuncs.declarations(orig)
        same = [f for f in (funcs if kind == "function" else decls) if f.name == name]
        if same:
            where = same[0].line
    key = (source, kind, name if name else where)
    pf = seen.get(key)
    if pf is None:
        pf = seen[key] = ParseFailure(source, where, kind, name)
        out.parse_failures.append(pf)
    if patch_name not in pf.patches:
        pf.patches.append(patch_name)

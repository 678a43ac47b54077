# SPDX-License-Identifier: GPL-2.0-only
"""One run: its files, its patches, its tools and its scratch directory."""

import os
import shutil
import sys
import tempfile

from . import changed, checker, cocci, files, kernel, patches, space
from .common import lossy, warn


class Run:
    """Everything one run needs."""

    def __init__(self, opts, paths, layout, checker_path, tmp, collected=None):
        self.tmp = tmp  # removed when the run ends
        self.jobs = opts.jobs
        self.paths = paths
        self.roots, self.sources = collected or files.collect(paths)
        if not self.sources:
            warn("no .c or .h files under %s" % ", ".join(repr(p) for p in paths))
        self.patches = patches.find(layout.patches)
        self.checker = checker.Checker(checker_path, opts.jobs, tmp, kernel=opts.kernel)
        self.checker.check_kernel()
        # Each file's kernel era, from the checker: the semantic patches
        # convert for it (-D NAME), also on scratch copies far from its tree.
        self.versions = kernel.Eras()
        self.versions.learn(self.checker, [s.path for s in self.sources])
        self.runner = cocci.Runner("spatch", opts.jobs, opts.timeout, opts.gitgrep,
                                   python=sys.executable, tmp=tmp, versions=self.versions)
        self.since = changed.Since(opts.since, paths[0], self.checker, tmp) \
            if opts.since is not None else None
        self.incomplete = False  # a file spatch could not go through
        self._display = {}
        self._lossy = {}
        for s in self.sources:
            self._display[s.path] = s.display
            self._lossy.setdefault(lossy(s.path), []).append(s.display)

    def display(self, printed, cwd=None):
        """A tool's path, as this run prints it."""
        real = os.path.realpath(os.path.join(cwd, printed) if cwd else printed)
        if real in self._display:
            return self._display[real]
        # The checker's JSON gives a byte of a name that is not UTF-8 as
        # \xNN (common.lossy): find the file that name stands for.
        same = self._lossy.get(real) or self._lossy.get(lossy(real), [])
        return same[0] if len(same) == 1 else os.path.normpath(printed)

    def checker_findings(self, paths=None):
        """The checker on the PATHs (or on given files), with --since applied."""
        if paths is None:
            paths = [r.display for r in self.roots]
        if not paths:
            return []
        cwd = None
        diff_file = None
        if self.since is not None:
            # Run from the top of the git tree so that the paths the
            # checker prints are those of the diff.
            cwd = self.since.top
            paths = [os.path.relpath(os.path.realpath(p), cwd) for p in paths]
            diff_file = self.since.diff_file
        found = self.checker.findings(paths, changed_lines=diff_file, cwd=cwd)
        for f in found:
            f.file = self.display(f.file, cwd)
        return found

    def checker_choice(self, patch_words=()):
        """The checker on the PATHs with --patch-files: (findings,
        {patch name: set of Source}) for the patches it chooses files for
        and for those of patch_words (selection.argument values)."""
        paths = [r.display for r in self.roots]
        if not paths:
            return [], {}
        found, chosen = self.checker.findings(paths, patch_files=True, patch_words=patch_words)
        for f in found:
            f.file = self.display(f.file)
        by_display = {s.display: s for s in self.sources}
        choice = {}
        for patch, names in chosen.items():
            choice[patch] = {by_display[d] for d in (self.display(n) for n in names)
                             if d in by_display}
        return found, choice

    def checker_chosen(self):
        """(findings, {patch name: set of Source}) for the patches whose
        files the checker chooses: the files --fix runs them on, and so
        the only ones the other modes may show them change."""
        by_checker = set(self.checker.patches_chosen())
        found, choice = self.checker_choice()
        return found, {p: choice.get(p, set()) for p in by_checker}

    def spatch_all(self, mode, only=None):
        """Every patch in `mode` over the PATHs: [(patch, [Result])].
        `only`: {patch name: set of Source}, the files those patches run on."""
        out = []
        for p in self.patches:
            sources = self.sources
            if only is not None and p.name in only:
                sources = [s for s in self.sources if s in only[p.name]]
                results = [self.runner.on_files(p, mode, [s.display for s in sources])]
            else:
                results = self.runner.on_roots(p, mode, self.roots, self.sources)
            for r in results:
                self.runner.check_patch(p, r)
            if any(r.failed() for r in results):
                # One file can stop a whole run: the others still get
                # their output.
                warn("spatch stopped on %s (%s mode); retrying without the file that stops it"
                     % (p.name, mode))
                results = []
                for names, r in self.runner.isolating(p, mode, [s.display for s in sources]):
                    if r.failed():
                        warn("%s: spatch failed with %s (exit %d): %s"
                             % (names[0], p.name, r.rc, r.tail(1)))
                        self.incomplete = True
                    results.append(r)
            for r in results:
                for f, what in r.exceptions:
                    warn("%s: %s with %s; its %s output is missing" % (f, what, p.name, mode))
                    self.incomplete = True
            out.append((p, results))
        return out


SCRATCH_PREFIX = "safeseek-run-"


def scratch_parent():
    """$TMPDIR, unless spatch could not be given paths inside it.  (Not
    tempfile.gettempdir(), which passes over a full TMPDIR in silence.)"""
    d = os.environ.get("TMPDIR", "")
    d = os.path.realpath(d if os.path.isdir(d) else tempfile.gettempdir())
    return d if cocci.plain(d) else "/tmp"


def new_scratch():
    """A private directory for the run, marked with our process id so that a
    later run can tell it was left behind by a run that was killed.  Every
    temporary file of the run and of the tools it starts goes there (their
    TMPDIR is set to it), so that removing it leaves nothing behind."""
    parent = scratch_parent()
    space.check(parent)
    d = os.path.realpath(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=parent))
    with open(os.path.join(d, "owner.pid"), "w") as f:
        f.write("%d\n" % os.getpid())
    os.environ["TMPDIR"] = d
    tempfile.tempdir = d
    return d


def reap_stale_scratch():
    top = scratch_parent()
    try:
        names = [n for n in os.listdir(top) if n.startswith(SCRATCH_PREFIX)]
    except OSError:
        return
    for n in names:
        d = os.path.join(top, n)
        try:
            with open(os.path.join(d, "owner.pid")) as f:
                pid = int(f.read().strip())
            if os.lstat(d).st_uid != os.getuid():
                continue
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(d, ignore_errors=True)
        except (OSError, ValueError):
            continue

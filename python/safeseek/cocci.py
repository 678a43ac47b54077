# SPDX-License-Identifier: GPL-2.0-only
"""Running the semantic patches with spatch and reading what it says."""

import glob
import os
import re
import shutil
import subprocess
import tempfile
import threading

from . import install, kernel, parallel, space
from .common import Fatal

REPORT_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+)-(?P<cole>\d+): ?(?P<msg>.*)$")
PARSE_ERROR_RE = re.compile(r'^\s*= File "(?P<file>.+)", line (?P<line>\d+), column (?P<col>\d+)')
EXN_RE = re.compile(r"^EXN: (?P<exn>.+?) in (?P<file>.+)$")
ORG_RE = re.compile(r"^\*+ TODO \[\[view:(?P<file>.+?)::face=[^:]*::linb=(?P<line>\d+)::")
HUNK_RE = re.compile(r"^@@ -(?P<old>\d+)(?:,(?P<olen>\d+))? \+\d+(?:,(?P<nlen>\d+))? @@")
SELECTED_RE = re.compile(r"^selected (?P<file>.+)$")
SEVERITY_RE = re.compile(r"^(?P<sev>WARNING|ERROR|INFO|NOTE|note|warning|error)\s*:\s*(?P<rest>.*)$")

# What a Result's exceptions say of a file spatch gave up on (--timeout).
TIMED_OUT = "timed out"


# spatch hands file names to the shell (diff, cp) unquoted: a name with a
# space or a shell character, or one starting with '-', is given to it under
# a plain alias.
SAFE_NAME_RE = re.compile(r"^[A-Za-z0-9._/+-]+$")


def plain(path):
    return bool(SAFE_NAME_RE.match(path)) and not path.startswith("-")


def plain_component(name):
    """A file or directory name made plain: every other character becomes '_'."""
    out = re.sub(r"[^A-Za-z0-9._+-]", "_", name)
    return out if out and out not in (".", "..") else "_"


class Result:
    """What one spatch run printed, read."""

    def __init__(self, cmd, rc, out, err):
        self.cmd, self.rc, self.out, self.err = cmd, rc, out, err
        self.base = None         # the --dir of the run, which diff headers are relative to
        self.parse_errors = []   # (file, line) of each region spatch could not parse
        self.exceptions = []     # (file, what): a timeout or a crash on one file
        self.selected = []
        for text in err.splitlines():
            m = PARSE_ERROR_RE.match(text)
            if m:
                self.parse_errors.append((m.group("file"), int(m.group("line"))))
                continue
            m = EXN_RE.match(text)
            if m:
                exn = m.group("exn")
                what = TIMED_OUT if exn.endswith("Timeout") else "spatch failed (%s)" % exn
                self.exceptions.append((m.group("file"), what))
                continue
            m = SELECTED_RE.match(text)
            if m:
                self.selected.append(m.group("file"))

    def failed(self):
        return self.rc != 0

    def tail(self, n=15):
        lines = [line for line in self.err.splitlines()
                 if line.strip() and "type defaults to 'int'" not in line]
        return "\n".join(lines[-n:])

    def broken_patch(self, patch):
        """When spatch refused the semantic patch itself (a syntax or
        semantic error in the .cocci file), what it said; else None."""
        if not self.failed() or ('File "%s"' % patch.path) not in self.err:
            return None
        return self.tail(6)


class Runner:
    def __init__(self, spatch, jobs, timeout, use_gitgrep=False, python=None, tmp=None,
                 versions=None):
        self.spatch = spatch
        # The kernel era of each file, for -D NAME (kernel.py).
        self.versions = versions or kernel.Eras()
        # Where spatch's parallel workers keep their files: by default it
        # makes a directory in the current one, left behind when stopped.
        self.tmp = tmp or "/tmp"
        # The interpreter for the patches' script rules: the one this run
        # was started with, not whatever python3 comes first on PATH.
        self.python = python
        self.jobs = jobs
        self.timeout = timeout
        self.use_gitgrep = use_gitgrep
        # The progress of the conversion (convert.py), told of each file a
        # spatch run starts on; None while nothing watches.
        self.progress = None

    def command(self, patch, mode, in_place=False, selected_only=False, version=None,
                gitgrep=False):
        """spatch's command line: every run of spatch is built here, so an
        option every run needs (a -D NAME=VALUE, say) is added here once.
        `version`: the era of the kernel the files are written for
        (kernel.py), or None for today's."""
        cmd = [self.spatch, "--sp-file", patch.path, "-D", mode] + patch.options
        # era_given: what the names say (nothing: today's kernel) is the
        # whole truth, and the patch reads no era from the code.
        for name in tuple(version or ()) + ("era_given",):
            if name in patch.virtuals:
                cmd += ["-D", name]
        if self.python:
            cmd += ["--python", self.python]
        if mode in ("report", "org"):
            cmd.append("--no-show-diff")
        # Run from a git work tree, spatch chooses files with git grep over
        # that tree, whatever files it is given: only where asked to.
        cmd.append("--use-gitgrep" if gitgrep else "--no-scanner")
        if in_place:
            cmd.append("--in-place")
        if selected_only:
            cmd.append("--selected-only")
        cmd += ["--verbose-parsing", "--timeout", str(self.timeout)]
        # The runs that only choose files go side by side (convert.py), one
        # process each: workers of their own only slowed them down.  So runs
        # with workers never overlap and can share the workers' directory.
        workers = self.workers_dir(selected_only)
        if workers:
            cmd += ["--jobs", str(self.jobs), "--chunksize", "1", "--tmp-dir", workers]
        # Its other files (cocci-output-*) would go to /tmp, whatever TMPDIR says.
        cmd += ["--temp-files", self.files_dir()]
        return cmd

    def files_dir(self):
        d = os.path.join(self.tmp, "spatch-files")
        os.makedirs(d, exist_ok=True)
        return d

    def workers_dir(self, selected_only=False):
        """The directory spatch's workers write to, or None for a run
        without workers."""
        if self.jobs > 1 and not selected_only:
            return os.path.join(self.tmp, "spatch")
        return None

    def check_patch(self, patch, res):
        msg = res.broken_patch(patch)
        if msg is not None:
            raise Fatal("spatch cannot use %s:\n%s" % (patch.path, msg))
        return res

    def _run(self, cmd, cwd=None, workers=None):
        """Run spatch; `workers`: the directory its workers write to (as
        workers_dir() says), None when it runs alone."""
        watch = self.progress
        if watch is None:
            return self._run_quietly(cmd, cwd)
        if workers is None:
            return self._run_quietly(cmd, cwd, on_line=lambda line: (
                line.startswith("HANDLING: ") and watch.advance()))
        # spatch's workers write their standard error to files of a
        # directory beside --tmp-dir, which it prints once they are done:
        # the files tell how far they are.
        done = threading.Event()
        poller = threading.Thread(target=_count_handled, daemon=True,
                                  args=(workers, watch, done))
        poller.start()
        try:
            return self._run_quietly(cmd, cwd)
        finally:
            done.set()
            poller.join()

    def _run_quietly(self, cmd, cwd, on_line=None):
        try:
            rc, out, err = parallel.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        cwd=cwd, universal_newlines=True,
                                        errors="surrogateescape", on_line=on_line,
                                        own_group=True)
        except OSError as e:
            raise Fatal("cannot run %s: %s" % (cmd[0], e.strerror))
        if rc != 0:
            space.check(self.tmp, "spatch (exit %d)" % rc)
        return Result(cmd, rc, out, err)

    def on_files(self, patch, mode, files, cwd=None, **kw):
        """Run over a list of files, each one a group of its own: one run
        per kernel version among them."""
        if not files:
            return Result([], 0, "", "")
        by_version = {}
        for f in files:
            v = self.versions.of(os.path.join(cwd or ".", f))
            by_version.setdefault(v, []).append(f)
        results = [self._on_files(patch, mode, group, cwd, version=v, **kw)
                   for v, group in sorted(by_version.items())]
        return results[0] if len(results) == 1 else _merged(results)

    def isolating(self, patch, mode, files, **kw):
        """After a run over files failed: runs over each half of them, and
        over the halves of a half that fails, down to single files, so that
        a file that stops spatch costs the others nothing and a few runs
        find it.  [(files, Result)]; a Result that failed is one file's."""
        if len(files) <= 1:
            return [(files, self.on_files(patch, mode, files, **kw))] if files else []
        mid = len(files) // 2
        out = []
        for part in (files[:mid], files[mid:]):
            res = self.on_files(patch, mode, part, **kw)
            if res.failed() and len(part) > 1:
                out += self.isolating(patch, mode, part, **kw)
            else:
                out.append((part, res))
        return out

    def select_files(self, patch, files, version):
        """Which of files (absolute paths, plain names) spatch would look
        at for patch, written for the kernel `version`: its Result's
        `selected`."""
        return self._on_files(patch, "patch", files, version=version, selected_only=True)

    def _on_files(self, patch, mode, files, cwd=None, **kw):
        aliases = {}
        tmp = None
        try:
            names = []
            for f in files:
                if plain(f):
                    names.append(f)
                    continue
                if kw.get("in_place"):
                    raise Fatal("internal: %r cannot be converted in place by spatch" % f)
                if tmp is None:
                    tmp = os.path.realpath(tempfile.mkdtemp(prefix="names-", dir=self.tmp))
                # The file keeps the name of its directory: a patch may
                # look at it (the files directly in fs/ are the VFS core).
                real = os.path.abspath(os.path.join(cwd or ".", f))
                parent = plain_component(os.path.basename(os.path.dirname(real)))
                alias = os.path.join(tmp, str(len(aliases)), parent,
                                     plain_component(os.path.basename(real)))
                os.makedirs(os.path.dirname(alias))
                os.symlink(real, alias)
                aliases[alias] = f
                names.append(alias)
            with tempfile.NamedTemporaryFile("w", prefix="groups-", suffix=".txt", dir=self.tmp,
                                             encoding="utf-8", errors="surrogateescape") as g:
                g.write("\n\n".join(names) + "\n")
                g.flush()
                res = self._run(self.command(patch, mode, **kw) + ["--file-groups", g.name], cwd,
                                self.workers_dir(kw.get("selected_only", False)))
        finally:
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
        if aliases:
            res = _unalias(res, aliases)
        return res

    def on_dir(self, patch, mode, directory, cwd=None, **kw):
        """Run over a directory; spatch chooses the files (with git grep when
        asked to)."""
        d = directory if not directory.startswith("-") else "./" + directory
        cmd = self.command(patch, mode, gitgrep=self.use_gitgrep, **kw) + ["--dir", d]
        res = self._run(cmd, cwd, self.workers_dir(kw.get("selected_only", False)))
        res.base = directory
        return res

    def on_roots(self, patch, mode, roots, sources, **kw):
        """Run over the PATHs of the command line: directories through --dir
        when git grep chooses the files, otherwise every collected file."""
        results = []
        if self.use_gitgrep:
            # A directory whose files are all of one kernel goes to spatch
            # whole; one holding trees of several kernels, file by file.
            versions = {}
            for s in sources:
                versions.setdefault(s.root.index, set()).add(self.versions.of(s.path))
            whole = [r for r in roots if r.is_dir and len(versions.get(r.index, ())) <= 1]
            for r in whole:
                (v,) = versions.get(r.index) or {kernel.UNKNOWN}
                results.append(self.on_dir(patch, mode, r.display, version=v, **kw))
            files = [s.display for s in sources if s.root not in whole]
        else:
            files = [s.display for s in sources]
        if files:
            results.append(self.on_files(patch, mode, files, **kw))
        return results


def _count_handled(tmp_dir, watch, done):
    """Tell watch of each file spatch's workers start on, from their
    standard error files (TMP_DIR_<patch>_<date>_<pid>/stderr.N), until
    done is set."""
    install.helper_thread()
    seen = 0
    while not done.wait(0.5):
        n = 0
        for path in glob.glob(glob.escape(tmp_dir) + "_*/stderr.*"):
            try:
                with open(path, "rb") as f:
                    n += sum(1 for line in f if line.startswith(b"HANDLING: "))
            except OSError:
                pass
        if n > seen:
            watch.advance(n - seen)
            seen = n


def _merged(results):
    """Several runs as one: their outputs in turn, the worst status."""
    res = Result(sum((r.cmd for r in results), []), max(r.rc for r in results),
                 "".join(r.out for r in results), "".join(r.err for r in results))
    return res


def _unalias(res, aliases):
    """The result as if spatch had been given the real names."""
    def back(text):
        for alias in sorted(aliases, key=len, reverse=True):
            text = text.replace(alias, aliases[alias])
        return text
    return Result(res.cmd, res.rc, back(res.out), back(res.err))


def norm(path):
    return os.path.normpath(path)


def parse_report(text, patch):
    """Yield (file, line, col, severity, message) of report-mode lines; spatch
    columns count from 0, ours from 1."""
    for line in text.splitlines():
        m = REPORT_RE.match(line)
        if not m:
            continue
        msg = m.group("msg").strip()
        sev = "warning"
        s = SEVERITY_RE.match(msg)
        if s:
            sev = {"WARNING": "warning", "ERROR": "error", "INFO": "note",
                   "NOTE": "note"}.get(s.group("sev").upper(), "warning")
            msg = s.group("rest")
        yield norm(m.group("file")), int(m.group("line")), int(m.group("col")) + 1, sev, msg

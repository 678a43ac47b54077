"""The run behind run-check.sh, which has already checked the command line,
the paths and the tools.  Not meant to be called directly."""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback


from . import cfuncs
from . import changed
from . import checker
from . import cocci
from . import convert
from . import files
from . import fix
from . import report
from .common import Fatal, info, say, warn


def _lossy(path):
    """A name as JSON carries it: each undecodable byte one U+FFFD."""
    return re.sub("[\udc80-\udcff]", "\ufffd", path)


class Run:
    """Everything one run needs."""

    def __init__(self, args, tmp):
        self.args = args
        self.tmp = tmp  # removed when the run ends
        self.top = args.top
        self.jobs = args.jobs
        self.roots, self.sources = files.collect(args.paths)
        if not self.sources:
            warn("no .c or .h files under %s" % ", ".join(repr(p) for p in args.paths))
        self.patches = cocci.find_patches(self.top)
        self.runner = cocci.Runner(args.spatch, args.jobs, args.timeout, args.use_gitgrep,
                                   python=sys.executable, tmp=tmp)
        self.checker = checker.Checker(args.checker, args.jobs, tmp)
        self.since = changed.Since(args.since, args.paths[0]) if args.since else None
        self.incomplete = False  # a file spatch could not go through
        self._display = {}
        self._lossy = {}
        for s in self.sources:
            self._display[s.path] = s.display
            self._lossy.setdefault(_lossy(s.path), []).append(s.display)

    def display(self, printed, cwd=None):
        """A tool's path, as this run prints it."""
        real = os.path.realpath(os.path.join(cwd, printed) if cwd else printed)
        if real in self._display:
            return self._display[real]
        # The checker's JSON gives a byte of a name that is not UTF-8 as
        # U+FFFD: find the one file that name stands for.
        lossy = self._lossy.get(_lossy(real), [])
        return lossy[0] if len(lossy) == 1 else os.path.normpath(printed)

    def checker_findings(self, paths=None):
        """The checker on the PATHs (or on given files), with --since applied."""
        if paths is None:
            paths = [r.display for r in self.roots]
        if not paths:
            return []
        cwd = None
        diff_file = None
        try:
            if self.since is not None:
                # Run from the top of the git tree so that the paths the
                # checker prints are those of the diff.
                cwd = self.since.top
                paths = [os.path.relpath(os.path.realpath(p), cwd) for p in paths]
                fd, diff_file = tempfile.mkstemp(prefix="since-", suffix=".diff", dir=self.tmp)
                with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(self.since.diff)
            found = self.checker.run(paths, changed_lines=diff_file, cwd=cwd)
        finally:
            if diff_file:
                os.unlink(diff_file)
        for f in found:
            f.file = self.display(f.file, cwd)
        return found

    def spatch_all(self, mode):
        """Every patch in `mode` over the PATHs: [(patch, [Result])]."""
        out = []
        for p in self.patches:
            results = self.runner.on_roots(p, mode, self.roots, self.sources)
            for r in results:
                self.runner.check_patch(p, r)
            if any(r.failed() for r in results):
                # One file can stop a whole run: go through them one by one
                # so that the others still get their output.
                warn("spatch stopped on %s (%s mode); retrying file by file" % (p.name, mode))
                results = []
                for s in self.sources:
                    r = self.runner.on_files(p, mode, [s.display])
                    if r.failed():
                        warn("%s: spatch failed with %s (exit %d): %s"
                             % (s.display, p.name, r.rc, r.tail(1)))
                        self.incomplete = True
                    results.append(r)
            for r in results:
                for f, what in r.exceptions:
                    warn("%s: %s with %s; its %s output is missing" % (f, what, p.name, mode))
                    self.incomplete = True
            out.append((p, results))
        return out


def parse_failures_of(run, results_by_patch):
    """Places spatch could not parse, once each, in order:
    (display path, line, kind, name) as cfuncs.place_of tells them.  Under
    --since, only those in files the diff touches."""
    seen = set()
    for _, results in results_by_patch:
        for r in results:
            for f, line in r.parse_errors:
                disp = run.display(f)
                if run.since is None or run.since.touches(disp):
                    seen.add((disp, line))
    named = {}
    texts = {}
    for disp, line in seen:
        if disp not in texts:
            try:
                with open(disp, encoding="utf-8", errors="surrogateescape") as fh:
                    texts[disp] = fh.read()
            except OSError:
                texts[disp] = ""
        kind, name, where = cfuncs.place_of(texts[disp], line)
        named.setdefault((disp, kind, name or where), (disp, where, kind, name))
    return sorted(named.values(), key=lambda v: (v[0], v[1]))


def do_report(run):
    results = run.spatch_all("report")
    cocci_found = report.cocci_findings(results)
    for f in cocci_found:
        f.file = run.display(f.file)
    if run.since is not None:
        cocci_found = [f for f in cocci_found if run.since.keeps(f.file, f.line)]
    found = report.merge(run.checker_findings(), cocci_found)
    for f in found:
        say(f.text())
    if found:
        say()
    for line in report.summary(found, checker.RULES, [p.name for p in run.patches]):
        say(line)
    unparsed = parse_failures_of(run, results)
    code = [convert.describe(*u) for u in unparsed if u[2] != "macro"]
    macros = [(u[0], u[1], u[3]) for u in unparsed if u[2] == "macro"]
    if code:
        say()
        say("spatch could not parse (no semantic patch looked inside):")
        for text in code:
            say("  " + text)
    if macros:
        say()
        say("spatch could not parse these macro definitions (no patch converts macro bodies):")
        for text in convert.macro_lines(macros):
            say("  " + text)
    # A run that could not look at every file is not a clean one.
    return 1 if found or run.incomplete else 0


def _diff_path(run, result, name):
    name = name.split("\t")[0]
    if result.base is not None and name.startswith(("a/", "b/")):
        name = os.path.join(result.base, name[2:])
    return run.display(name)


def filter_context(run, result):
    """Context-mode diffs with every file named by its path; under --since,
    only the hunks that mark a changed line."""
    lines = result.out.splitlines()
    out, header, hunk, marked = [], [], [], []
    path = None

    def flush():
        if hunk and (run.since is None or any(run.since.keeps(path, n) for n in marked)):
            out.extend(header)
            header.clear()
            out.extend(hunk)
        hunk.clear()
        marked.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("diff "):
            flush()
            header[:] = [line]
            i += 1
            continue
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            flush()
            if not (header and header[-1].startswith("diff ")):
                header.clear()
            path = _diff_path(run, result, line[4:])
            header += ["--- " + path, "+++ " + path]
            i += 2
            continue
        m = cocci.HUNK_RE.match(line)
        if not m:
            i += 1
            continue
        flush()
        old = int(m.group("old"))
        left = 1 if m.group("olen") is None else int(m.group("olen"))
        right = 1 if m.group("nlen") is None else int(m.group("nlen"))
        hunk.append(line)
        i += 1
        while i < len(lines) and (left > 0 or right > 0):
            text = lines[i]
            hunk.append(text)
            if text.startswith("-"):
                marked.append(old)
                old += 1
                left -= 1
            elif text.startswith("+"):
                right -= 1
            elif not text.startswith("\\"):
                old += 1
                left -= 1
                right -= 1
            i += 1
    flush()
    return out


def filter_org(run, text):
    out, keep = [], False
    for line in text.splitlines():
        if line.startswith("* "):
            m = cocci.ORG_RE.match(line)
            keep = True
            if m and run.since is not None:
                keep = run.since.keeps(run.display(m.group("file")), int(m.group("line")))
        if keep:
            out.append(line)
    return out


def do_listing(run, mode):
    printed = 0
    for p, results in run.spatch_all(mode):
        for r in results:
            lines = filter_context(run, r) if mode == "context" else filter_org(run, r.out)
            for line in lines:
                say(line)
            printed += len(lines)
    return 1 if printed or run.incomplete else 0


def unified(old_path, new_path, display):
    label = display.lstrip("/")
    p = subprocess.run(["diff", "-u", "-p", "--label", "a/" + label, "--label", "b/" + label,
                        old_path, new_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        raise Fatal("diff failed: %s" % p.stderr.decode("utf-8", "replace").strip())
    return p.stdout


def do_patch(run, scratch):
    cands = convert.candidates(run.runner, run.patches, run.roots, run.sources)
    outcome = convert.convert(run.runner, run.patches, cands, os.path.join(scratch, "work"))
    old_dir = os.path.join(scratch, "old")
    out = sys.stdout.buffer
    for s in outcome.changed():
        old = os.path.join(old_dir, str(s.root.index), s.rel)
        convert.write(old, outcome.original[s])
        out.write(unified(old, outcome.copy[s], s.display))
    out.flush()
    for s, pname, what in outcome.failures:
        warn("%s: %s with %s; no change shown for this file" % (s.display, what, pname))
    for pf in outcome.unparsed_code():
        warn("spatch could not parse %s (%s)" % (pf.place(), ", ".join(pf.patches)))
    macros = [(pf.source.display, pf.line, pf.name) for pf in outcome.parse_failures
              if pf.kind == "macro"]
    if macros:
        warn("spatch could not parse %d macro definitions (no patch converts macro bodies):\n  %s"
             % (len(macros), "\n  ".join(convert.macro_lines(macros))))
    return 1 if outcome.changed() or outcome.failures else 0


SCRATCH_PREFIX = "safeseek-run-"


def scratch_parent():
    """$TMPDIR, unless spatch could not be given paths inside it."""
    d = os.path.realpath(tempfile.gettempdir())
    return d if cocci.plain(d) else "/tmp"


def new_scratch():
    """A private directory for the run, marked with our process id so that a
    later run can tell it was left behind by a run that was killed."""
    d = os.path.realpath(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=scratch_parent()))
    with open(os.path.join(d, "owner.pid"), "w") as f:
        f.write("%d\n" % os.getpid())
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


def main():
    ap = argparse.ArgumentParser(prog="run-check.sh")
    ap.add_argument("--top", required=True)
    ap.add_argument("--checker", required=True)
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--sparse", default="sparse")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--action", choices=["report", "patch", "context", "org", "fix"],
                    default="report")
    ap.add_argument("--use-gitgrep", action="store_true")
    ap.add_argument("--since")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    # Output into a closed pipe (`| head`) ends the run quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    reap_stale_scratch()
    scratch = new_scratch()
    try:
        run = Run(args, scratch)
        if args.action == "report":
            return do_report(run)
        if args.action in ("context", "org"):
            return do_listing(run, args.action)
        if args.action == "patch":
            return do_patch(run, scratch)
        return fix.do_fix(run, scratch, args.sparse)
    except Fatal as e:
        warn(str(e))
        return 2
    except KeyboardInterrupt:
        info("interrupted" + ("; every file is as it was or fully converted"
                              if args.action == "fix" else ""))
        return 130
    except Exception:  # a bug: say so, and never exit 1, which means findings
        warn("internal error:\n" + traceback.format_exc())
        return 2
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

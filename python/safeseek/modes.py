# SPDX-License-Identifier: GPL-2.0-only
"""The modes that change no file: report, context and org listings, patch."""

import os
import subprocess

from . import cfuncs, cocci, convert, held_back, report
from .common import Fatal, out_bytes, say, warn


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
    # What a patch proposes is what --fix would convert: the checker's
    # choice of files holds here too.
    checker_found, only = run.checker_chosen()
    results = run.spatch_all("report", only)
    cocci_found = report.cocci_findings(results)
    for f in cocci_found:
        f.file = run.display(f.file)
    cocci_found, held = _without_held(run, cocci_found)
    if run.since is not None:
        cocci_found = [f for f in cocci_found if run.since.keeps(f.file, f.line)]
        checker_found = run.checker_findings()
    found = report.merge(checker_found, cocci_found)
    for f in found:
        say(f.text())
    if found:
        say()
    for line in report.summary(found, run.checker.rules(), [p.name for p in run.patches]):
        say(line)
    for line in held_back.lines(held):
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
    return 1 if found or held or run.incomplete else 0


def _without_held(run, found):
    """found less what sysctl_ppos proposes in handlers --fix holds back,
    and those: ([finding], {type header: [Source]})."""
    by_display = {s.display: s for s in run.sources}
    proposed = {held_back.SYSCTL_PATCH: {by_display[f.file] for f in found
                                         if f.tag == held_back.SYSCTL_PATCH
                                         and f.file in by_display}}
    held = held_back.handlers(run, proposed)
    gone = {s.display for group in held.values() for s in group}
    return [f for f in found if not (f.tag == held_back.SYSCTL_PATCH and f.file in gone)], held


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
    # The diff --fix would make: the checker chooses the files of the
    # patches it knows how to choose for, as under --fix.
    _, chosen = run.checker_chosen()
    chosen.update(convert.candidates(run.runner, [p for p in run.patches if p.name not in chosen],
                                     run.roots, run.sources))
    held = held_back.handlers(run, chosen)
    for line in held_back.file_lines(held):
        warn(line)
    outcome = convert.convert(run.runner, run.patches, convert.union(chosen),
                              os.path.join(scratch, "work"), chosen=chosen)
    old_dir = os.path.join(scratch, "old")
    for s in outcome.changed():
        old = os.path.join(old_dir, str(s.root.index), s.rel)
        convert.write(old, outcome.original[s])
        out_bytes(unified(old, outcome.copy[s], s.display))
    for s, pname, what in outcome.failures:
        warn("%s: %s with %s; no change shown for this file" % (s.display, what, pname))
    # A patch spatch gave up on is a conversion lost: said per file and per
    # patch; the diff shows what the others do.
    for s, pname in outcome.timed_out:
        warn("%s: not converted: spatch gave up with %s after --timeout %d seconds; the diff "
             "shows what the other patches do" % (s.display, pname, run.runner.timeout))
    if outcome.timed_out:
        n = len({s for s, _ in outcome.timed_out})
        warn("not converted: %d file%s spatch timed out on (%s)"
             % (n, "" if n == 1 else "s", outcome.timeouts_per_patch(run.patches)))
    return 1 if outcome.changed() or outcome.failures or outcome.timed_out or held else 0

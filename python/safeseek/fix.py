# SPDX-License-Identifier: GPL-2.0-only
"""--fix: convert in place, then verify the result.

1. every conversion is computed on a scratch copy; then each changed file is
   installed with one rename (install.py);
2. the checker re-scans the changed files: a finding of a rule a semantic
   patch fixes is a place not converted;
3. every function spatch could not parse is named, with the checker's
   findings of convertible rules inside it;
4. sparse runs on the changed files before and after;
5. the conversion is computed once more from the converted files: it must
   change nothing.
"""

import collections
import os

from . import cfuncs
from . import convert
from . import held_back
from . import install
from . import journal
from . import kbuild
from . import parallel
from . import progress
from . import selection
from . import sparse
from .common import info, say, warn


def _convertible(f):
    return bool(f.fix)


def _extent(pf, text):
    """The lines a parse failure covers in the original file."""
    if pf.kind in ("function", "declaration"):
        items = cfuncs.functions(text) if pf.kind == "function" \
            else cfuncs.declarations(text)
        for item in items:
            if item.name == pf.name and item.first <= pf.line <= item.last:
                return item.first, item.last
    return pf.line, pf.line


SYSCTL_PATCH = held_back.SYSCTL_PATCH


def _first_new(s, before, after):
    """The first diagnostic of `after` that `before` does not have as often,
    as "file:line:col: severity: message", or None."""
    left = collections.Counter(x.key() for x in before)
    for x in after:
        if not left[x.key()]:
            return "%s:%d:%d: %s: %s" % (s.display, x.line, x.col, x.severity, x.message)
        left[x.key()] -= 1
    return None


def _compile(run, files, kbuild_root, prog=None):
    """What a compiler says of each of files as it is now: {Source:
    [Diagnostic], or None when it could not compile it}.  A .c file of a
    tree in `kbuild_root` ({Source: root}) goes through the tree's own
    Kbuild (kbuild.py); the others through the checker's libclang parse
    with the tree's flags."""
    out = {}
    by_root = collections.defaultdict(list)
    for s in files:
        if kbuild_root.get(s) and s.path.endswith(".c"):
            by_root[kbuild_root[s]].append(s)
    for root, group in sorted(by_root.items()):
        rels = {s: os.path.relpath(os.path.realpath(s.path), root) for s in group}
        got = kbuild.compile_files(root, sorted(set(rels.values())), run.jobs, prog)
        for s in group:
            out[s] = got.get(rels[s])
    rest = [s for s in files if s not in out]
    out.update(zip(rest, run.checker.diagnostics([(s.path, s.path) for s in rest])))
    return out


def _compile_check(run, outcome, installed, before, kbuild_root, prog):
    """Each installed file as a compiler sees it now, with its tree's flags
    and the other converted files in place, against what it said of the
    file before (`before`: Source -> [Diagnostic] or None).  A file whose
    errors or broken-contract warnings grew is put back as it was.
    Returns (files compiled both times, {Source: its first new diagnostic,
    or the file of its contract it goes back with}, the files of the
    latter kind)."""
    after = _compile(run, installed, kbuild_root, prog)
    compiled, put_back = 0, {}
    for s in installed:
        if before.get(s) is None or after[s] is None:
            continue
        compiled += 1
        new = _first_new(s, before[s], after[s])
        if new and _put_back(outcome, s):
            put_back[s] = new
    return compiled, put_back, _put_back_contract(outcome, installed, put_back)


def _put_back(outcome, s):
    """Puts s back as it was; False, said, when it cannot."""
    try:
        install.replace(s, outcome.final[s], outcome.original[s])
    except (install.Refused, OSError) as e:
        warn("%s: cannot put it back: %s" % (s.display, e))
        return False
    return True


def _put_back_contract(outcome, installed, put_back):
    """The sysctl conversion is one contract: the proc_handler type, the
    handlers and every call through it take ppos together.  When a file of
    it is put back, the others go back with it, each named in put_back
    with the file it follows; returns those that followed."""
    sides = sorted((s for s in installed if SYSCTL_PATCH in outcome.regions.get(s, {})),
                   key=lambda s: s.display)
    cause = next((s for s in sides if s in put_back), None)
    followers = set()
    if cause is None:
        return followers
    for s in sides:
        if s in put_back or not _put_back(outcome, s):
            continue
        put_back[s] = ("%s: goes back with %s, whose sysctl handlers and proc_handler "
                       "it must agree with" % (s.display, cause.display))
        followers.add(s)
    return followers


def _still_worse(run, put_back, before, kbuild_root):
    """The files put back that a compiler still finds worse than before
    the run: a header the run converted changed under them.  Never left
    unsaid."""
    back = sorted(put_back, key=lambda s: s.display)
    now = _compile(run, back, kbuild_root)
    worse = {}
    for s in back:
        diags = now[s]
        new = _first_new(s, before[s], diags) \
            if diags is not None and before.get(s) is not None else None
        if new:
            worse[s] = new
    return worse


def do_fix(run, scratch):
    for disp, path in install.stale_temporaries(run.roots):
        try:
            os.unlink(path)
            info("removed %s, left behind by a run that was stopped" % disp)
        except OSError as e:
            warn("%s: %s" % (disp, e.strerror))

    # The checker chooses the files of the patches it knows how to (it
    # parses far fewer than spatch would).  For the others spatch chooses
    # by words: the checker tests them as it reads the tree, or, where
    # they cannot be had or the tree is small, spatch's own pass over the
    # tree does, side by side with the checker.
    return fix_in_place(run, scratch).status


class Fixed:
    """What --fix did, for a mode that goes on from there (series.py)."""

    def __init__(self, status, outcome, installed, before):
        self.status = status        # the exit status of --fix
        self.outcome = outcome      # convert.Outcome
        self.installed = installed  # the Sources written and kept
        self.before = before        # the checker's findings before


def fix_in_place(run, scratch):
    """--fix, its summary printed: a Fixed."""
    prog = progress.Progress()
    try:
        return _fix(run, scratch, prog)
    finally:
        prog.end()


def _fix(run, scratch, prog):
    prog.phase("choosing the files to convert")
    by_checker = set(run.checker.patches_chosen())
    others = [p for p in run.patches if p.name not in by_checker]
    if len(run.sources) >= selection.WORTH_ASKING:
        groups = selection.words(run.runner, others, run.versions.every(), scratch)
    else:
        groups = {p.name: None for p in others}
    every = {p.name for p in others if groups[p.name] == [[]]}
    by_words = {p.name for p in others if groups[p.name] is not None} - every
    (before, chosen), by_spatch = parallel.at_once(
        lambda: run.checker_choice([selection.argument(n, groups[n]) for n in sorted(by_words)]),
        lambda: convert.candidates(run.runner, [p for p in others if groups[p.name] is None],
                                   run.roots, run.sources))
    chosen = {p: files for p, files in chosen.items() if p in by_checker | by_words}
    chosen.update(by_spatch)
    chosen.update({name: set(run.sources) for name in every})
    held = held_back.handlers(run, chosen)
    cands = convert.union(chosen)
    info("converting %d of %d files on a scratch copy (%s)"
         % (len(cands), len(run.sources),
            ", ".join("%s %d" % (p.name, len(chosen.get(p.name, ()))) for p in run.patches)))
    outcome = convert.convert(run.runner, run.patches, cands, os.path.join(scratch, "pass1"),
                              chosen=chosen, progress=prog)
    changed = outcome.changed()
    # What a compiler says of each file to change, as it is: Kbuild's own
    # build where the tree is configured, and the same way afterwards.
    kbuild_root = dict(zip(changed, run.checker.kbuild_roots([s.path for s in changed]))) \
        if changed else {}
    n = sum(1 for s in changed if kbuild_root[s] and s.path.endswith(".c"))
    prog.phase("compiling the files to change, as they are%s" % (", with Kbuild" if n else ""),
               n or None)
    before_diags = _compile(run, changed, kbuild_root, prog)
    # A file Kbuild did not compile (a header, a file no Makefile names) is
    # compared as libclang sees it, before and after.
    unbuilt = [s for s in changed if kbuild_root.get(s) and before_diags[s] is None]
    for s in unbuilt:
        kbuild_root[s] = None
    before_diags.update(_compile(run, unbuilt, {}))
    by_kbuild = sum(1 for s in changed if kbuild_root.get(s) and s.path.endswith(".c"))

    # One checker call gives the sparse flags of every changed file.
    prog.phase("sparse on the %d files to change, as they are" % len(changed))
    flags = dict(zip(changed, run.checker.flags([s.path for s in changed]))) if changed else {}
    sparse_before = sparse.run(changed, run.jobs, flags) if changed else {}
    prog.end()

    installed, refused = [], []
    unverified = journal.begin(changed, outcome.original, outcome.final)
    if changed:
        info("installing %d converted file%s" % (len(changed), "" if len(changed) == 1 else "s"))
    for s in changed:
        try:
            install.replace(s, outcome.original[s], outcome.final[s])
            installed.append(s)
        except (install.Refused, OSError) as e:
            refused.append((s, str(e)))

    # 1b. a compiler sees every changed file again, the whole conversion in
    # place: one it finds worse is put back.
    if installed:
        info("compiling %d converted file%s%s" % (
            len(installed), "" if len(installed) == 1 else "s",
            " (%d with the tree's own Kbuild, the others with libclang)" % by_kbuild
            if by_kbuild else ""))
        prog.phase("compiling the converted files%s" % (", with Kbuild" if by_kbuild else ""),
                   by_kbuild or None)
    compiled, put_back, followers = _compile_check(
        run, outcome, installed, before_diags, kbuild_root, prog) if installed else (0, {}, set())
    journal.end(unverified)
    converted = len(installed)
    installed = [s for s in installed if s not in put_back]
    still_worse = _still_worse(run, put_back, before_diags, kbuild_root) if put_back else {}

    # 2. what is left: the changed files re-scanned, the others as they were.
    prog.phase("checking the %d converted files" % len(installed))
    rescanned = {s.display for s in installed}
    after = run.checker_findings([s.display for s in installed]) if installed else []
    left = [f for f in after if _convertible(f)]
    left += [f for f in before if _convertible(f) and f.file not in rescanned]
    left.sort(key=lambda f: (f.file, f.line, f.col, f.tag))

    # 3. places spatch could not parse, with the findings inside them.
    unparsed = outcome.unparsed_code()
    macros = [pf for pf in outcome.parse_failures if pf.kind == "macro"]
    inside = {}
    for pf in unparsed:
        first, last = _extent(pf, outcome.source_bytes(pf.source).decode("utf-8", "surrogateescape"))
        inside[pf] = [f for f in before if _convertible(f) and f.file == pf.source.display
                      and first <= f.line <= last]
    hiding = [pf for pf in unparsed if inside[pf]]

    # 4. sparse after.
    prog.phase("sparse on the %d converted files" % len(installed))
    sparse_after = sparse.run(installed, run.jobs, flags) if installed else {}
    new_warnings = sparse.new_warnings({s: sparse_before.get(s, []) for s in installed},
                                       sparse_after)

    # 5. a second pass must change nothing.  spatch is deterministic, so a
    # file the first pass left alone would be left alone again: only the
    # converted files need the second pass.  For the same reason a patch
    # after the last one that changed a file would leave it alone again
    # (it was given those very bytes), as long as the patches before it
    # change nothing, and if one does, the file is reported anyway.
    second = convert.convert(run.runner, run.patches, changed, os.path.join(scratch, "pass2"),
                             contents=outcome.final,
                             needed={s: outcome.last_patch[s] + 1 for s in changed},
                             progress=prog, label="a second pass")
    not_idempotent = second.changed()
    prog.end()

    out = []
    out.append("converted:")
    for s in installed:
        out.append("  %s" % s.display)
    if not installed:
        out.append("  (nothing)")

    if left:
        out.append("")
        out.append("not converted (the checker still finds these):")
        for f in left:
            out.append("  " + f.text())
    # A patch spatch gave up on is a conversion lost: named with its file.
    # What the other patches did to the file is kept, checked like the rest.
    if outcome.timed_out:
        out.append("")
        out.append("not converted (spatch gave up after --timeout %d seconds with that patch; "
                   "what the others did is kept):" % run.runner.timeout)
        for s, pname in outcome.timed_out:
            out.append("  %s: %s" % (s.display, pname))

    if unparsed:
        out.append("")
        out.append("spatch could not parse (nothing was converted there):")
        for pf in unparsed:
            out.append("  %s [%s]" % (pf.place(), ", ".join(pf.patches)))
            for f in inside[pf]:
                out.append("    left there: " + f.text())
    if macros:
        out.append("")
        out.append("spatch could not parse these macro definitions (no patch converts macro bodies):")
        for text in convert.macro_lines([(pf.source.display, pf.line, pf.name) for pf in macros]):
            out.append("  " + text)

    # Handlers held back for a contract this run would leave half converted.
    for line in held_back.lines(held):
        out.append(line)

    if put_back:
        out.append("")
        out.append("put back as they were (a compiler finds them worse after the conversion, "
                   "or they hold a contract with one that is):")
        for s in sorted(put_back, key=lambda s: (s in followers, s.display)):
            out.append("  " + put_back[s])
    if still_worse:
        out.append("")
        out.append("still worse after being put back (a header the run converted changed "
                   "under them; convert them by hand or put the header back):")
        for s in sorted(still_worse, key=lambda s: s.display):
            out.append("  " + still_worse[s])

    failed = [(s, "%s with %s" % (what, pname)) for s, pname, what in outcome.failures]
    failed += [(s, "not written: %s" % why) for s, why in refused]
    if failed:
        out.append("")
        out.append("left as they were:")
        for s, why in failed:
            out.append("  %s: %s" % (s.display, why))

    if new_warnings:
        out.append("")
        out.append("new sparse warnings:")
        for d in new_warnings:
            out.append("  " + d.text.replace("\n", "\n  "))

    if not_idempotent:
        out.append("")
        out.append("a second --fix would still change:")
        for s in not_idempotent:
            out.append("  " + s.display)

    # Counted over what was written and stayed: not over files put back,
    # refused or left as they were.
    written = outcome.places(installed)
    places = ", ".join("%s %d" % (p.name, written[p.name]) for p in run.patches)
    by_patch = outcome.files_by_patch(installed)
    per_file = ", ".join("%s %d" % (p.name, by_patch[p.name]) for p in run.patches)
    # What is left of the rules no patch converts, as the tree is now.
    other = collections.Counter(
        [f.tag for f in after if not _convertible(f)]
        + [f.tag for f in before if not _convertible(f) and f.file not in rescanned])
    out.append("")
    out.append("--fix summary:")
    out.append("  files changed:          %d of %d" % (len(installed), len(run.sources)))
    out.append("  places converted:       %s" % places)
    out.append("  files per patch:        %s" % per_file)
    out.append("  compiled:               %d of %d changed files, %d put back"
               % (compiled, converted, len(put_back)))
    out.append("  not converted:          %d" % (len(left) + len(outcome.timed_out)))
    if held:
        n = sum(len(g) for g in held.values())
        out.append("  ... handlers held back: %d file%s (their type lies outside PATH)"
                   % (n, "" if n == 1 else "s"))
    out.append("  ... spatch timed out:   %s" % outcome.timeouts_per_patch(run.patches))
    out.append("  parse failures:         %d%s" % (len(unparsed), " (and %d macro definitions)"
                                                  % len(macros) if macros else ""))
    out.append("  ... holding findings:   %d" % len(hiding))
    out.append("  files left as they were: %d" % len(failed))
    out.append("  new sparse warnings:    %d" % len(new_warnings))
    out.append("  second run changes:     %d file%s" % (len(not_idempotent),
                                                        "" if len(not_idempotent) == 1 else "s"))
    if other:
        out.append("  left for review:        %s (no patch converts these; report mode lists them)"
                   % ", ".join("%s %d" % kv for kv in sorted(other.items())))
    for line in out:
        say(line)
    # A place spatch could not parse is listed whatever it holds; it fails
    # the run when the checker finds something convertible in it.
    problems = (left or outcome.timed_out or hiding or failed or new_warnings or not_idempotent
                or held or put_back or still_worse)
    return Fixed(1 if problems else 0, outcome, installed, before)

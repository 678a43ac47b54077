# SPDX-License-Identifier: GPL-2.0-only
"""--series DIR: the conversion of --fix as a patch series maintainers take.

--fix converts and verifies in place; the changed files are then split by
the tree's MAINTAINERS (one entry per patch, through the tree's
scripts/get_maintainer.pl; by directory where the tree has none), past a
cap on files per patch by directory, and each part becomes a commit made
off the branch (a temporary index, never the user's) and a `git
format-patch` file in DIR, addressed to the people get_maintainer.pl names,
with a cover letter that gives the totals.  The work tree is left as --fix
leaves it: the series applied with `git am` to HEAD gives that tree.
"""

import collections
import os
import re
import subprocess
import textwrap

from . import fix, parallel
from .common import Fatal, info

# Files per patch past which a maintainer's part is split by directory.
CAP = 20

# The part that holds a whole contract (the sysctl handlers and their type).
CONTRACT = "(contract)"

# What each semantic patch changes, in the words of the VFS of the tree's
# era (the names of kernel.py: the facts on which it differs from today's).
# Each is (one-line summary, what was wrong, what the change does).
def _words(patch, era, diff=""):
    """diff: the patch's own change, which says which of a patch's
    conversions it holds."""
    stream = "no_stream_open" not in era and "kernel_unknown" not in era
    removes_no_llseek = bool(re.search(r"^-.*\bno_llseek\b", diff, re.M))
    if patch == "stream_open":
        opener = "stream_open()" if stream else "nonseekable_open()"
        swaps = bool(re.search(r"^-.*\bnonseekable_open\b", diff, re.M))
        lock = "no_f_pos_lock" not in era
        if swaps:
            wrong = ("These files are opened with nonseekable_open(), although their "
                     "read and write methods never use the file position: they are "
                     "streams.")
            if lock:
                wrong += ("  read() and write() of such a file, when the VFS sees it "
                          "as a regular one, still take its f_pos lock around the "
                          "method, so that a read that blocks keeps every write "
                          "waiting.")
        else:
            wrong = ("The read and write methods of these files never use the file "
                     "position: the files are streams.  Yet they are opened as files "
                     "with a position, so pread() and pwrite() are accepted and "
                     "ignore their offset")
            if lock:
                wrong += (", and read() and write() of such a file opened as a "
                          "regular one take its f_pos lock around the method, so "
                          "that a read that blocks keeps every write waiting")
            wrong += "."
        if swaps:
            does = ("Open them with stream_open() instead, which refuses pread(), "
                    "pwrite() and lseek() as nonseekable_open() does, hands the "
                    "methods no position and takes no f_pos lock.")
        else:
            does = ("Open them with %s, which makes the VFS refuse pread(), pwrite() "
                    "and lseek() with -ESPIPE" % opener)
            does += (" and hand the methods no position at all." if stream else ".")
        if removes_no_llseek:
            does += ("  Their .llseek = no_llseek goes: no_llseek is gone since Linux "
                     "6.12, and the VFS refuses lseek() on such a file whatever "
                     ".llseek says.")
        return ("open stream-like files with %s" % opener, wrong, does)
    if patch == "nonseekable_open":
        return ("let the VFS refuse pread and pwrite",
                "These read and write methods refuse pread() and pwrite() by "
                "comparing their position pointer with &file->f_pos.  Since Linux "
                "2.6.8 read() and write() hand methods a copy of the position, so "
                "the test no longer tells a pread from a read, and the VFS refuses "
                "pread() and pwrite() itself for a file opened with "
                "nonseekable_open().",
                "Remove the tests and call nonseekable_open() from the open method.")
    if patch == "rw_ppos":
        return ("use *ppos, not file->f_pos, in read and write",
                "These read and write methods use file->f_pos instead of the "
                "position they are given.  Since Linux 2.6.8 read() and write() "
                "hand methods a copy of f_pos and store it back afterwards, so an "
                "update of file->f_pos is lost and a read of it races with other "
                "readers; pread() and pwrite() find their offset ignored.",
                "Use *ppos.")
    if patch == "sysctl_ppos":
        return ("pass the position to proc handlers",
                "These sysctl proc handlers keep their position in filp->f_pos.  "
                "read() and write() of /proc/sys hand their handlers a copy of the "
                "position since Linux 2.6.8, so what a handler does to "
                "filp->f_pos is lost.",
                "Give every handler the position as loff_t *ppos and use *ppos.")
    return ("convert with %s.cocci" % patch, "", "Convert with %s.cocci." % patch)


def _git(top, *args, env=None, input=None):
    try:
        p = subprocess.run(["git", "-C", top] + list(args), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True, env=env,
                           input=input)
    except OSError as e:
        raise Fatal("cannot run git: %s" % e.strerror)
    if p.returncode != 0:
        lines = p.stderr.strip().splitlines()
        raise Fatal("git %s failed: %s" % (args[0], lines[-1] if lines else "exit %d" % p.returncode))
    return p.stdout


def work_tree(paths):
    """The top of the git work tree every PATH lies in, and HEAD; Fatal
    when there is none, or when a file under the PATHs has changes not
    committed (the series must start from a commit)."""
    tops = set()
    for p in paths:
        d = p if os.path.isdir(p) else os.path.dirname(os.path.abspath(p))
        try:
            tops.add(_git(d, "rev-parse", "--show-toplevel").strip())
        except Fatal:
            raise Fatal("--series needs a git work tree: '%s' is not in one" % p)
    if len(tops) != 1:
        raise Fatal("--series: the PATHs lie in %d git work trees, not one" % len(tops))
    top = tops.pop()
    head = _git(top, "rev-parse", "--verify", "HEAD").strip()
    dirty = _git(top, "status", "--porcelain", "--untracked-files=no", "--",
                 *[os.path.abspath(p) for p in paths])
    if dirty.strip():
        raise Fatal("--series: commit or stash the changes under the PATHs first (%s)"
                    % dirty.splitlines()[0].strip())
    ident = _git(top, "var", "GIT_AUTHOR_IDENT").strip()
    m = re.match(r"^(.*>) \d+ [+-]\d{4}$", ident)
    if not m:
        raise Fatal("--series: git has no author to sign the patches (git config user.name "
                    "and user.email)")
    return top, head, m.group(1)


# ---- splitting ------------------------------------------------------------

def _maintainers_script(top):
    script = os.path.join(top, "scripts", "get_maintainer.pl")
    if os.path.isfile(script) and os.path.isfile(os.path.join(top, "MAINTAINERS")):
        return script
    return None


def _section(top, script, rel):
    """The most specific MAINTAINERS entry of rel (get_maintainer.pl lists
    them most specific first), or None."""
    p = subprocess.run(["perl", script, "--no-git", "--no-git-fallback", "--sections",
                        "-f", rel], cwd=top, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, universal_newlines=True)
    for line in p.stdout.splitlines():
        if line.strip() and not re.match(r"^[A-Z]:\t", line):
            return line.strip()
    return None


def parts(top, script, rels, cap, jobs):
    """[(entry name or directory, [rel, ...])]: one part per MAINTAINERS
    entry (`script`: get_maintainer.pl, or None), split by directory (then
    in slices) past `cap` files."""
    names = _sections_in_slices(top, script, rels, jobs) if script else [None] * len(rels)
    groups = collections.OrderedDict()
    for rel, name in sorted(zip(rels, names), key=lambda x: x[0]):
        groups.setdefault(name or os.path.dirname(rel) or ".", []).append(rel)
    out = []
    for name, files in groups.items():
        if cap is None or len(files) <= cap:
            out.append((name, files))
            continue
        by_dir = collections.OrderedDict()
        for rel in files:
            by_dir.setdefault(os.path.dirname(rel), []).append(rel)
        for d, group in by_dir.items():
            for i in range(0, len(group), cap):
                out.append((name, group[i:i + cap]))
    return out


def _sections_in_slices(top, script, rels, jobs):
    """_section of each of rels, `jobs` at a time."""
    out = []
    for i in range(0, len(rels), jobs):
        out += parallel.at_once(*[(lambda r=r: _section(top, script, r))
                                  for r in rels[i:i + jobs]])
    return out


def addresses(top, script, rels):
    """(To, Cc) for the files rels: get_maintainer.pl's (`script`, or None)
    maintainers and supporters, then its reviewers and lists."""
    if not script:
        return [], []
    args = ["perl", script, "--no-git", "--no-git-fallback"]
    for r in rels:
        args += ["-f", r]
    p = subprocess.run(args, cwd=top, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       universal_newlines=True)
    to, cc = [], []
    for line in p.stdout.splitlines():
        m = re.match(r"^(.*?)\s*\((.*)\)$", line.strip())
        who, role = (m.group(1), m.group(2)) if m else (line.strip(), "")
        if not who:
            continue
        (to if re.match(r"^(maintainer|supporter|odd fixer)", role) else cc).append(who)
    return to, cc


# ---- words ------------------------------------------------------------------

def subject_prefix(top, rels, in_tree, history):
    """The prefix a subsystem's subjects use: the commonest one of the last
    commits touching the files, when the tree has history; else one made
    from their directory in their kernel tree (`in_tree`: rel -> path
    below the kernel tree's root): "char: xillybus"."""
    if history:
        log = _git(top, "log", "-n", "40", "--no-merges", "--format=%s", "--", *rels)
        found = collections.Counter(s.rsplit(": ", 1)[0] for s in log.splitlines()
                                    if ": " in s and not s.startswith(("Merge", "Revert")))
        if found:
            return found.most_common(1)[0][0]
    common = os.path.commonpath([os.path.dirname(in_tree[r]) or "." for r in rels])
    comps = [c for c in common.split(os.sep) if c and c != "."]
    if comps and comps[0] == "drivers":
        comps = comps[1:]
    if not comps:
        comps = [os.path.splitext(os.path.basename(rels[0]))[0]]
    return ": ".join(comps[-2:])


def _wrap(text):
    return "\n".join(textwrap.wrap(text, 72, break_long_words=False, break_on_hyphens=False))


def summary(patches, era=(), diff=""):
    """The one-line summary of what the patches do."""
    if len(patches) == 1:
        return _words(patches[0], era, diff)[0]
    return "take the file position as the VFS hands it"


def message(prefix, patches, era, diff, sign):
    body = []
    for p in patches:
        _, wrong, does = _words(p, era, diff)
        body += [_wrap(t) for t in (wrong, does) if t]
    subject = "%s: %s" % (prefix, summary(patches, era, diff))
    generated = ["Generated by: semantic-patches/%s.cocci" % p for p in patches]
    return "%s\n\n%s\n\n%s\n\nSigned-off-by: %s\n" % (subject, "\n\n".join(body),
                                                       "\n".join(generated), sign)


# ---- the series -------------------------------------------------------------

def do_series(run, scratch, outdir, cap):
    """cap: files per patch, or None for one patch of the whole tree."""
    top, head, sign = work_tree(run.paths)
    script = _maintainers_script(top)
    fixed = fix.fix_in_place(run, scratch)
    changed = sorted(fixed.installed, key=lambda s: s.display)
    if not changed:
        info("--series: nothing was converted, so there is no series")
        return fixed.status
    rel_of = {s: os.path.relpath(os.path.realpath(s.path), top) for s in changed}
    source_of = {rel_of[s]: s for s in changed}
    in_tree = {rel_of[s]: os.path.relpath(os.path.realpath(s.path), root) if root else rel_of[s]
               for s, root in zip(changed, run.checker.roots([s.path for s in changed]))}
    history = len(_git(top, "rev-list", "--max-count=2", "HEAD").split()) > 1
    # A conversion that changes a signature something else calls through
    # goes in one patch, whatever its size: each patch must build alone.
    contract = sorted(r for r, s in source_of.items()
                      if fix.SYSCTL_PATCH in fixed.outcome.regions.get(s, {}))
    rest = sorted(r for r in rel_of.values() if r not in contract)
    if cap is None:
        groups = [(None, sorted(rel_of.values()))]
    else:
        groups = (([(CONTRACT, contract)] if contract else [])
                  + parts(top, script, rest, cap, run.jobs))
    os.makedirs(outdir, exist_ok=True)

    index = os.path.join(scratch, "series-index")
    env = dict(os.environ, GIT_INDEX_FILE=index)
    _git(top, "read-tree", head, env=env)
    parent = head
    totals = collections.Counter()
    rules = collections.Counter()
    for name, rels in groups:
        patches = [p.name for p in run.patches
                   if any(p.name in fixed.outcome.regions.get(source_of[r], {}) for r in rels)]
        blobs = []
        for r in rels:
            sha = _git(top, "hash-object", "-w", "--", r).strip()
            mode = "100755" if os.access(os.path.join(top, r), os.X_OK) else "100644"
            blobs.append("%s %s\t%s" % (mode, sha, r))
        _git(top, "update-index", "--index-info", env=env, input="\n".join(blobs) + "\n")
        tree = _git(top, "write-tree", env=env).strip()
        diff = _git(top, "diff", parent, tree, "--", *rels)
        era = set(run.versions.of(source_of[rels[0]].path))
        prefix = "sysctl" if name == CONTRACT and not history else \
            subject_prefix(top, rels, in_tree, history)
        msg = message(prefix, patches, era, diff, sign)
        parent = _git(top, "commit-tree", tree, "-p", parent, input=msg).strip()
        for r in rels:
            totals.update(fixed.outcome.regions.get(source_of[r], {}))
        shown = {source_of[r].display for r in rels}
        rules.update(f.tag for f in fixed.before if f.fix and f.file in shown)

    names = _git(top, "format-patch", "--cover-letter", "--numbered", "-o",
                 os.path.abspath(outdir), "%s..%s" % (head, parent)).split()
    cover, patch_files = names[0], names[1:]
    all_to, all_cc = [], []
    for path, (name, rels) in zip(patch_files, groups):
        to, cc = addresses(top, script, rels)
        _add_headers(path, to, cc)
        all_to += [a for a in to if a not in all_to]
        all_cc += [a for a in cc if a not in all_cc and a not in to]
    _fill_cover(cover, run, groups, totals, rules, cap, fixed.status == 0,
                script is not None, all_to,
                [a for a in all_cc if a not in all_to])
    info("--series: %d patch%s and a cover letter in %s"
         % (len(patch_files), "" if len(patch_files) == 1 else "es", outdir))
    return fixed.status


def _add_headers(path, to, cc):
    """To: and Cc: after the Subject: header of a format-patch file."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    head, sep, rest = text.partition("\n\n")
    extra = ""
    if to:
        extra += "\nTo: " + ",\n    ".join(to)
    if cc:
        extra += "\nCc: " + ",\n    ".join(cc)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(head + extra + sep + rest)


def _fill_cover(path, run, groups, totals, rules, cap, clean, maintainers, to, cc):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    used = [p.name for p in run.patches if totals[p.name]]
    title = summary(used, ())
    n = sum(len(r) for _, r in groups)
    how = ("one patch per %s and at most %d files per patch (a larger part is split "
           "by directory)" % ("MAINTAINERS entry" if maintainers else "directory", cap)) \
        if cap else "in one patch"
    if any(name == CONTRACT for name, _ in groups):
        how += ("; the sysctl handlers, their type and its callers change together, in "
                "one patch, so that every patch builds on its own")
    blurb = [_wrap("This series converts %d file%s with the semantic patch%s %s, %s."
                   % (n, "" if n == 1 else "s", "" if len(used) == 1 else "es",
                      ", ".join("semantic-patches/%s.cocci" % p for p in used), how)),
             "", "Places converted, per semantic patch:", ""]
    blurb += ["  %-20s %d" % (p + ".cocci", totals[p]) for p in used]
    if rules:
        blurb += ["", "Findings fixed, per rule of the checker:", ""]
        blurb += ["  %-20s %d" % kv for kv in sorted(rules.items())]
    if clean:
        blurb += ["", _wrap("Every changed file was compiled before and after the "
                            "conversion, none got worse, and a second run of the "
                            "semantic patches changes nothing.")]
    text = text.replace("*** SUBJECT HERE ***", "safe seeks: " + title, 1)
    text = text.replace("*** BLURB HERE ***", "\n".join(blurb), 1)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    _add_headers(path, to, cc)

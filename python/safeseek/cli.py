# SPDX-License-Identifier: GPL-2.0-only
"""The command line: the options, parsed once, and the PATHs, checked."""

import argparse
import os
import re
import subprocess

from .common import PROG, Fatal
from .series import CAP

USAGE = """\
usage: {prog} [OPTION...] [--] [PATH...]

Scan PATHs (files or directories; default: the bundled corpus) with the
semantic patches in semantic-patches/ and with safeseek-check.

  --mode=report    (default) every finding, sorted, then a summary per rule
                   and per directory
  --mode=patch     the unified diff all conversions would make; files untouched
  --mode=context   spatch's context output (-D context)
  --mode=org       spatch's org-mode output (-D org)
  --fix            convert the files in place, then verify the result
  --series DIR     --fix, then write the change as a patch series into DIR
                   (git format-patch files and a cover letter), one patch per
                   MAINTAINERS entry; the PATHs must lie in one git work tree
  --per-patch N    with --series, at most N files per patch (default {cap});
                   a larger part is split by directory
  --one-patch      with --series, one patch for the whole conversion
  --since REV      only findings on lines changed since REV (git)
  -j N, --jobs=N   parallel jobs for spatch and the checker (default: all CPUs)
  --use-gitgrep    let git grep choose the files spatch looks at (git trees)
  --timeout SEC    give up on one file after SEC seconds in spatch (default 120)
  --kernel=X.Y     convert and advise for this kernel version (default: each
                   file's, from VERSION and PATCHLEVEL of the nearest
                   Makefile above it, as safeseek-check finds it)
  -h, --help       this text

Exit status: 0 clean, 1 findings or places not converted, 2 usage error,
no space left on a device, or internal error; 128+N when stopped by signal N."""

MODES = ("report", "patch", "context", "org")


def usage():
    return USAGE.format(prog=PROG, cap=CAP)


class _Parser(argparse.ArgumentParser):
    """argparse, with the messages of this program."""

    def error(self, message):
        m = re.match(r"argument ([^/:]+)\S*: expected one argument", message)
        if m:
            raise Fatal("option '%s' needs a value (see --help)" % m.group(1))
        m = re.match(r"argument ([^/:]+)\S*: ignored explicit argument", message)
        if m:
            raise Fatal("option '%s' takes no value (see --help)" % m.group(1))
        raise Fatal("%s (see --help)" % message)


def _parser():
    ap = _Parser(prog=PROG, add_help=False, allow_abbrev=False)
    ap.add_argument("-h", "--help", action="store_true")
    ap.add_argument("--mode", default="report")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--series")
    ap.add_argument("--per-patch")
    ap.add_argument("--one-patch", action="store_true")
    ap.add_argument("--since")
    ap.add_argument("-j", "--jobs")
    ap.add_argument("--use-gitgrep", dest="gitgrep", action="store_true")
    ap.add_argument("--timeout", default="120")
    ap.add_argument("--kernel")
    ap.add_argument("paths", nargs="*")
    return ap


def parse(argv):
    """The options of argv: an argparse namespace, values checked; paths
    holds the PATHs as given."""
    # Everything after the first '--' is a PATH, another '--' included.
    cut = argv.index("--") if "--" in argv else len(argv)
    opts, unknown = _parser().parse_known_intermixed_args(argv[:cut])
    opts.paths += argv[cut + 1:]
    if unknown:
        raise Fatal("unknown option '%s' (a path starting with '-' goes after '--'; see --help)"
                    % unknown[0])
    if opts.help:
        return opts
    if opts.series == "":
        raise Fatal("option '--series' needs a value (see --help)")
    if (opts.per_patch is not None or opts.one_patch) and opts.series is None:
        raise Fatal("--per-patch and --one-patch shape a --series")
    if opts.per_patch is not None and opts.one_patch:
        raise Fatal("--per-patch and --one-patch do not combine")
    if opts.per_patch is not None and not re.fullmatch(r"[1-9][0-9]{0,5}", opts.per_patch):
        raise Fatal("--per-patch needs a positive number, not '%s'" % opts.per_patch)
    opts.cap = None if opts.one_patch else int(opts.per_patch or CAP)
    if opts.series is not None:
        if opts.fix:
            raise Fatal("--series converts as --fix does; give one of them")
        opts.fix = True
    if opts.mode not in MODES:
        raise Fatal("unknown mode '%s' (report, patch, context or org)" % opts.mode)
    if opts.fix and opts.mode != "report":
        raise Fatal("--fix converts in place; it does not combine with --mode=%s" % opts.mode)
    if opts.since == "":
        raise Fatal("option '--since' needs a value (see --help)")
    if opts.since is not None and (opts.fix or opts.mode == "patch"):
        raise Fatal("--since filters findings; use it with --mode=report, context or org, "
                    "not with %s" % ("--fix" if opts.fix else "--mode=patch"))
    if opts.jobs is None:
        opts.jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
            else os.cpu_count() or 1
    elif re.fullmatch(r"[1-9][0-9]{0,3}", opts.jobs):
        opts.jobs = int(opts.jobs)
    else:
        raise Fatal("-j needs a positive number, not '%s'" % opts.jobs)
    if not re.fullmatch(r"[0-9]{1,6}", opts.timeout):
        raise Fatal("--timeout needs a number of seconds, not '%s'" % opts.timeout)
    opts.timeout = int(opts.timeout)
    return opts


def default_paths(layout, fix):
    """The bundled corpus's directories, but for expected/."""
    if fix:
        raise Fatal("--fix converts files in place: name the PATHs to convert (the bundled "
                    "corpus is never converted in place; copy it first)")
    if layout.corpus is None:
        raise Fatal("name the PATHs to scan (see --help)")
    # Named as from the top of the tree when run from there.
    corpus = "corpus" if os.getcwd() == os.path.realpath(layout.top) else layout.corpus
    try:
        names = sorted(os.listdir(layout.corpus))
    except OSError:
        names = []
    paths = [os.path.join(corpus, n) for n in names
             if n != "expected" and not n.startswith(".")
             and os.path.isdir(os.path.join(layout.corpus, n))]
    if not paths:
        raise Fatal("the bundled corpus has no directories: %s" % layout.corpus)
    return paths


def path_problem(p):
    """Why a PATH of the command line cannot be scanned, or None."""
    if p == "":
        return "an empty PATH was given"
    if os.path.islink(p) and not os.path.exists(p):
        return "'%s': a symbolic link to nothing" % p
    if not os.path.exists(p):
        return "'%s': no such file or directory" % p
    if os.path.isdir(p):
        if not os.access(p, os.R_OK | os.X_OK):
            return "'%s': directory cannot be read" % p
    elif os.path.isfile(p):
        if not p.endswith((".c", ".h")):
            return "'%s': not a C source or header (.c, .h)" % p
        if not os.access(p, os.R_OK):
            return "'%s': cannot be read" % p
    else:
        return "'%s': neither a regular file nor a directory" % p
    return None


def check_gitgrep(paths):
    """--use-gitgrep: every PATH lies in a git work tree."""
    for p in paths:
        d = p if os.path.isdir(p) else os.path.dirname(p) or "."
        try:
            out = subprocess.run(["git", "-C", d, "rev-parse", "--is-inside-work-tree"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 universal_newlines=True).stdout.strip()
        except OSError:
            out = ""
        if out != "true":
            raise Fatal("--use-gitgrep works inside a git work tree, and '%s' is not in one" % p)

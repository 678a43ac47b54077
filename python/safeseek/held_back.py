# SPDX-License-Identifier: GPL-2.0-only
"""sysctl handlers no mode converts: their proc_handler type lies outside PATH.

sysctl_ppos gives each handler a `loff_t *ppos`.  Where the tree's
proc_handler type lacks one and lies outside the run, the handlers would no
longer match the type the core calls them through, so none of them is
converted.  --fix, patch mode and report mode decide it here alike: what
--fix refuses, the others do not propose."""

import collections
import os

# The patch that changes a signature something else calls through.
SYSCTL_PATCH = "sysctl_ppos"


def handlers(run, chosen):
    """Takes the held-back handler files out of chosen[SYSCTL_PATCH] and
    returns {type header: [Source]}."""
    files = sorted(chosen.get(SYSCTL_PATCH) or (), key=lambda s: s.display)
    if not files:
        return {}
    in_run = {s.path for s in run.sources}
    held = collections.defaultdict(list)
    for s, t in zip(files, run.checker.handler_types([s.path for s in files])):
        if t is not None and not t[1] and os.path.realpath(t[0]) not in in_run:
            held[t[0]].append(s)
    if held:
        chosen[SYSCTL_PATCH] = set(files) - {s for group in held.values() for s in group}
    return dict(held)


def _why(header):
    """The reason and what to run, for the handlers of one type header."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(header)))
    here = os.path.realpath(os.getcwd())
    if os.path.realpath(root).startswith(here + os.sep):
        header, root = os.path.relpath(header), os.path.relpath(root)
    return ("their type proc_handler in %s takes no ppos and lies outside PATH; run --fix on "
            "a PATH that holds it too (run-check.sh --fix %s)" % (header, root))


def lines(held):
    """What a summary says of them: per type header, the reason, what to
    run, and the files, each group after a blank line."""
    out = []
    for header, group in sorted(held.items()):
        out.append("")
        out.append("sysctl handlers not converted: %s:" % _why(header))
        for s in group:
            out.append("  " + s.display)
    return out


def file_lines(held):
    """The same, a line per file, for a warning beside a diff."""
    return ["%s: sysctl handlers not converted: %s" % (s.display, _why(header))
            for header, group in sorted(held.items()) for s in group]

# SPDX-License-Identifier: GPL-2.0-only
"""Report mode: the semantic patches' report lines and the checker's findings
merged into one sorted list, then a summary per rule and per directory."""

import collections
import os

from .checker import Finding
from .cocci import parse_report

SEVERITY_ORDER = {"error": 0, "warning": 1, "note": 2}


def cocci_findings(results_by_patch):
    """Findings from report-mode output, one list for all patches."""
    found = []
    for patch, results in results_by_patch:
        for res in results:
            for file, line, col, sev, msg in parse_report(res.out, patch.name):
                found.append(Finding(file, line, col, sev, msg, patch.name,
                                     fix=patch.name, source="cocci"))
    return found


def merge(checker_findings, cocci):
    """One list, sorted, without duplicates.

    The same place is often named twice: by a checker rule and by the
    semantic patch that fixes that rule.  Such a report line is folded into
    the checker's finding, which says more (its rule, its severity); a patch's
    line stays on its own where no checker finding of a rule it fixes stands
    on that line.
    """
    unique = {}
    for f in checker_findings + cocci:
        unique.setdefault(f.key(), f)
    items = list(unique.values())

    fixable = collections.defaultdict(int)
    for f in items:
        if f.source == "checker" and f.fix:
            fixable[(f.file, f.line, f.fix)] += 1
    kept = []
    for f in sorted(items, key=lambda f: (f.source != "checker",) + f.key()):
        if f.source == "cocci" and fixable.get((f.file, f.line, f.tag), 0) > 0:
            fixable[(f.file, f.line, f.tag)] -= 1
            continue
        kept.append(f)
    kept.sort(key=lambda f: (f.file, f.line, f.col, SEVERITY_ORDER.get(f.severity, 3),
                             f.tag, f.message))
    return kept


def _table(title, header, rows, total):
    """A plain text table: the first and last columns to the left, numbers
    in between to the right."""
    body = [tuple(header)] + [tuple(r) for r in rows] + [("total",) + tuple(total)]
    widths = [max(len(r[i]) for r in body) for i in range(len(header))]
    out = [title]
    for r in body:
        cells = []
        for i, v in enumerate(r):
            left = i == 0 or (i == len(r) - 1 and len(r) > 2)
            cells.append(v.ljust(widths[i]) if left else v.rjust(widths[i]))
        out.append(("  " + "  ".join(cells)).rstrip())
    return out


def summary(findings, rules, patch_names):
    """Lines of the two summary tables: the checker's rules (checker.Rule)
    in its order, then the patches."""
    by_rule = collections.OrderedDict()
    for tag in [r.id for r in rules] + list(patch_names):
        by_rule.setdefault(tag, collections.Counter())
    for f in findings:
        by_rule.setdefault(f.tag, collections.Counter())[f.severity] += 1
    fixed_by = {r.id: r.fix for r in rules}
    fixed_by.update((p, "itself") for p in patch_names)
    rows, tot = [], collections.Counter()
    for tag, c in by_rule.items():
        fix = fixed_by.get(tag)
        rows.append((tag, str(sum(c.values())), str(c["error"]), str(c["warning"]),
                     str(c["note"]), fix or "-"))
        tot.update(c)
    lines = _table("summary by rule:",
                   ("rule or patch", "total", "error", "warning", "note", "fixed by"),
                   rows, (str(sum(tot.values())), str(tot["error"]), str(tot["warning"]),
                          str(tot["note"]), ""))
    by_dir = collections.Counter(os.path.dirname(f.file) or "." for f in findings)
    dir_rows = [(d, str(n)) for d, n in sorted(by_dir.items())]
    lines.append("")
    lines += _table("summary by directory:", ("directory", "findings"), dir_rows,
                    (str(sum(by_dir.values())),))
    return lines

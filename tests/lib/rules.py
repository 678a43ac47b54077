# SPDX-License-Identifier: GPL-2.0-only
"""The checker's rule table, as `safeseek-check --list-rules --format=json`
gives it: the tests read it there rather than keep copies of their own."""

import json
import subprocess


KEYS = {"id", "severity", "confidence", "fix", "names", "summary", "help"}


class RuleTableError(Exception):
    pass


def rule_table(checker):
    """{rule id: {"id", "severity", "confidence", "fix", "names", ...}} in
    the checker's order."""
    cmd = [checker, "--list-rules", "--format=json"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise RuleTableError("%s: %s" % (checker, e.strerror))
    if p.returncode != 0:
        raise RuleTableError("%s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    try:
        rules = json.loads(p.stdout)["rules"]
        table = {r["id"]: r for r in rules}
    except (ValueError, KeyError, TypeError) as e:
        raise RuleTableError("%s: not the documented rule table (%s)" % (" ".join(cmd), e))
    for rule in table.values():
        missing = KEYS - set(rule)
        if missing:
            raise RuleTableError("%s: rule %s lacks %s" % (" ".join(cmd), rule["id"],
                                                          ", ".join(sorted(missing))))
    if not table:
        raise RuleTableError("%s lists no rules" % " ".join(cmd))
    return table


def fixed_by(table):
    """{patch name without .cocci: set of the rule ids it fixes}"""
    owned = {}
    for rule in table.values():
        if rule.get("fix"):
            owned.setdefault(rule["fix"][:-len(".cocci")], set()).add(rule["id"])
    return owned

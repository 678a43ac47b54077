"""Running safeseek-check and reading its JSON output."""

import json
import os
import subprocess
import sys
import tempfile

from . import parallel
from .common import Fatal

# The checker's rules, in the order the summary lists them.
RULES = ("espipe-test", "sysctl-fpos", "rw-fpos", "fpos-address", "espipe-llseek",
         "pread-hole", "seekable-default", "epipe-typo", "fpos-other")

# The semantic patch that fixes each checker rule; the checker's own output
# says so too, and wins when it does.
FIX_OF_RULE = {
    "espipe-test": "nonseekable_open",
    "espipe-llseek": "nonseekable_open",
    "epipe-typo": "nonseekable_open",
    "sysctl-fpos": "sysctl_ppos",
    "rw-fpos": "rw_ppos",
    "fpos-address": "rw_ppos",
}


class Finding:
    __slots__ = ("file", "line", "col", "severity", "message", "tag", "fix",
                 "function", "source")

    def __init__(self, file, line, col, severity, message, tag, fix=None,
                 function=None, source="checker"):
        self.file, self.line, self.col = file, line, col
        self.severity, self.message, self.tag = severity, message, tag
        self.fix, self.function, self.source = fix, function, source

    def key(self):
        return (self.file, self.line, self.col, self.tag, self.severity, self.message)

    def text(self):
        # One line, whatever the file name holds (see common.safe for the
        # other control characters).
        return ("%s:%d:%d: %s: %s [%s]" % (self.file, self.line, self.col, self.severity,
                                           self.message, self.tag)
                ).replace("\n", "\\x0a").replace("\r", "\\x0d")


def _first(d, *names, default=None):
    for n in names:
        if n in d and d[n] is not None:
            return d[n]
    return default


def _fix_name(value):
    if not value:
        return None
    value = os.path.basename(str(value))
    return value[:-len(".cocci")] if value.endswith(".cocci") else value


def parse_json(text, origin):
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise Fatal("%s: output is not JSON: %s" % (origin, e))
    items = doc
    if isinstance(doc, dict):
        items = _first(doc, "findings", "results", default=[])
    if not isinstance(items, list):
        raise Fatal("%s: no list of findings in its JSON output" % origin)
    found = []
    for it in items:
        if not isinstance(it, dict):
            continue
        loc = _first(it, "location", default={})
        if not isinstance(loc, dict):
            loc = {}
        rule = str(_first(it, "rule", "rule_id", "ruleId", "id", default="?"))
        fix = _fix_name(_first(it, "fix", default=None)) or FIX_OF_RULE.get(rule)
        try:
            line = int(_first(it, "line", default=_first(loc, "line", default=0)))
            col = int(_first(it, "column", "col", default=_first(loc, "column", "col", default=1)))
        except (TypeError, ValueError):
            continue
        found.append(Finding(
            file=os.path.normpath(str(_first(it, "file", "path", default=_first(loc, "file", "path", default="?")))),
            line=line, col=col,
            severity=str(_first(it, "severity", "level", default="warning")),
            message=str(_first(it, "message", default="")),
            tag=rule, fix=fix,
            function=_first(it, "function", default=None)))
    return found


class Checker:
    def __init__(self, path, jobs, tmp=None):
        self.path = path
        self.jobs = jobs
        self.tmp = tmp

    def run(self, paths, changed_lines=None, cwd=None):
        """Findings of the checker on paths (files or directories)."""
        if not paths:
            return []
        with tempfile.NamedTemporaryFile(prefix="findings-", suffix=".json", dir=self.tmp) as out:
            cmd = [self.path, "--format=json", "-q", "-o", out.name, "-j", str(self.jobs)]
            if changed_lines:
                cmd += ["--changed-lines", changed_lines]
            cmd += ["--"] + list(paths)
            try:
                rc, _, err = parallel.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          cwd=cwd, universal_newlines=True, errors="replace")
            except OSError as e:
                raise Fatal("cannot run %s: %s" % (self.path, e.strerror))
            # One line per file it could not read or parse; the run goes on.
            sys.stderr.write(err)
            with open(out.name, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if rc not in (0, 1) and not text.strip():
                raise Fatal("safeseek-check failed (exit %d)" % rc)
        return parse_json(text or "[]", "safeseek-check")

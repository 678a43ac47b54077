# SPDX-License-Identifier: GPL-2.0-only
"""Each era's findings in that era's words and weight.

tests/checker/verdicts/ holds one small unconfigured tree per era, its
kernel named by the top Makefile.  Every file carries its expected findings
inline (`/* expect: RULE */`, as in the corpus), and beside a finding, its
severity and a piece of its message: `/* note: 2.6.8 conversion */` says
the finding on that line is a note whose message holds "2.6.8 conversion".

And in every tree older than 2.6.8 (whose VFS hands read methods
&file->f_pos itself, and whose proc_handler has no position argument): no
message describes a copy of the position, and none asks for a ppos
parameter.

Arguments: the checker.
"""

import json
import os
import re
import sys

from checklib import Checker

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import expectations  # noqa: E402

VERDICT_RE = re.compile(r"/\*\s*(error|warning|note):\s*([^*]*?)\s*\*/")

c = Checker(sys.argv[1])
trees = os.path.join(os.path.dirname(os.path.abspath(__file__)), "verdicts")


def version(root):
    with open(os.path.join(root, "Makefile")) as f:
        text = f.read()
    return tuple(int(re.search(r"^%s = (\d+)$" % k, text, re.M).group(1))
                 for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL"))


def sources(root):
    for d, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".c"):
                yield os.path.join(d, name)


eras = sorted(os.listdir(trees))
c.expect(len(eras) >= 3, "verdict trees of several eras: %r" % eras)
for era in eras:
    root = os.path.join(trees, era)
    rc, out, err = c.run("--format=json", root)
    report = json.loads(out)
    by_file = {}
    for f in report["findings"]:
        by_file.setdefault(os.path.realpath(f["file"]), []).append(f)
    old = version(root) < (2, 6, 8)
    for path in sources(root):
        rel = os.path.relpath(path, trees)
        got = by_file.get(os.path.realpath(path), [])
        want = sorted((line, tag) for (line, tag), n in expectations.read_expectations(path).items()
                      for _ in range(n) if expectations.is_checker_rule(tag))
        c.expect(sorted((f["line"], f["rule"]) for f in got) == want,
                 "%s: findings %r, expected %r" % (rel, sorted((f["line"], f["rule"]) for f in got),
                                                   want))
        with open(path) as src:
            for lineno, text in enumerate(src, 1):
                for severity, words in VERDICT_RE.findall(text):
                    here = [f for f in got if f["line"] == lineno]
                    c.expect(any(f["severity"] == severity and words in f["message"] for f in here),
                             "%s:%d: a %s saying %r: %r" % (rel, lineno, severity, words,
                                                            [(f["severity"], f["message"])
                                                             for f in here]))
        for f in got:
            if old:
                c.expect("copy" not in f["message"],
                         "%s:%d: a kernel before 2.6.8 passes methods no copy: %s"
                         % (rel, f["line"], f["message"]))
                c.expect("ppos' parameter" not in f["message"],
                         "%s:%d: no ppos parameter in a kernel before 2.6.8: %s"
                         % (rel, f["line"], f["message"]))
c.finish()

# SPDX-License-Identifier: GPL-2.0-only
"""--format=json: the documented structure, sorted findings, -o FILE."""

import json
import os
import re
import sys
import urllib.parse

from checklib import Checker, cleanup, tempdir

c = Checker(sys.argv[1])
corpus = sys.argv[2]

rc, out, err = c.run("-q", "--format=json", corpus)
c.expect(rc in (0, 1), "exit 0 or 1 over the corpus (got %d): %s" % (rc, err[-500:]))
try:
    doc = json.loads(out)
except ValueError as e:
    c.expect(False, "output is JSON: %s" % e)
    c.finish()

FIELDS = {
    "rule": str, "severity": str, "confidence": str, "file": str, "line": int,
    "column": int, "function": (str, type(None)), "object": (str, type(None)),
    "message": str, "fix": (str, type(None)), "fingerprint": str,
}
c.expect(isinstance(doc, dict), "top level is an object")
c.expect(isinstance(doc.get("version"), str), "version is a string")
for k in ("files_analysed", "files_skipped", "files_failed"):
    c.expect(isinstance(doc.get(k), int) and doc[k] >= 0, "%s is a count" % k)
c.expect(doc.get("files_analysed", 0) > 0, "the corpus has files to analyse")
findings = doc.get("findings")
c.expect(isinstance(findings, list), "findings is a list")

rc_list, out_list, _ = c.run("--list-rules")
rules = {}
for line in out_list.decode().splitlines():
    rid, sev, conf, fix, _summary = line.split("\t")
    rules[rid] = (sev, conf, None if fix == "-" else fix)

for i, f in enumerate(findings or []):
    c.expect(set(f) == set(FIELDS), "finding %d has exactly the documented keys: %s"
             % (i, sorted(f)))
    for k, t in FIELDS.items():
        c.expect(isinstance(f.get(k), t), "finding %d: %s has type %s" % (i, k, t))
    c.expect(f.get("rule") in rules, "finding %d: known rule %r" % (i, f.get("rule")))
    if f.get("rule") in rules:
        _sev, conf, fix = rules[f["rule"]]
        c.expect(f["confidence"] == conf, "finding %d: confidence of its rule" % i)
        c.expect(f["fix"] == fix, "finding %d: fix of its rule" % i)
    c.expect(f.get("severity") in ("note", "warning", "error"), "finding %d: severity" % i)
    c.expect(f.get("line", 0) >= 1 and f.get("column", 0) >= 1, "finding %d: position" % i)
    c.expect(len(f.get("fingerprint", "")) == 16, "finding %d: fingerprint" % i)

keys = [(f["file"], f["line"], f["column"], f["rule"], f["message"]) for f in findings or []]
c.expect(keys == sorted(keys, key=lambda k: (k[0].encode(),) + k[1:]),
         "findings are sorted by file, line, column, rule, message")
c.expect((rc == 1) == bool(findings), "exit status 1 exactly when there are findings")

# -o writes the same report, atomically, and leaves no temporary file.
d = tempdir()
try:
    dest = os.path.join(d, "report.json")
    with open(dest, "w") as f:
        f.write("old")
    rc2, out2, _ = c.run("-q", "--format=json", "-o", dest, corpus)
    c.expect(rc2 == rc and out2 == b"", "-o: same status, nothing on stdout")
    with open(dest, "rb") as f:
        c.expect(f.read() == out, "-o FILE holds what stdout would")
    c.expect(os.listdir(d) == ["report.json"], "-o leaves no temporary file: %s" % os.listdir(d))
    rc3, _, err3 = c.run("-q", "-o", os.path.join(d, "no", "such", "dir", "r.txt"), corpus)
    c.expect(rc3 == 2 and b"r.txt" in err3, "-o into a missing directory: exit 2, named")

    # Names that are not UTF-8 stay distinct, and give their bytes back:
    # \xNN for a byte that is not UTF-8, \x5c for a backslash that would
    # read as one.  SARIF's URIs percent-encode the bytes.
    odd = os.path.join(d, "odd")
    os.makedirs(odd)
    with open(os.path.join(corpus, "drivers", "char", "lp_fixme.c"), "rb") as f:
        source = f.read()
    names = [b"a\xff.c", b"a\xfe.c", b"a\\xff.c", b"a\\x.c", "\u00e9.c".encode()]
    for n in names:
        with open(os.path.join(os.fsencode(odd), n), "wb") as f:
            f.write(source)
    rc, out, _ = c.run("-q", "--no-cache", "--format=json", odd)
    got = {f["file"] for f in json.loads(out)["findings"]}
    back = {re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]),
                   g.encode()) for g in got}
    c.expect(back == {os.path.join(os.fsencode(odd), n) for n in names},
             "JSON names: one per file, their bytes given back: %r" % sorted(got))
    c.expect(os.path.join(odd, "a\\x.c") in got and os.path.join(odd, "\u00e9.c") in got,
             "a UTF-8 name without \\xNN is kept as it is: %r" % sorted(got))
    rc, out, _ = c.run("-q", "--no-cache", "--format=sarif", "--srcroot", odd, odd)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]}
    c.expect(uris == {urllib.parse.quote_from_bytes(n) for n in names},
             "SARIF URIs: the bytes percent-encoded: %r" % sorted(uris))
finally:
    cleanup(d)

c.finish()

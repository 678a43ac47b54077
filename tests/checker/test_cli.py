# SPDX-License-Identifier: GPL-2.0-only
"""Command line: help, version, rule list, usage errors and their exit codes."""

import json
import os
import re
import sys
import tempfile

from checklib import Checker

c = Checker(sys.argv[1])

rc, out, err = c.run("--help")
c.expect(rc == 0 and b"Usage: safeseek-check" in out, "--help prints usage, exit 0")
c.expect(b"Exit status" in out, "--help documents the exit status")

rc, out, err = c.run("--version")
c.expect(rc == 0 and out.startswith(b"safeseek-check "), "--version, exit 0")

# One libclang: the release cmake/LibClangVersion.cmake names is the one the
# README promises, the one the build asked for and the one loaded.
top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(top, "cmake", "LibClangVersion.cmake")) as f:
    llvm = re.search(r"^set\(SAFESEEK_LIBCLANG_VERSION (\d+)\)$", f.read(), re.M).group(1)
with open(os.path.join(top, "README.md")) as f:
    readme = f.read()
c.expect("`libclang-%s-dev`" % llvm in readme, "the README promises libclang %s" % llvm)
version = out.decode()
c.expect(re.search(r"built against libclang %s \(.*clang version %s\.\d" % (llvm, llvm), version),
         "--version names libclang %s, built against and loaded: %r" % (llvm, version))
rc, out, err = c.run("-v", os.path.join(top, "corpus", "drivers", "char"))
c.expect(("safeseek-check: parsing with libclang %s (" % llvm).encode() in err,
         "-v says which libclang parses")

# --print-diagnostics: pairs of (the path parsed as, the path read from)
with tempfile.TemporaryDirectory() as d:
    good = os.path.join(d, "good.c")
    bad = os.path.join(d, "bad.c")
    with open(good, "w") as f:
        f.write("int twice(int x);\nint twice(int x) { return 2 * x; }\n")
    with open(bad, "w") as f:
        f.write("int twice(int x);\nint twice(int x, int y) { return x + y; }\n")
    lst = os.path.join(d, "list")
    with open(lst, "wb") as f:
        f.write(os.fsencode(good) + b"\0" + os.fsencode(good) + b"\0" +
                os.fsencode(good) + b"\0" + os.fsencode(bad) + b"\0")
    rc, out, err = c.run("--print-diagnostics=" + lst)
    doc = json.loads(out) if rc == 0 else {"files": []}
    files = doc["files"]
    c.expect(rc == 0 and len(files) == 2 and all(f["parsed"] for f in files) and
             all(f["file"] == good for f in files), "--print-diagnostics answers each pair: %r" % out)
    c.expect(len(files) == 2 and files[0]["diagnostics"] == [] and
             [x["severity"] for x in files[1]["diagnostics"]] == ["error"],
             "the contents are parsed as the file named first: %r" % files)
    with open(lst, "wb") as f:
        f.write(os.fsencode(good) + b"\0")
    rc, out, err = c.run("--print-diagnostics=" + lst)
    c.expect(rc == 2 and (b"pairs" in err or b"contents path" in err),
             "a list of no pairs is an error naming it: %r" % err)

rc, out, err = c.run("--list-rules")
c.expect(rc == 0, "--list-rules exit 0")
lines = out.decode().splitlines()
c.expect(len(lines) >= 1, "--list-rules lists rules")
ids = []
for line in lines:
    fields = line.split("\t")
    if not c.expect(len(fields) == 5, "five tab-separated fields: %r" % line):
        continue
    rid, sev, conf, fix, summary = fields
    ids.append(rid)
    c.expect(sev in ("note", "warning", "error"), "severity of %s: %r" % (rid, sev))
    c.expect(conf in ("low", "medium", "high"), "confidence of %s: %r" % (rid, conf))
    c.expect(fix == "-" or fix.endswith(".cocci"), "fix of %s: %r" % (rid, fix))
    c.expect(summary.strip() != "", "summary of %s" % rid)
c.expect(len(ids) == len(set(ids)), "rule ids are unique")

# The JSON rule table is the one other tools read: the same rules, in order.
rc, out, err = c.run("--list-rules", "--format=json")
c.expect(rc == 0, "--list-rules --format=json exit 0")
table = json.loads(out)
c.expect([r["id"] for r in table["rules"]] == ids, "the JSON table lists the same rules in order")
for r in table["rules"]:
    c.expect(r["help"] and r["summary"], "%s has a summary and help" % r["id"])
    c.expect(r["fix"] is None or r["fix"].endswith(".cocci"), "fix of %s: %r" % (r["id"], r["fix"]))
    c.expect(r.get("names", "absent") in (None, "function", "object"),
             "names of %s: %r" % (r["id"], r.get("names", "absent")))

# --print-flags: a corpus file gets its tree's include directory; a file
# outside any tree gets the fallback header and no flags.
corpus = sys.argv[2]
some = os.path.join(corpus, "drivers", "misc", "lcd_panel.c")
with tempfile.TemporaryDirectory() as tmp:
    lone = os.path.join(tmp, "lone.c")
    with open(lone, "w") as f:
        f.write("int x;\n")
    rc, out, err = c.run("--print-flags", some, lone)
    c.expect(rc == 0, "--print-flags exit 0 (%r)" % err)
    files = json.loads(out)["files"]
    c.expect([f["file"] for f in files] == [some, lone], "one entry per file, in order")
    c.expect(files[0]["how"] == "tree flags" and
             os.path.join(os.path.realpath(corpus), "include") in files[0]["args"],
             "a corpus file gets the corpus's include directory: %r" % files[0])
    c.expect(files[1]["how"] == "fallback header" and files[1]["args"] == [] and
             files[1]["root"] is None, "a lone file gets no flags: %r" % files[1])

    rc, out, err = c.run("--print-flags", some, os.path.join(tmp, "missing.c"))
    c.expect(rc == 2 and len(json.loads(out)["files"]) == 1 and b"missing.c" in err,
             "a missing file: named on stderr, exit 2, the others printed: %r" % err)

    # --print-changed-lines: the checker's own diff parser, as JSON.
    diff = os.path.join(tmp, "x.diff")
    with open(diff, "w") as f:
        f.write("--- a/d/x.c\n+++ b/d/x.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
                "@@ -10,2 +10,1 @@\n k\n-gone\n")
    rc, out, err = c.run("--print-changed-lines=" + diff)
    c.expect(rc == 0, "--print-changed-lines exit 0 (%r)" % err)
    c.expect(json.loads(out) == {"files": [{"path": "d/x.c", "lines": [2], "deletions": [2, 11]}]},
             "changed lines and deletion points: %r" % out)
    rc, out, err = c.run("--print-changed-lines=" + lone)
    c.expect(rc == 2 and out == b"" and b"lone.c" in err, "a file that is no diff: exit 2, named")

for args, what in [
    ((), "no PATH"),
    (("--bogus", "x.c"), "unknown long option"),
    (("-Z", "x.c"), "unknown short option"),
    (("-j", "0", "x.c"), "-j 0"),
    (("-j", "many", "x.c"), "-j not a number"),
    (("--format=xml", "x.c"), "unknown format"),
    (("-o",), "-o without a value"),
    (("-q", "-v", "x.c"), "-q with -v"),
    (("--version=1",), "value for a flag"),
    (("--print-flags",), "--print-flags without a FILE"),
    (("--print-changed-lines",), "--print-changed-lines without a DIFF"),
]:
    rc, out, err = c.run(*args)
    c.expect(rc == 2, "%s: exit 2 (got %d)" % (what, rc))
    c.expect(err.startswith(b"safeseek-check: ") and b"--help" in err,
             "%s: one clear line and a pointer to --help: %r" % (what, err))
    c.expect(out == b"", "%s: nothing on stdout" % what)

c.finish()

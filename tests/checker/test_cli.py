"""Command line: help, version, rule list, usage errors and their exit codes."""

import sys

from checklib import Checker

c = Checker(sys.argv[1])

rc, out, err = c.run("--help")
c.expect(rc == 0 and b"Usage: safeseek-check" in out, "--help prints usage, exit 0")
c.expect(b"Exit status" in out, "--help documents the exit status")

rc, out, err = c.run("--version")
c.expect(rc == 0 and out.startswith(b"safeseek-check "), "--version, exit 0")

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
]:
    rc, out, err = c.run(*args)
    c.expect(rc == 2, "%s: exit 2 (got %d)" % (what, rc))
    c.expect(err.startswith(b"safeseek-check: ") and b"--help" in err,
             "%s: one clear line and a pointer to --help: %r" % (what, err))
    c.expect(out == b"", "%s: nothing on stdout" % what)

c.finish()

# SPDX-License-Identifier: GPL-2.0-only
"""The tree index of the result cache: a re-scan takes the files the
prefilter skips from it and reports exactly what the first scan and a scan
without the cache report, every count included; a skipped file that
changes is read again and its new findings reported; a damaged index
changes no finding."""

import json
import os
import shutil
import sys
import time

from checklib import Checker, cleanup, tempdir

c = Checker(sys.argv[1])
corpus = sys.argv[2]
os.environ.pop("SAFESEEK_NO_CACHE", None)
d = tempdir()
try:
    tree = os.path.join(d, "tree")
    shutil.copytree(corpus, tree, ignore=shutil.ignore_patterns("expected"))
    cache = os.path.join(d, "cache")
    # Files changed in the last second are not kept: make them older.
    time.sleep(1.2)

    def scan(*extra):
        rc, out, _ = c.run("-q", "--format=json", "-j2", *extra, "--", ".", cwd=tree)
        return rc, json.loads(out.decode())

    def counts(doc):
        return {k: v for k, v in doc.items() if k.startswith("files_") and k != "files_from_cache"}

    def entries():
        return sorted(os.path.join(r, f) for r, _, fs in os.walk(cache) for f in fs)

    rc0, plain = scan("--no-cache")
    rc1, first = scan("--cache-dir=" + cache)
    c.expect(first["files_skipped"] > 50, "the corpus has skipped files: %d"
             % first["files_skipped"])
    index = [e for e in entries() if os.path.basename(os.path.dirname(e)) == "trees"]
    c.expect(len(entries()) == first["files_analysed"] + 1 and len(index) == 1,
             "one entry per file analysed and the skipped ones' index under trees/: "
             "%d entries, %d analysed, %d indexes"
             % (len(entries()), first["files_analysed"], len(index)))
    rc2, again = scan("--cache-dir=" + cache)
    for name, doc, rc in (("the first scan", first, rc1), ("the re-scan", again, rc2)):
        c.expect(rc == rc0 and doc["findings"] == plain["findings"],
                 "%s reports what a scan without the cache reports" % name)
        c.expect(counts(doc) == counts(plain), "%s counts as a scan without the cache: %r"
                 % (name, counts(doc)))

    # A skipped file gains a read method that reads file->f_pos.
    victim = os.path.join(tree, "drivers", "char", "evtlog.c")
    with open(victim, "a") as f:
        f.write("\nstatic ssize_t evtlog_peek(struct file *file, char __user *buf,"
                " size_t n, loff_t *ppos)\n{\n\treturn file->f_pos;\n}\n")
    _, changed = scan("--cache-dir=" + cache)
    c.expect(any(f["file"].endswith("evtlog.c") and f["rule"] == "rw-fpos"
                 for f in changed["findings"]),
             "a changed skipped file is read again: its new finding is reported")
    c.expect(changed["files_skipped"] == first["files_skipped"] - 1,
             "and it is no longer skipped: %d skipped" % changed["files_skipped"])

    # Every entry damaged in its last byte: the findings stay.
    for e in entries():
        with open(e, "r+b") as f:
            f.seek(-1, os.SEEK_END)
            b = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([b[0] ^ 0x20]))
    _, damaged = scan("--cache-dir=" + cache)
    c.expect(damaged["findings"] == changed["findings"] and counts(damaged) == counts(changed),
             "a damaged index and damaged entries change no finding and no count")
finally:
    cleanup(d)
c.finish()

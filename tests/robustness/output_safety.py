# SPDX-License-Identifier: GPL-2.0-only
"""Output safety: file names and source bytes from a stranger's tree never
reach a terminal raw, and JSON and SARIF stay strict UTF-8 JSON.

  json-sarif  JSON and SARIF reports of files with control characters and
              invalid UTF-8 in their names and on their reported lines
  text        the text report and the per-file messages on standard error
  kbuild      the findings Kbuild mode prints on standard error
  messages    refusals of a diff or baseline that quote the bad bytes
  run-check   run-check.sh's report over the same names
  out-nodes   -o and --write-baseline onto a FIFO (as onto /dev/null) write
              into it, and onto a symbolic link replace the file it names
"""

import os
import stat
import sys
import threading

from rlib import FINDING_RE, Test, findings_of, lines_of, raw_controls, strict_json, write

# Names a tree can hold: escape sequences (CSI and OSC), BEL, DEL, a C1
# control in UTF-8, stray and truncated bytes, an encoded surrogate, an
# overlong slash, a newline, a quote and a backslash.
NAMES = [
    b"csi\x1b[31mred.c",
    b"osc\x1b]0;title\x07.c",
    b"del\x7f.c",
    b"c1\xc2\x9b.c",
    b"stray\xff\xfe.c",
    b"cut\xe2\x82.c",
    b"surrogate\xed\xa0\x80.c",
    b"overlong\xc0\xaf.c",
    b"new\nline.c",
    b"quote\"back\\slash.c",
]

# A read method writing f_pos, with hostile bytes in a comment on the
# reported line and in a string; the function name is UTF-8.
SOURCE = (b"#include <linux/fs.h>\n"
          b"\n"
          b"static const char banner[] = \"\x1b[2J\xff\";\n"
          b"static ssize_t r\xc3\xa9ad(struct file *file, char __user *buf, size_t n,\n"
          b"\t\t     loff_t *ppos)\n"
          b"{\n"
          b"\tfile->f_pos += n;\t/* \x1b]0;owned\x07 \xff\xfe \x1b[31m */\n"
          b"\treturn n;\n"
          b"}\n"
          b"\n"
          b"static struct file_operations demo_fops = {\n"
          b"\t.read = r\xc3\xa9ad,\n"
          b"};\n")
LINE = 7


def odd_tree(t, source=SOURCE):
    root = t.kernel_tree("tree")
    for n in NAMES:
        write(os.path.join(root, b"drivers", n), source)
    return root


def no_controls_in_strings(t, doc, what):
    """Every string of the document: no control character but what JSON
    escaped on purpose from a name (kept, as the name holds it)."""
    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                yield k
                yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)
        elif isinstance(x, str):
            yield x
    for s in walk(doc):
        t.expect("\udc80" > s or not any("\udc80" <= c <= "\udcff" for c in s),
                 "%s: a lone surrogate in a string: %r" % (what, s))


def case_json_sarif(t):
    root = odd_tree(t)
    for fmt in ("json", "sarif"):
        args = ["-q", "-j", "2", "--format=" + fmt]
        if fmt == "sarif":
            args += ["--srcroot", root]
        rc, out, err = t.check(*(args + [root]))
        t.expect(rc == 1, "%s: exit 1 (%d): %r" % (fmt, rc, err[-500:]))
        t.expect(not raw_controls(out), "%s: raw control bytes %s in the output"
                 % (fmt, raw_controls(out)))
        try:
            doc = strict_json(out)
        except ValueError as e:
            t.expect(False, "%s: not strict UTF-8 JSON: %s" % (fmt, e))
            continue
        no_controls_in_strings(t, doc, fmt)
        if fmt == "json":
            files = sorted(f["file"] for f in doc["findings"] if f["rule"] == "rw-fpos")
            t.expect(len(files) == len(NAMES) and len(set(files)) == len(NAMES),
                     "json: one rw-fpos finding per file, each name distinct: %r" % files)
            t.expect(any("\x1b[31m" in f for f in files) and any("\n" in f for f in files),
                     "json: control characters of names are kept (escaped): %r" % files)
            t.expect(any("\\xff\\xfe" in f for f in files) and
                     not any("\ufffd" in f for f in files),
                     "json: bytes that are not UTF-8 become \\xNN, not U+FFFD: %r" % files)
            t.expect(all(f["line"] == LINE for f in doc["findings"] if f["rule"] == "rw-fpos"),
                     "json: every finding at line %d" % LINE)
            t.expect(all(f["function"] == "r\u00e9ad" for f in doc["findings"]
                         if f["rule"] == "rw-fpos"), "json: UTF-8 function name kept")
        else:
            res = doc["runs"][0]["results"]
            uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in res]
            t.expect(uris and all(all(0x21 <= ord(c) < 0x7f for c in u) for u in uris),
                     "sarif: URIs are percent-encoded ASCII: %r" % uris)
            t.expect(len(set(uris)) == len(NAMES), "sarif: one URI per file: %d" % len(set(uris)))


def case_text(t):
    root = odd_tree(t)
    # a file the checker refuses, so that a message names a hostile path
    write(os.path.join(root, b"drivers", b"bin\x1b[5m\xff.c"), b"f_pos\x00\x1b[2J")
    rc, out, err = t.check("-j", "2", root)
    t.expect(rc == 1, "exit 1 (%d)" % rc)
    for what, b in (("report", out), ("standard error", err)):
        t.expect(b"\x1b" not in b and b"\x07" not in b and b"\x7f" not in b
                 and b"\xc2\x9b" not in b,
                 "%s: a raw escape, BEL, DEL or C1 control: %r" % (what, b[:3000]))
        try:
            b.decode("utf-8")
        except UnicodeDecodeError as e:
            t.expect(False, "%s is not UTF-8: %s" % (what, e))
    found = findings_of(out)
    rw = [f for f in found if f[2] == "rw-fpos"]
    t.expect(len(rw) == len(NAMES),
             "one finding line per file, a newline in a name included: %d of %d\n%s"
             % (len(rw), len(NAMES), out.decode("utf-8", "replace")))
    t.expect(any("new\\x0aline.c" in f[0] for f in rw), "a newline in a name shows as \\x0a")
    t.expect(any("bin\\x1b[5m\\xff.c: binary file" in l for l in lines_of(err)),
             "the binary file's message names it escaped: %r" % err)


def case_kbuild(t):
    root = t.kernel_tree("tree")
    name = b"drivers/k\x1b[31m\xff\x1b]0;x\x07.c"
    write(os.path.join(root, name), SOURCE)
    rc, out, err, _ = t.run([t.checker, "-D__KERNEL__", "-nostdinc", "-I", "include", name],
                            cwd=root)
    t.expect(rc == 0, "Kbuild mode: exit 0 without --fatal (%d): %r" % (rc, err))
    t.expect(b"\x1b" not in err and b"\x07" not in err and b"\xff" not in err,
             "Kbuild mode prints the name raw: %r" % err)
    t.expect(b"drivers/k\\x1b[31m\\xff\\x1b]0;x\\x07.c:%d:" % LINE in err,
             "Kbuild mode names the file escaped: %r" % err)


def case_messages(t):
    d = t.path("m")
    src = os.path.join(d, b"ok.c")
    write(src, SOURCE)
    hostile = b"\x1b]0;pwned\x07\x1b[2J\xff\nsecond line"
    diff = (b"--- a/" + hostile + b".c\n+++ b/" + hostile + b".c\n@@ -1,3 +1,3 @@\n-a\n")
    write(os.path.join(d, b"bad.diff"), diff)
    baseline = b'{"safeseek-baseline": 1, "findings": [{"fingerprint": "' + hostile + b'"'
    write(os.path.join(d, b"bad.json"), baseline)
    write(os.path.join(d, b"bad\x1b[31m.json"), b"{")
    for opt, name in (("--changed-lines", b"bad.diff"), ("--baseline", b"bad.json"),
                      ("--baseline", b"bad\x1b[31m.json")):
        for kbuild in (False, True):
            args = [opt, os.path.join(d, name)]
            args = (["-D__KERNEL__"] + args + [src]) if kbuild else (["-q"] + args + [src])
            rc, out, err = t.check(*args)
            what = "%s %r%s" % (opt, name, " (Kbuild mode)" if kbuild else "")
            t.expect(rc == 2, "%s: exit 2 (%d)" % (what, rc))
            t.expect(len(lines_of(err)) == 1 and err.startswith(b"safeseek-check: "),
                     "%s: one line on standard error: %r" % (what, err))
            t.expect(b"\x1b" not in err and b"\x07" not in err and b"\xff" not in err,
                     "%s: hostile bytes reach standard error raw: %r" % (what, err))


def case_run_check(t):
    # spatch does not parse UTF-8 identifiers: an ASCII name lets both
    # tools report the same places, to be merged into one line each
    root = odd_tree(t, SOURCE.replace(b"r\xc3\xa9ad", b"demo_read"))
    rc, out, err = t.run_check(["-j", "2", root])
    t.expect(rc == 1, "run-check.sh: exit 1 (%d): %r" % (rc, err[-2000:]))
    for what, b in (("report", out), ("standard error", err)):
        t.expect(not raw_controls(b) and b"\xc2\x9b" not in b,
                 "run-check.sh %s: raw control bytes %s" % (what, raw_controls(b)))
    lines = [l for l in out.decode("utf-8", "replace").splitlines() if "/drivers/" in l]
    t.expect(all(FINDING_RE.match(l) for l in lines),
             "run-check.sh: a finding split over lines: %s" % [l for l in lines
                                                              if not FINDING_RE.match(l)])
    found = [f for f in findings_of(out) if f[2] == "rw-fpos"]
    t.expect(len(found) == len(NAMES),
             "run-check.sh: one rw-fpos line per file: %d of %d\n%s"
             % (len(found), len(NAMES), out.decode("utf-8", "replace")[:4000]))
    files = sorted({f[0] for f in findings_of(out) if "/drivers/" in f[0]})
    t.expect(len(files) == len(NAMES),
             "run-check.sh: %d files named for %d (one reported under two names?): %s"
             % (len(files), len(NAMES), files))


def read_fifo(path, got):
    with open(path, "rb") as f:
        got.append(f.read())


def case_out_nodes(t):
    d = t.path("o")
    src = os.path.join(d, b"ok.c")
    write(src, SOURCE)
    for opt in ("-o", "--write-baseline"):
        fifo = os.path.join(d, b"fifo")
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=read_fifo, args=(fifo, got), daemon=True)
        reader.start()
        rc, out, err = t.check("-q", opt, fifo, src, timeout=120)
        reader.join(30)
        what = "%s onto a FIFO" % opt
        t.expect(rc in (0, 1), "%s: exit 0 or 1 (%d): %r" % (what, rc, err))
        t.expect(stat.S_ISFIFO(os.lstat(fifo).st_mode),
                 "%s: the FIFO was replaced (so would /dev/null be)" % what)
        t.expect(got and b"rw-fpos" in got[0], "%s: nothing was written into it" % what)
        t.expect(sorted(os.listdir(d)) == [b"fifo", b"ok.c"],
                 "%s: files left beside it: %s" % (what, sorted(os.listdir(d))))
        os.unlink(fifo)

        target = os.path.join(d, b"real.out")
        link = os.path.join(d, b"link.out")
        write(target, b"old\n")
        os.symlink(b"real.out", link)
        rc, out, err = t.check("-q", opt, link, src)
        what = "%s onto a symbolic link" % opt
        t.expect(os.path.islink(link) and os.readlink(link) == b"real.out",
                 "%s: the link was replaced" % what)
        t.expect(b"rw-fpos" in open(target, "rb").read(), "%s: its target was not written" % what)
        os.unlink(link)
        os.unlink(target)


CASES = {
    "json-sarif": case_json_sarif,
    "text": case_text,
    "kbuild": case_kbuild,
    "messages": case_messages,
    "run-check": case_run_check,
    "out-nodes": case_out_nodes,
}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

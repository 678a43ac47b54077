# SPDX-License-Identifier: GPL-2.0-only
"""Names and source text are untrusted: text output escapes terminal
control sequences, JSON and SARIF stay valid UTF-8 with controls escaped."""

import json
import os
import sys

from checklib import BUGGY, Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
d = tempdir()
try:
    # A file name with an escape sequence and bytes that are not UTF-8, and a
    # function name spelled with a UTF-8 identifier.
    name = b"esc\x1b]0;title\x07\x1b[31m\xc3(\x9b.c"
    src = BUGGY.replace("demo_read", "d\u00e9mo_read")
    write(os.path.join(os.fsencode(d), name), src)

    rc, out, err = c.run("-q", d)
    c.expect(rc == 1, "reported (%d): %r" % (rc, err))
    c.expect(b"\x1b" not in out and b"\x07" not in out and b"\xc2\x9b" not in out,
             "no raw control characters in text output: %r" % out)
    c.expect(b"\\x1b]0;title\\x07\\x1b[31m\\xc3(" in out, "they are shown escaped: %r" % out)
    c.expect("d\u00e9mo_read".encode() in out, "valid UTF-8 passes unchanged")

    rc, out, err = c.run("-q", "--format=json", d)
    text = out.decode("utf-8")          # raises if not UTF-8
    c.expect("\x1b" not in text, "JSON: no raw escape character")
    doc = json.loads(text)
    f = doc["findings"][0]["file"]
    c.expect("\x1b]0;title\x07\x1b[31m" in f and f.endswith("\\xc3(\\x9b.c"),
             "JSON keeps controls (escaped) and writes invalid bytes as \\xNN: %r" % f)

    rc, out, err = c.run("-q", "--format=sarif", "--srcroot", d, d)
    sarif = json.loads(out.decode("utf-8"))
    uri = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    c.expect(uri == "esc%1B%5D0%3Btitle%07%1B%5B31m%C3%28%9B.c",
             "SARIF URI percent-encodes every byte outside the unreserved set: %r" % uri)
finally:
    cleanup(d)

c.finish()

# SPDX-License-Identifier: GPL-2.0-only
"""-j1 and -j4 give byte-identical reports and messages, in every format."""

import sys

from checklib import Checker

c = Checker(sys.argv[1])
corpus = sys.argv[2]

for fmt in ("text", "json", "sarif"):
    r1 = c.run("-q", "-j1", "--format=" + fmt, corpus)
    r4 = c.run("-q", "-j4", "--format=" + fmt, corpus)
    c.expect(r1[0] == r4[0], "%s: same exit status (%d, %d)" % (fmt, r1[0], r4[0]))
    c.expect(r1[1] == r4[1], "%s: byte-identical reports" % fmt)
    c.expect(r1[2] == r4[2], "%s: identical standard error" % fmt)
    c.expect(len(r1[1]) > 0, "%s: a report at all" % fmt)

v1 = c.run("-v", "-j1", corpus)
v4 = c.run("-v", "-j4", corpus)
c.expect(v1 == v4, "-v: identical output and messages")
c.finish()

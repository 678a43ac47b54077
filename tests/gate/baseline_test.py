# SPDX-License-Identifier: GPL-2.0-only
"""--write-baseline and --baseline: what a recorded finding survives and what it
does not.  Usage: baseline_test.py SAFESEEK_CHECK CORPUS_DIR"""

import collections
import os
import sys

from gatelib import Failed, Scratch, check, main, run

CHECKER, CORPUS = (os.path.abspath(a) for a in sys.argv[1:3])
RAW = "drivers/block/rawblk.c"
TAPE = "drivers/scsi/st_tape.c"

# A helper that is no method of any file_operations: its f_pos read is fpos-other.
PEEK = """
static loff_t rawblk_peek(struct file *file)
{
	return file->f_pos;
}
"""


def scratch():
    return Scratch(CORPUS, [RAW, TAPE])


def checker(tree, *args):
    return run([CHECKER] + list(args), cwd=tree.root)


def record(tree):
    r = checker(tree, "--write-baseline", "base.json", RAW, TAPE)
    check(r.rc == 0, "recording a baseline exits 0: %r" % r)
    check(not r.found, "a recording run reports nothing: %r" % r)
    check("recorded" in r.err and "base.json" in r.err, "it says what it recorded: %r" % r)
    return r


def test_recorded_findings_are_suppressed():
    t = scratch()
    try:
        plain = checker(t, RAW, TAPE)
        check(plain.rc == 1 and len(plain.found) > 10, "the files have findings: %r" % plain)
        record(t)
        r = checker(t, "--baseline", "base.json", RAW, TAPE)
        check(r.rc == 0 and not r.found, "everything recorded is suppressed: %r" % r)
    finally:
        t.cleanup()


def test_moved_20_lines_down_stays_suppressed():
    t = scratch()
    try:
        before = checker(t, RAW).found
        record(t)
        filler = "".join("/* unrelated line %d */\n" % i for i in range(20))
        t.edit(RAW, "#include <linux/fs.h>\n", "#include <linux/fs.h>\n" + filler)
        after = checker(t, RAW).found
        moved = collections.Counter({(f, line + 20, rule): n for (f, line, rule), n in before.items()})
        check(after == moved, "without a baseline the findings moved 20 lines: %s" % after)
        r = checker(t, "--baseline", "base.json", RAW, TAPE)
        check(r.rc == 0 and not r.found, "moved findings stay suppressed: %r" % r)
    finally:
        t.cleanup()


def test_new_finding_is_reported():
    t = scratch()
    try:
        record(t)
        t.write(RAW, t.read(RAW) + PEEK)
        new_line = t.read(RAW).splitlines().index("\treturn file->f_pos;") + 1
        r = checker(t, "--baseline", "base.json", RAW, TAPE)
        check(r.rc == 1, "a new finding makes the exit code 1: %r" % r)
        check(r.found == collections.Counter({(RAW, new_line, "fpos-other"): 1}),
              "only the new finding is reported: %r" % r)
    finally:
        t.cleanup()


def test_changed_line_is_reported_again():
    t = scratch()
    try:
        record(t)
        old = "\t\tfile->f_pos += ret;\t/* expect: rw-fpos */\n"
        line = t.read(RAW).splitlines(True).index(old, 0) + 1
        # whitespace only: the fingerprint ignores it
        t.edit(RAW, old, "\t\tfile->f_pos  +=  ret ;\t/* expect: rw-fpos */\n", count=3)
        r = checker(t, "--baseline", "base.json", RAW, TAPE)
        check(r.rc == 0 and not r.found, "a re-spaced line stays suppressed: %r" % r)
        # a real change to the first of the two lines
        text = t.read(RAW).replace("\t\tfile->f_pos  +=  ret ;", "\t\tfile->f_pos += ret * 1;", 1)
        t.write(RAW, text)
        r = checker(t, "--baseline", "base.json", RAW, TAPE)
        check(r.found == collections.Counter({(RAW, line, "rw-fpos"): 1}),
              "the changed line's finding is reported again: %r" % r)
        check(r.rc == 1, "and fails the run: %r" % r)
    finally:
        t.cleanup()


def test_identical_findings_are_counted():
    t = scratch()
    try:
        dup = "drivers/misc/dup.c"
        body = ("#include <linux/fs.h>\n\n"
                "static loff_t where(struct file *file)\n{\n"
                "\tloff_t pos = 0;\n\n"
                "\tpos += file->f_pos;\n"
                "\treturn pos;\n}\n")
        t.write(dup, body)
        r = checker(t, "--write-baseline", "dup.json", dup)
        check(r.rc == 0 and "recorded 1 finding" in r.err, "one finding recorded: %r" % r)
        t.edit(dup, "\tpos += file->f_pos;\n", "\tpos += file->f_pos;\n\tpos += file->f_pos;\n")
        plain = checker(t, dup)
        check(sum(plain.found.values()) == 2, "two identical findings now: %r" % plain)
        r = checker(t, "--baseline", "dup.json", dup)
        check(sum(r.found.values()) == 1 and r.rc == 1,
              "one of two identical findings is suppressed, one reported: %r" % r)
    finally:
        t.cleanup()


def test_bad_baselines_exit_2():
    t = scratch()
    try:
        record(t)
        text = t.read("base.json")
        cases = {
            "truncated.json": (text[: len(text) // 2], "truncated"),
            "empty.json": ("", "truncated"),
            "garbage.json": ('{"safeseek-baseline": 1,\n "findings": [ nope ]}\n', "garbage.json:2:"),
            "notours.json": ('{"results": []}\n', "not a safeseek baseline"),
            "nofp.json": ('{"safeseek-baseline": 1, "findings": [{"rule": "rw-fpos"}]}\n',
                          "no valid \"fingerprint\""),
        }
        for name, (content, want) in cases.items():
            t.write(name, content)
            r = checker(t, "--baseline", name, RAW)
            check(r.rc == 2, "%s: exit 2: %r" % (name, r))
            check(name in r.err and want in r.err, "%s: a clear message: %r" % (name, r))
            check(not r.found, "%s: no findings printed: %r" % (name, r))
        r = checker(t, "--baseline", "missing.json", RAW)
        check(r.rc == 2 and "missing.json" in r.err, "a missing baseline: %r" % r)
        r = checker(t, "--write-baseline", "no/such/dir/b.json", RAW)
        check(r.rc == 2 and "cannot write baseline" in r.err, "an unwritable baseline: %r" % r)
        r = checker(t, RAW, "--baseline")
        check(r.rc == 2 and "needs a file" in r.err, "--baseline without a file: %r" % r)
    finally:
        t.cleanup()


if __name__ == "__main__":
    main([
        test_recorded_findings_are_suppressed,
        test_moved_20_lines_down_stays_suppressed,
        test_new_finding_is_reported,
        test_changed_line_is_reported_again,
        test_identical_findings_are_counted,
        test_bad_baselines_exit_2,
    ])

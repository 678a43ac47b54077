# SPDX-License-Identifier: GPL-2.0-only
"""--changed-lines DIFF: only what a patch adds or changes is reported.
Usage: changed_lines_test.py SAFESEEK_CHECK CORPUS_DIR"""

import collections
import os
import subprocess
import sys

from gatelib import Failed, Scratch, check, main, run

CHECKER, CORPUS = (os.path.abspath(a) for a in sys.argv[1:3])
RAW = "drivers/block/rawblk.c"
TAPE = "drivers/scsi/st_tape.c"
LCD = "drivers/misc/lcd_panel.c"
JOY = "drivers/input/joystick_events.c"
FILES = [RAW, TAPE, LCD]

GIT_ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_AUTHOR_NAME="Gate Test", GIT_AUTHOR_EMAIL="gate@example.org",
               GIT_COMMITTER_NAME="Gate Test", GIT_COMMITTER_EMAIL="gate@example.org",
               GIT_AUTHOR_DATE="2004-08-08T01:54:18Z", GIT_COMMITTER_DATE="2004-08-08T01:54:18Z")

# An extra read of f_pos inside rawblk_read: one new rw-fpos finding.
ANCHOR = "\t\treturn -EINVAL;\n\tif (file->f_pos >= dev->size)\t/* expect: rw-fpos */\n"
NEW_CHECK = "\tif (file->f_pos < 0)\n\t\treturn -EINVAL;\n"
WITH_NEW_CHECK = "\t\treturn -EINVAL;\n" + NEW_CHECK + ANCHOR.split("\n", 1)[1]


def git(tree, *args):
    proc = subprocess.run(["git"] + list(args), cwd=tree.root, env=GIT_ENV,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise Failed("git %s: %s" % (" ".join(args), proc.stderr))
    return proc.stdout


class Repo(Scratch):
    def __init__(self):
        super().__init__(CORPUS, FILES + [JOY])
        git(self, "init", "-q", "-b", "main")
        git(self, "add", ".")
        git(self, "commit", "-q", "-m", "base")

    def diff(self, name="change.diff", *args):
        self.write(name, git(self, "diff", "-U0", *args))
        return name


def checker(tree, *args):
    return run([CHECKER] + list(args), cwd=tree.root)


def line_of(tree, rel, text, nth=0):
    lines = tree.read(rel).splitlines(True)
    hits = [i + 1 for i, l in enumerate(lines) if l == text]
    return hits[nth]


def add_new_check(tree):
    tree.edit(RAW, ANCHOR, WITH_NEW_CHECK)
    return line_of(tree, RAW, "\tif (file->f_pos < 0)\n")


def expect(r, wanted, what):
    check(r.found == collections.Counter(wanted), "%s: %r" % (what, r))
    check(r.rc == (1 if wanted else 0), "%s: exit code: %r" % (what, r))


def test_only_added_lines_count():
    t = Repo()
    try:
        plain = checker(t, *FILES)
        check(len(plain.found) > 10, "the files have many findings: %r" % plain)
        new = add_new_check(t)
        t.edit(TAPE, '\treturn register_chrdev(SCSI_TAPE_MAJOR, "st", &st_fops);\n',
               '\treturn register_chrdev(SCSI_TAPE_MAJOR, "st-tape", &st_fops);\n')
        d = t.diff()
        expect(checker(t, "--changed-lines", d, *FILES), {(RAW, new, "rw-fpos"): 1},
               "only the added line's finding")
        piped = run([CHECKER, "--changed-lines=-"] + FILES, cwd=t.root, stdin_text=t.read(d))
        expect(piped, {(RAW, new, "rw-fpos"): 1}, "the diff on standard input")
        # from a subdirectory, the diff's paths still name the files
        sub = run([CHECKER, "--changed-lines", "../" + d, "block/rawblk.c", "scsi/st_tape.c"],
                  cwd=t.path("drivers"))
        expect(sub, {("block/rawblk.c", new, "rw-fpos"): 1}, "run from drivers/")
    finally:
        t.cleanup()


def test_empty_diff_reports_nothing():
    t = Repo()
    try:
        d = t.diff()
        check(t.read(d) == "", "no change, empty diff")
        expect(checker(t, "--changed-lines", d, *FILES), {}, "an empty diff")
    finally:
        t.cleanup()


def test_fops_counts_when_a_method_changes():
    t = Repo()
    try:
        fops = line_of(t, TAPE, "static struct file_operations st_fops = {\t/* expect: pread-hole */\n")
        t.edit(TAPE, "\tSTp->in_use = 1;\n", "\tSTp->in_use = 1;\t/* busy */\n")
        d = t.diff()
        expect(checker(t, "--changed-lines", d, *FILES), {(TAPE, fops, "pread-hole"): 1},
               "open method changed: pread-hole counts")
    finally:
        t.cleanup()


def test_fops_counts_when_the_object_changes():
    t = Repo()
    try:
        fops = line_of(t, TAPE, "static struct file_operations st_fops = {\t/* expect: pread-hole */\n")
        t.edit(TAPE, "\t.ioctl =\tst_ioctl,\n", "\t.ioctl =\t\tst_ioctl,\n")
        d = t.diff()
        expect(checker(t, "--changed-lines", d, *FILES), {(TAPE, fops, "pread-hole"): 1},
               "fops initializer changed: pread-hole counts")
    finally:
        t.cleanup()


def test_fops_ignores_unrelated_functions():
    t = Repo()
    try:
        t.edit(TAPE, '\tunregister_chrdev(SCSI_TAPE_MAJOR, "st");\n',
               '\tunregister_chrdev(SCSI_TAPE_MAJOR, "st");\t/* bye */\n')
        d = t.diff()
        expect(checker(t, "--changed-lines", d, *FILES), {},
               "a function that is no method of st_fops")
    finally:
        t.cleanup()


def test_fops_counts_when_lines_are_removed_from_a_method():
    t = Repo()
    try:
        fops = line_of(t, JOY, "static struct file_operations js_fops = {\t/* expect: seekable-default */\n")
        t.edit(JOY, "\tif (count != sizeof(effect))\n\t\treturn -EINVAL;\n", "")
        fops -= 2
        d = t.diff()
        check(",0 @@" in t.read(d), "a pure deletion hunk")
        expect(checker(t, "--changed-lines", d, JOY, *FILES), {(JOY, fops, "seekable-default"): 1},
               "lines removed from the write method: seekable-default counts")
    finally:
        t.cleanup()


def test_new_file_reports_all_of_it():
    t = Repo()
    try:
        t.copy_in(CORPUS, LCD, "drivers/misc/lcd_copy.c")
        git(t, "add", "drivers/misc/lcd_copy.c")
        all_of_it = checker(t, "drivers/misc/lcd_copy.c").found
        check(all_of_it, "the new file has findings")
        d = t.diff("new.diff", "--cached")
        check("--- /dev/null" in t.read(d), "the diff adds a file")
        expect(checker(t, "--changed-lines", d, "drivers/misc/lcd_copy.c", *FILES),
               all_of_it, "a new file: all its findings")
    finally:
        t.cleanup()


def test_rename_with_a_change():
    t = Repo()
    try:
        renamed = "drivers/block/rawblk_renamed.c"
        git(t, "mv", RAW, renamed)
        t.edit(renamed, ANCHOR, WITH_NEW_CHECK)
        git(t, "add", "-A")
        new = line_of(t, renamed, "\tif (file->f_pos < 0)\n")
        d = t.diff("rename.diff", "--cached", "-M")
        check("rename to " + renamed in t.read(d), "git saw a rename")
        expect(checker(t, "--changed-lines", d, renamed, TAPE, LCD),
               {(renamed, new, "rw-fpos"): 1}, "the renamed file's new line")
    finally:
        t.cleanup()


def test_deleted_file_in_the_diff():
    t = Repo()
    try:
        git(t, "rm", "-q", TAPE)
        new = add_new_check(t)
        git(t, "add", "-A")
        d = t.diff("deleted.diff", "--cached")
        check("+++ /dev/null" in t.read(d), "the diff deletes a file")
        expect(checker(t, "--changed-lines", d, RAW, LCD), {(RAW, new, "rw-fpos"): 1},
               "a diff that also deletes a file")
    finally:
        t.cleanup()


def test_crlf_diff():
    t = Repo()
    try:
        new = add_new_check(t)
        d = t.diff()
        t.write("crlf.diff", t.read(d).replace("\n", "\r\n"))
        with open(t.path("crlf.diff"), "rb") as f:
            check(b"\r\n" in f.read(), "the diff has CRLF line ends")
        expect(checker(t, "--changed-lines", "crlf.diff", *FILES), {(RAW, new, "rw-fpos"): 1},
               "a CRLF diff")
    finally:
        t.cleanup()


def test_mailed_patch():
    t = Repo()
    try:
        new = add_new_check(t)
        t.write(TAPE, t.read(TAPE).rstrip("\n"))     # and drop the final newline
        git(t, "commit", "-q", "-a", "-m", "rawblk: refuse negative positions\n\nA body.")
        t.write("mail.patch", git(t, "format-patch", "-1", "--stdout"))
        mail = t.read("mail.patch")
        check(mail.startswith("From ") and "Subject: " in mail, "a mail")
        check("\\ No newline at end of file" in mail, "with a missing final newline")
        expect(checker(t, "--changed-lines", "mail.patch", *FILES), {(RAW, new, "rw-fpos"): 1},
               "a format-patch mail")
    finally:
        t.cleanup()


def test_changed_lines_with_baseline():
    t = Repo()
    try:
        r = checker(t, "--write-baseline", "base.json", *FILES)
        check(r.rc == 0, "baseline recorded: %r" % r)
        # the same line again, before the original, spaced differently: the
        # fingerprints are identical, but the diff can tell which is new
        old = "\t\tfile->f_pos += ret;\t/* expect: rw-fpos */\n"
        copy = "\t\tfile->f_pos  +=  ret;\t/* expect: rw-fpos */\n"
        text = t.read(RAW)
        at = text.index(old)
        t.write(RAW, text[:at] + copy + text[at:])
        alone = checker(t, "--baseline", "base.json", *FILES)
        check(sum(alone.found.values()) == 1, "the baseline lets one copy through: %r" % alone)
        added = text[:at].count("\n") + 1
        d = t.diff()
        expect(checker(t, "--changed-lines", d, "--baseline", "base.json", *FILES),
               {(RAW, added, "rw-fpos"): 1},
               "the copy the patch adds is the one reported")
    finally:
        t.cleanup()


def test_malformed_diffs_exit_2():
    t = Repo()
    try:
        add_new_check(t)
        full = t.read(t.diff())
        cut = full[: full.index(NEW_CHECK.splitlines()[0]) - 1]   # inside the hunk
        t.write("cut.diff", cut)
        t.write("prose.diff", "This is a cover letter,\nnot a patch.\n")
        t.write("badhunk.diff", "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,two @@\n")
        for name, want in (("cut.diff", "cut.diff:%d: diff ends inside the hunk"
                            % cut.count("\n")),
                           ("prose.diff", "prose.diff:1: no unified diff found"),
                           ("badhunk.diff", "badhunk.diff:3: malformed hunk header"),
                           ("missing.diff", "missing.diff: cannot open diff")):
            r = checker(t, "--changed-lines", name, *FILES)
            check(r.rc == 2, "%s: exit 2: %r" % (name, r))
            check(want in r.err, "%s: says %r: %r" % (name, want, r))
            check(not r.found, "%s: no findings: %r" % (name, r))
    finally:
        t.cleanup()


if __name__ == "__main__":
    main([
        test_only_added_lines_count,
        test_empty_diff_reports_nothing,
        test_fops_counts_when_a_method_changes,
        test_fops_counts_when_the_object_changes,
        test_fops_ignores_unrelated_functions,
        test_fops_counts_when_lines_are_removed_from_a_method,
        test_new_file_reports_all_of_it,
        test_rename_with_a_change,
        test_deleted_file_in_the_diff,
        test_crlf_diff,
        test_mailed_patch,
        test_changed_lines_with_baseline,
        test_malformed_diffs_exit_2,
    ])

# SPDX-License-Identifier: GPL-2.0-only
"""--patch-files: the files the checker lets a semantic patch run on.

usage: test_patch_files.py CHECKER CORPUS

run-check.sh --fix runs stream_open.cocci only on the files the checker
names for it, so a file left out is a conversion lost.  Checked here:
  - a file_operations whose read ignores the position is named, also when
    it is opened with nonseekable_open() and holds neither f_pos nor ESPIPE
    (nothing a rule looks for: the prefilter lets it in for the choice);
  - one whose read uses *ppos, or whose read is defined in another file, is
    not named;
  - .llseek = no_llseek is named in a 6.12 tree (the patch drops it) and not
    in a 6.1 tree;
  - a file that does not parse at all is named: it cannot be ruled out;
  - so is one whose read method is in an #if branch not taken, which spatch
    reads and the parse does not;
  - --patch-words names a patch's files by whole words, binary files
    included, and names each such patch even when no file has its words;
    it needs --patch-files, and a malformed value is a usage error;
  - without --patch-files the report has no "patch_files"; with a format
    other than JSON the option is a usage error; --list-rules names the
    patches it chooses for;
  - on the corpus, every file stream_open.cocci changes when run on its own
    (spatch -D patch, today's kernel) is named (skipped without spatch).
"""

import json
import os
import re
import shutil
import subprocess
import sys

from checklib import Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
corpus = os.path.realpath(sys.argv[2])
PATCH = os.path.join(os.path.dirname(corpus), "semantic-patches", "stream_open.cocci")

HEAD = "#include <linux/fs.h>\n#include <linux/module.h>\n\n"

STREAM = HEAD + """static ssize_t s_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return n;
}

static const struct file_operations s_fops = {
	.owner = THIS_MODULE,
	.read = s_read,
};
"""

NSO = HEAD + """static int q_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static ssize_t q_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return 0;
}

static const struct file_operations q_fops = {
	.read = q_read,
	.open = q_open,
};
"""

POSITIONAL = HEAD + """static ssize_t p_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	*ppos += n;
	return n;
}

static const struct file_operations p_fops = {
	.read = p_read,
	.open = nonseekable_open,
};
"""

ELSEWHERE = HEAD + """extern ssize_t other_read(struct file *, char __user *, size_t, loff_t *);

static const struct file_operations e_fops = {
	.read = other_read,
	.open = nonseekable_open,
};
"""

NO_LLSEEK = HEAD + """static ssize_t l_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	*ppos += n;
	return n;
}

static const struct file_operations l_fops = {
	.read = l_read,
	.llseek = no_llseek,
};
"""

SKIPPED = HEAD + """#ifdef CONFIG_NOT_SET
static ssize_t k_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return n;
}
#else
#define k_read NULL
#endif

static const struct file_operations k_fops = {
	.read = k_read,
	.open = nonseekable_open,
};
"""

# Not one declaration of it parses.
BROKEN = "static const struct file_operations b_fops[ = {\n\t.read = b_read,\n};\n"


def report(*args):
    rc, out, err = c.run("--format=json", "-q", *args)
    c.expect(rc in (0, 1), "%s: exit 0 or 1 (%d): %r" % (" ".join(args), rc, err))
    try:
        return json.loads(out)
    except ValueError:
        c.expect(False, "%s: a JSON report: %r" % (" ".join(args), out[:200]))
        return {}


def chosen(*args):
    doc = report("--patch-files", *args)
    files = doc.get("patch_files", {}).get("stream_open.cocci")
    c.expect(isinstance(files, list), "a list of files for stream_open.cocci: %r" % doc.keys())
    return set(files or [])


def makefile(top, version, patchlevel):
    write(os.path.join(top, "Makefile"), "VERSION = %d\nPATCHLEVEL = %d\nSUBLEVEL = 0\n"
          % (version, patchlevel))


tmp = tempdir()
try:
    plain = os.path.join(tmp, "plain")
    files = {"stream.c": STREAM, "nso.c": NSO, "positional.c": POSITIONAL,
             "elsewhere.c": ELSEWHERE, "broken.c": BROKEN, "skipped.c": SKIPPED}
    for name, text in files.items():
        write(os.path.join(plain, name), text)
    got = {os.path.basename(f) for f in chosen(plain)}
    c.expect(got == {"stream.c", "nso.c", "broken.c", "skipped.c"},
             "named: stream.c, nso.c, broken.c and skipped.c, not %s" % sorted(got))

    for tree, version, want in (("v6.12", (6, 12), True), ("v6.1", (6, 1), False)):
        top = os.path.join(tmp, tree)
        makefile(top, *version)
        write(os.path.join(top, "drivers", "char", "l.c"), NO_LLSEEK)
        got = chosen(top)
        c.expect(bool(got) == want, "%s: .llseek = no_llseek %s, got %s"
                 % (tree, "named" if want else "not named", sorted(got)))

    words = os.path.join(tmp, "words")
    write(os.path.join(words, "pos.c"), "long g(struct file *f) { return f->f_pos; }\n")
    write(os.path.join(words, "part.c"), "long g(struct s *s) { return s->f_pos_lock; }\n")
    with open(os.path.join(words, "bin.h"), "wb") as f:
        f.write(b"\0\x01f_pos\0")
    doc = report("--patch-files", "--patch-words=rw_ppos.cocci=f_pos",
                 "--patch-words=none.cocci=no_such+word", words)
    pf = doc.get("patch_files", {})
    c.expect(sorted(os.path.basename(f) for f in pf.get("rw_ppos.cocci", [])) == ["bin.h", "pos.c"],
             "--patch-words: rw_ppos.cocci names bin.h and pos.c: %r" % pf)
    c.expect(pf.get("none.cocci") == [], "--patch-words: a patch no file has the words of is "
             "named with no file: %r" % pf)
    c.expect("stream_open.cocci" in pf, "--patch-words keeps the checker's own choice: %r" % pf)
    for args, says in ((["--format=json", "--patch-words=x.cocci=a", words], b"--patch-files"),
                       (["--format=json", "--patch-files", "--patch-words=x.cocci", words],
                        b"expected PATCH=WORD"),
                       (["--format=json", "--patch-files", "--patch-words=x.cocci=a-b", words],
                        b"is not a word")):
        rc, out, err = c.run(*args)
        c.expect(rc == 2 and says in err, "%s: exit 2 saying %r (%d, %r)" % (args, says, rc, err))

    doc = report(plain)
    c.expect("patch_files" not in doc, "no patch_files without --patch-files")
    rc, out, err = c.run("--patch-files", plain)
    c.expect(rc == 2 and b"--patch-files" in err,
             "--patch-files with text output: exit 2 naming it (%d, %r)" % (rc, err))
    rc, out, err = c.run("--list-rules", "--format=json")
    c.expect(rc == 0 and json.loads(out).get("patches_chosen") == ["stream_open.cocci"],
             "--list-rules names stream_open.cocci as chosen for: %r" % out[-200:])

    spatch = shutil.which("spatch")
    if not spatch:
        print("skipped the corpus comparison: spatch is not installed")
    else:
        copy = os.path.join(tmp, "corpus")
        shutil.copytree(corpus, copy, ignore=shutil.ignore_patterns("expected"))
        # Told today's era, as the checker is below (--kernel=6.12).
        p = subprocess.run([spatch, "--sp-file", PATCH, "-D", "patch", "-D", "era_given",
                            "--no-includes", "--include-headers", "--very-quiet",
                            "--dir", copy], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, errors="replace", timeout=1200)
        c.expect(p.returncode == 0, "spatch ran: exit %d: %s" % (p.returncode, p.stderr[-500:]))
        # "+++ b/drivers/char/x.c": below --dir, after diff's "b/"
        changed = {os.path.normpath(os.path.join(copy, re.sub(r"^[ab]/", "", m)))
                   for m in re.findall(r"^\+\+\+ (\S+)", p.stdout, re.M)}
        names = {os.path.normpath(os.path.join(copy, f)) if not os.path.isabs(f) else f
                 for f in chosen("--kernel=6.12", copy)}
        c.expect(len(changed) >= 10, "stream_open.cocci changes the corpus: %d files"
                 % len(changed))
        missed = sorted(os.path.relpath(f, copy) for f in changed - names)
        c.expect(not missed, "files stream_open.cocci changes that the checker does not "
                 "name: %s" % missed)
        print("corpus: spatch changes %d files, the checker names %d"
              % (len(changed), len(names)))
finally:
    cleanup(tmp)
c.finish()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""End-to-end tests of run-check.sh.

usage: run_check_e2e.py --top SRC_DIR --build BUILD_DIR CASE

CASE is one of
  fix-corpus       --fix on a copy of the corpus yields corpus/expected, the
                   verification finds nothing left, a second run is a no-op
  patch-untouched  patch mode prints the conversion and touches no file; the
                   diff applied elsewhere yields corpus/expected
  symlink-outside  files outside the tree, reached through symbolic links
                   inside it, keep their bytes under --fix
  unparsable       a function spatch cannot parse is named, with the
                   checker's findings in it
  bad-path         bad paths and options: exit 2 and a message naming them;
                   a path with a space and a leading dash works; a missing
                   tool gives the command that installs it
  odd-names        --fix and report mode on files whose names hold spaces,
                   quotes, '$' and leading dashes
  since            --since REV in a git tree reports only the new finding
  modes            context and org modes name corpus files; a clean file
                   gives exit 0
  timeout          a file spatch gives up on (--timeout) is a conversion lost:
                   left as it was, named with its patch under "not converted"
                   and counted per patch, in --fix and in patch mode, and the
                   run exits 1; the other file keeps its conversion
  docs-in-step     the corpus report's summaries quoted in README.md and
                   docs/run-check.md are the ones run-check.sh prints; so is
                   the --fix summary, checked by fix-corpus
  second-pass      with a semantic patch that changes its own output again,
                   --fix names every file a second run would change, also
                   where a later patch changed the file after it
  gitgrep          in a git tree, --use-gitgrep reports what the plain run
                   reports and --fix yields corpus/expected; outside one it
                   is refused
  handler-contract --fix on a subtree whose sysctl handler type lies outside
                   it converts no handler, names the type's file, exits 1;
                   on the whole tree the contract converts whole
  compile-check    a file the conversion would break is put back as it was
                   and named with its new error, and named again when the
                   converted header leaves it worse all the same; the rest
                   are compiled
  installed        laid out as an install puts it (PREFIX/bin/safeseek,
                   PREFIX/bin/safeseek-check, PREFIX/share/safeseek/), the
                   program reports what run-check.sh reports, under its own
                   name, and wants PATHs: there is no corpus

The script runs with SAFESEEK_BUILD_DIR=BUILD_DIR so that run-check.sh uses
the checker of this build.
"""

import argparse
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import expectations  # noqa: E402

# One spatch at a time: ctest runs two tests at once on two cores, and
# splitting a run over two spatch processes costs a quarter more CPU time.
# The runs that give up (--timeout) keep two, so that a test still runs
# patches side by side; so do the stopped runs of tests/robustness.
JOBS = "1"
PARALLEL_JOBS = "2"


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


class Env:
    def __init__(self, top, build, tmp):
        self.top = top
        self.build = build
        self.tmp = tmp
        # One copy of the corpus, taken once: every tree of the test and
        # every comparison use it, whatever happens to the source tree
        # meanwhile.
        self.corpus = os.path.join(tmp, "corpus")
        shutil.copytree(os.path.join(top, "corpus"), self.corpus, symlinks=True)
        self.expected = os.path.join(self.corpus, "expected")

    def run(self, args, cwd=None, top=None):
        env = dict(os.environ, SAFESEEK_BUILD_DIR=self.build)
        p = subprocess.run([os.path.join(top or self.top, "run-check.sh")] + args, cwd=cwd,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, errors="replace")
        return p.returncode, p.stdout, p.stderr

    def copy_corpus(self, dest, part=None):
        """The corpus without expected/: what a user's tree looks like; with
        part, only those of its directories."""
        os.makedirs(dest, exist_ok=True)
        names = part or [n for n in sorted(os.listdir(self.corpus)) if n != "expected"]
        for name in names:
            src = os.path.join(self.corpus, name)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(dest, name), symlinks=True)
        return dest

    def wanted(self, rel):
        """A corpus file as it must look after every conversion."""
        exp = os.path.join(self.expected, rel)
        return read(exp if os.path.exists(exp) else os.path.join(self.corpus, rel))

    def converted_files(self, part=None):
        """Corpus files (of part) the conversions change."""
        return [rel for rel in expectations.corpus_files(self.corpus, part=part)
                if os.path.exists(os.path.join(self.expected, rel))
                and read(os.path.join(self.expected, rel)) != read(os.path.join(self.corpus, rel))]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path, mode)


def snapshot(top):
    """Every entry under top: bytes, mode and mtime of files, targets of links."""
    snap = {}
    for root, dirs, files in os.walk(top):
        for name in dirs + files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, top)
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                snap[rel] = ("link", os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                snap[rel] = ("file", read(path), st.st_mode, st.st_mtime_ns)
            else:
                snap[rel] = ("dir", st.st_mode)
    return snap


def show(rc, out, err):
    return "exit %d\n--- stdout\n%s\n--- stderr\n%s" % (rc, out[-6000:], err[-4000:])


def summary_value(out, label):
    m = re.search(r"^\s*%s:\s+(\d+)" % re.escape(label), out, re.M)
    if not m:
        raise Failure("the --fix summary has no '%s' line:\n%s" % (label, out[-3000:]))
    return int(m.group(1))


def assert_clean_fix_summary(out, changed):
    # Places spatch cannot parse may exist (they are listed); none may hide
    # a convertible finding.
    for label in ("not converted", "... holding findings", "files left as they were",
                  "new sparse warnings", "second run changes"):
        n = summary_value(out, label)
        check(n == 0, "--fix summary: %s: %d, want 0:\n%s" % (label, n, out[-4000:]))
    n = summary_value(out, "files changed")
    check(n == changed, "--fix summary: files changed: %d, want %d" % (n, changed))


PUT_BACK = ("put back as they were (a compiler finds them worse after the conversion, "
            "or they hold a contract with one that is):")


def compare_to_expected(env, tree, part=None):
    problems = []
    for rel in expectations.corpus_files(env.corpus, part=part):
        got = read(os.path.join(tree, rel))
        if got != env.wanted(rel):
            what = "its expected/ copy" if os.path.exists(os.path.join(env.expected, rel)) \
                else "the original (no patch may change it)"
            problems.append("%s: differs from %s" % (rel, what))
    return problems


# --- cases -----------------------------------------------------------------

def doc_blocks(env, name, header):
    """Each block of a document quoted as program output (indented four
    spaces) that starts with the line `header`, without the indent, up to
    a blank line or the next command (`$ `)."""
    lines = read(os.path.join(env.top, name)).decode("utf-8").splitlines()
    blocks = []
    for i, line in enumerate(lines):
        if line != "    " + header:
            continue
        block = [header]
        for more in lines[i + 1:]:
            if not more.startswith("    ") or not more.strip() or more[4:].startswith("$ "):
                break
            block.append(more[4:])
        blocks.append(block)
    return blocks


def output_block(out, header):
    """The block of run-check.sh's output that starts with `header`, up to
    the next blank line."""
    lines = out.splitlines()
    if header not in lines:
        raise Failure("no '%s' in the output:\n%s" % (header, out[-3000:]))
    block = []
    for line in lines[lines.index(header):]:
        if not line.strip():
            break
        block.append(line)
    return block


def check_quoted(env, out, quotes):
    """Every (document, header) block quoted must be what was printed."""
    for name, header in quotes:
        blocks = doc_blocks(env, name, header)
        check(blocks, "%s quotes no '%s' block" % (name, header))
        want = output_block(out, header)
        for block in blocks:
            check(block == want, "%s quotes an old '%s':\n%s\nrun-check.sh prints:\n%s"
                  % (name, header, "\n".join(block), "\n".join(want)))


def case_docs_in_step(env):
    rc, out, err = env.run(["-j", JOBS], cwd=env.top)
    check(rc == 1, "the corpus report should exit 1:\n" + show(rc, out, err))
    check_quoted(env, out, [("README.md", "summary by rule:"),
                            ("docs/run-check.md", "summary by rule:"),
                            ("docs/run-check.md", "summary by directory:")])


def case_fix_corpus(env):
    tree = env.copy_corpus(os.path.join(env.tmp, "tree"))
    rc, out, err = env.run(["--fix", "-j", JOBS, tree])
    check(rc == 0, "--fix on the corpus did not exit 0:\n" + show(rc, out, err))
    # The first --fix summary of docs/run-check.md is this run's; its
    # second is the run after, checked below.
    want = output_block(out, "--fix summary:")
    readme = doc_blocks(env, "README.md", "--fix summary:")
    quoted = doc_blocks(env, "docs/run-check.md", "--fix summary:")
    check(readme and quoted, "README.md or docs/run-check.md quotes no --fix summary")
    for name, block in (("README.md", readme[0]), ("docs/run-check.md", quoted[0])):
        check(block == want, "%s quotes an old --fix summary:\n%s\nrun-check.sh prints:\n%s"
              % (name, "\n".join(block), "\n".join(want)))
    problems = compare_to_expected(env, tree)
    check(not problems, "after --fix:\n  " + "\n  ".join(problems))
    assert_clean_fix_summary(out, len(env.converted_files()))
    places = re.search(r"^\s*places converted:\s+(.*)$", out, re.M)
    check(places is not None, "no 'places converted' line:\n" + out)
    for name in ("nonseekable_open", "sysctl_ppos", "rw_ppos"):
        m = re.search(r"\b%s (\d+)" % name, places.group(1))
        check(m and int(m.group(1)) > 0, "%s converted nothing: %s" % (name, places.group(0)))

    before = snapshot(tree)
    rc, out, err = env.run(["--fix", "-j", JOBS, tree])
    check(rc == 0, "a second --fix did not exit 0:\n" + show(rc, out, err))
    assert_clean_fix_summary(out, 0)
    if len(quoted) > 1:
        check(quoted[1] == output_block(out, "--fix summary:"),
              "docs/run-check.md quotes an old summary of the second --fix")
    check(snapshot(tree) == before, "a second --fix changed the tree")


def case_patch_untouched(env):
    tree = env.copy_corpus(os.path.join(env.tmp, "tree"))
    before = snapshot(tree)
    rc, out, err = env.run(["--mode=patch", "-j", JOBS, "."], cwd=tree)
    check(rc == 1, "patch mode with conversions to show should exit 1:\n" + show(rc, out, err))
    check(snapshot(tree) == before, "patch mode changed files of the tree")
    check(out.startswith("--- a/"), "patch mode output is not a unified diff:\n" + out[:2000])
    shown = sorted(set(re.findall(r"^\+\+\+ b/(\S+)", out, re.M)))
    check(shown == sorted(env.converted_files()),
          "patch mode shows %s, want %s" % (shown, sorted(env.converted_files())))

    other = env.copy_corpus(os.path.join(env.tmp, "applied"))
    p = subprocess.run(["patch", "-p1", "-s", "--no-backup-if-mismatch", "-d", other],
                       input=out, universal_newlines=True,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    check(p.returncode == 0, "the patch-mode diff does not apply:\n" + p.stdout)
    problems = compare_to_expected(env, other)
    check(not problems, "the patch-mode diff, applied:\n  " + "\n  ".join(problems))


def case_handler_contract(env):
    """--fix on a subtree whose sysctl handler type lies outside it, not
    converted: no handler gains a ppos the type lacks; the run says where
    the type is and what to run, and exits 1.  The other patches still
    convert the subtree.  The contract's part of the corpus is enough."""
    part = expectations.CONTRACT_PART
    tree = env.copy_corpus(os.path.join(env.tmp, "tree"), part)
    sub = os.path.join(tree, "kernel")
    handlers = [rel for rel in env.converted_files(part)
                if rel.startswith("kernel/") and "sysctl_ppos" in read(
                    os.path.join(env.corpus, rel)).decode("utf-8", "replace")]
    check(handlers, "the corpus has no sysctl handler under kernel/ to hold back")
    before = {rel: read(os.path.join(tree, rel)) for rel in handlers}
    rc, out, err = env.run(["--fix", "-j", JOBS, "kernel"], cwd=tree)
    check(rc == 1, "--fix with the handler type outside PATH should exit 1:\n" + show(rc, out, err))
    said = [l for l in out.splitlines() if l.startswith("sysctl handlers not converted:")]
    check(len(said) == 1 and "include/linux/sysctl.h" in said[0] and "run-check.sh --fix" in said[0],
          "one line naming the type's file and what to run:\n" + out)
    for rel in handlers:
        check(read(os.path.join(tree, rel)).count(b"loff_t") == before[rel].count(b"loff_t"),
              "%s gained a ppos its type lacks" % rel)
    check(os.path.isdir(sub), "the subtree is there")
    check("held back:" in out, "the summary counts what was held back:\n" + out)

    # Patch and report modes propose nothing --fix refuses: no diff of a
    # held-back handler, no sysctl_ppos line for one, and the same reason.
    fresh = env.copy_corpus(os.path.join(env.tmp, "tree-modes"), part)
    rc, out, err = env.run(["--mode=patch", "-j", JOBS, "kernel"], cwd=fresh)
    for rel in handlers:
        check(("+++ b/%s" % rel) not in out and ("+++ %s" % rel) not in out,
              "patch mode proposes %s, which --fix holds back:\n%s" % (rel, out[:3000]))
        check("%s: sysctl handlers not converted:" % rel in err,
              "patch mode says why %s is not converted:\n%s" % (rel, err))
    rc, out, err = env.run(["-j", JOBS, "kernel"], cwd=fresh)
    check(rc == 1, "report mode with a handler held back should exit 1:\n" + show(rc, out, err))
    for rel in handlers:
        check(not [l for l in out.splitlines() if l.startswith(rel + ":") and l.endswith("[sysctl_ppos]")],
              "report mode proposes %s, which --fix holds back:\n%s" % (rel, out))
    said = [l for l in out.splitlines() if l.startswith("sysctl handlers not converted:")]
    check(len(said) == 1 and "include/linux/sysctl.h" in said[0],
          "report mode names the type's file as --fix does:\n" + out)

    # With the type inside PATH the whole contract converts, as seed 003 did.
    rc, out, err = env.run(["--fix", "-j", JOBS, "."], cwd=tree)
    check(rc == 0, "--fix on the whole tree should exit 0:\n" + show(rc, out, err))
    check(not compare_to_expected(env, tree, part), "the whole tree converts as corpus/expected")


BROKEN_BY_CONVERSION = """#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>

static int proc_dolocal(ctl_table *table, int write, struct file *filp,
			void __user *buffer, size_t *lenp)
{
	if (filp->f_pos) {
		*lenp = 0;
		return 0;
	}
	filp->f_pos += *lenp;
	return 0;
}

/* Called by hand with the five arguments of the old handler type, which
   no patch changes: the converted handler would break this call. */
int local_reset(struct file *f);
int local_reset(struct file *f)
{
	size_t len = 0;

	return proc_dolocal(NULL, 1, f, NULL, &len);
}

static ctl_table local_table[] = {
	{ .ctl_name = 1, .procname = "local", .mode = 0644, .proc_handler = &proc_dolocal },
	{ .ctl_name = 0 }
};

int local_count(void);
int local_count(void)
{
	return local_table[0].mode != 0;
}
"""


def case_compile_check(env):
    """A conversion that would break a file (a handler also called by hand
    with the old arguments) is put back as it was and named with the
    compiler's first new error; every other changed file is compiled and
    kept, and the run exits 1.  The contract's part of the corpus is enough."""
    part = expectations.CONTRACT_PART
    tree = env.copy_corpus(os.path.join(env.tmp, "tree"), part)
    path = os.path.join(tree, "kernel", "local_reset.c")
    with open(path, "w") as f:
        f.write(BROKEN_BY_CONVERSION)
    rc, out, err = env.run(["--fix", "-j", JOBS, "."], cwd=tree)
    check(rc == 1, "--fix with a file the conversion breaks should exit 1:\n" + show(rc, out, err))
    check(read(path).decode() == BROKEN_BY_CONVERSION, "the broken file is not as it was")
    block = output_block(out, PUT_BACK)
    check(len(block) >= 2 and "kernel/local_reset.c:" in block[1]
          and "too few arguments" in block[1], "the file put back, with its new error:\n" + out)
    # The other sides of its contract (the proc_handler type and the other
    # handlers) go back with it, each named so: none is left half converted.
    others = [line.split(":")[0].strip() for line in block[2:]]
    check(others and all("goes back with kernel/local_reset.c" in line for line in block[2:]),
          "the other sides of the sysctl contract go back with it:\n" + out)
    check("include/linux/sysctl.h" in others, "proc_handler's header goes back too:\n" + out)
    check("still worse after being put back" not in out,
          "with its contract put back, no file is worse than before:\n" + out)
    n = len(env.converted_files(part))
    check(re.search(r"^  compiled: +%d of %d changed files, %d put back$"
                    % (n + 1, n + 1, len(block) - 1), out, re.M),
          "every changed file compiled, the contract put back:\n" + out)
    for rel in others:
        check(read(os.path.join(tree, rel)) == read(os.path.join(env.corpus, rel)),
              "%s is not as it was" % rel)
    problems = [p for p in compare_to_expected(env, tree, part)
                if "local_reset.c" not in p and p.split(":")[0] not in others]
    check(not problems, "the other files convert as corpus/expected:\n  " + "\n  ".join(problems))


# A configured and prepared tree as far as Kbuild's single targets go: make
# dir/file.s compiles the file, announced the way Kbuild announces it.
FAKE_KBUILD = """\
VERSION = 2
PATCHLEVEL = 6
SUBLEVEL = 20

%.s: %.c
\t@echo "  CC      $@"
\t@$(CC) -S -Wall -nostdinc -Iinclude -include include/generated/autoconf.h -o $@ $<
"""


def case_kbuild_check(env):
    """In a tree Kbuild can build, --fix compiles each changed .c file with
    the tree's own make (dir/file.s, removed again), puts back the file the
    conversion breaks, named with gcc's first new error, and keeps the rest."""
    tree = os.path.join(env.tmp, "tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    rel = _a_converted_driver(env, sysctl=False)
    driver = os.path.join(tree, "drivers", "char", os.path.basename(rel))
    write(driver, read(os.path.join(env.corpus, rel)).decode("utf-8", "surrogateescape"))
    broken = os.path.join(tree, "kernel", "local_reset.c")
    write(broken, BROKEN_BY_CONVERSION)
    write(os.path.join(tree, "Makefile"), FAKE_KBUILD)
    for name in ("Kconfig", ".config", "include/config/auto.conf",
                 "include/generated/autoconf.h", "include/generated/uapi/linux/version.h"):
        write(os.path.join(tree, name), "")
    os.makedirs(os.path.join(tree, "arch", "x86"))
    before = snapshot(tree)
    rc, out, err = env.run(["--fix", "-j", JOBS, "."], cwd=tree)
    check(rc == 1, "--fix with a file the conversion breaks should exit 1:\n" + show(rc, out, err))
    check(re.search(r"^run-check\.sh: compiling \d+ converted files \(2 with the tree's own "
                    r"Kbuild, the others with libclang\)$", err, re.M),
          "the two .c files are not compiled by the tree's make:\n" + show(rc, out, err))
    check(read(broken).decode() == BROKEN_BY_CONVERSION, "the broken file is not as it was")
    block = output_block(out, PUT_BACK)
    check(len(block) >= 2 and "kernel/local_reset.c:" in block[1]
          and "too few arguments to function 'proc_dolocal'" in block[1],
          "the file put back, with gcc's new error:\n" + out)
    check(read(driver) == env.wanted(rel), "the driver lost its conversion:\n" + out)
    left = sorted(set(snapshot(tree)) - set(before))
    check(not left, "the compile check left files behind: %s" % left)


def _a_converted_driver(env, sysctl=True):
    """A corpus .c file the conversions change, and its path; with
    sysctl=False one without a sysctl table, which stays out of the
    proc_handler contract."""
    for rel in env.converted_files():
        if rel.endswith(".c") and (sysctl or b"ctl_table" not in read(os.path.join(env.corpus, rel))):
            return rel
    raise Failure("the corpus has no .c file that a conversion changes")


def case_symlink_outside(env):
    rel = _a_converted_driver(env)
    original = read(os.path.join(env.corpus, rel))
    outside = os.path.join(env.tmp, "outside")
    write(os.path.join(outside, "victim.c"), original.decode("utf-8", "surrogateescape"))
    write(os.path.join(outside, "dir", "victim2.c"), original.decode("utf-8", "surrogateescape"))
    tree = os.path.join(env.tmp, "tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    inside = os.path.join(tree, "drivers", "real.c")
    write(inside, original.decode("utf-8", "surrogateescape"), mode=0o640)
    os.symlink(os.path.join(outside, "victim.c"), os.path.join(tree, "drivers", "link.c"))
    os.symlink(os.path.join(outside, "dir"), os.path.join(tree, "drivers", "linkdir"))
    os.symlink("real.c", os.path.join(tree, "drivers", "alias.c"))
    out_before = snapshot(outside)

    rc, out, err = env.run(["--fix", "-j", JOBS, tree])
    check(rc in (0, 1), "--fix failed:\n" + show(rc, out, err))
    check(snapshot(outside) == out_before,
          "a file outside the tree changed through a symbolic link:\n" + show(rc, out, err))
    for name, target in (("link.c", os.path.join(outside, "victim.c")),
                         ("linkdir", os.path.join(outside, "dir")), ("alias.c", "real.c")):
        path = os.path.join(tree, "drivers", name)
        check(os.path.islink(path) and os.readlink(path) == target,
              "drivers/%s is no longer the symbolic link it was" % name)
    check(read(inside) == env.wanted(rel),
          "the file inside the tree was not converted to expected/%s" % rel)
    check(stat.S_IMODE(os.stat(inside).st_mode) == 0o640,
          "the converted file lost its permissions: %o" % stat.S_IMODE(os.stat(inside).st_mode))


WEIRD_H = """\
/* Macros spatch is never shown (they live in a header it does not read). */
#define SS_WHEN(cond) if (cond)
"""

WEIRD_C = """\
#include <linux/fs.h>
#include <linux/errno.h>
#include "weird.h"

static ssize_t weird_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	SS_WHEN(count > 64) count = 64;
	if (ppos != &file->f_pos)
		return -ESPIPE;
	return 0;
}

static ssize_t weird_write(struct file *file, const char *buf, size_t count,
			   loff_t *ppos)
{
	if (ppos != &file->f_pos)
		return -ESPIPE;
	return count;
}

static int weird_open(struct inode *inode, struct file *file)
{
	return 0;
}

static struct file_operations weird_fops = {
	.read = weird_read,
	.write = weird_write,
	.open = weird_open,
};
"""


def case_unparsable(env):
    tree = os.path.join(env.tmp, "tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    write(os.path.join(tree, "drivers", "char", "weird.h"), WEIRD_H)
    write(os.path.join(tree, "drivers", "char", "weird.c"), WEIRD_C)
    rc, out, err = env.run(["--fix", "-j", JOBS, tree])
    check(rc == 1, "--fix with an unparsable function should exit 1:\n" + show(rc, out, err))
    named = re.search(r"^\s*\S*drivers/char/weird\.c:(\d+): function weird_read\b", out, re.M)
    check(named is not None, "the run does not name weird_read as unparsed:\n" + show(rc, out, err))
    check(int(named.group(1)) == 5, "weird_read is placed at line %s, not 5" % named.group(1))
    left = re.search(r"^\s*left there: \S*drivers/char/weird\.c:8:\d+: .*\[espipe-test\]",
                     out, re.M)
    check(left is not None,
          "the espipe-test left in weird_read is not named:\n" + show(rc, out, err))
    check(summary_value(out, "... holding findings") == 1,
          "want exactly one unparsed place holding a finding:\n" + out[-3000:])
    others = re.findall(r"^\s*\S*drivers/char/weird\.c:\d+: (?:function|declaration) (\w+)",
                        out, re.M)
    check(others == ["weird_read"], "unparsed places named in weird.c: %s" % others)


def case_bad_path(env):
    missing = os.path.join(env.tmp, "no such dir")
    rc, out, err = env.run([missing])
    check(rc == 2, "a missing path should exit 2:\n" + show(rc, out, err))
    check("'%s'" % missing in err and "no such file" in err,
          "the message does not name the missing path:\n" + err)

    rc, out, err = env.run(["--", "-missing"], cwd=env.tmp)
    check(rc == 2 and "'-missing'" in err, "a missing '-missing' should exit 2:\n" + show(rc, out, err))

    rc, out, err = env.run(["-missing"], cwd=env.tmp)
    check(rc == 2 and "unknown option" in err, "'-missing' before '--' is an option:\n" + err)

    for args in (["--mode=nonsense"], ["-j", "0"], ["--since"], ["--fix", "--mode=patch", "."]):
        rc, out, err = env.run(args, cwd=env.tmp)
        check(rc == 2 and err.strip(), "%s should be a usage error:\n%s" % (args, show(rc, out, err)))

    # The checker owns kernel versions: run-check.sh passes on its refusal.
    rc, out, err = env.run(["--kernel=6.x", os.path.join(env.corpus, "drivers")], cwd=env.tmp)
    check(rc == 2 and "'6.x'" in err and len(err.strip().splitlines()) == 1,
          "--kernel=6.x should be refused in one line naming it:\n" + show(rc, out, err))

    write(os.path.join(env.tmp, "notes.txt"), "not C\n")
    rc, out, err = env.run(["notes.txt"], cwd=env.tmp)
    check(rc == 2 and "'notes.txt'" in err, "a .txt file is not a C file:\n" + show(rc, out, err))

    # spatch missing from PATH: exit 2 and the exact install command.
    nospatch = os.path.join(env.tmp, "bin")
    os.makedirs(nospatch)
    for d in ("/usr/local/bin", "/usr/bin", "/bin"):
        for name in os.listdir(d) if os.path.isdir(d) else []:
            if name != "spatch" and not os.path.exists(os.path.join(nospatch, name)):
                os.symlink(os.path.join(d, name), os.path.join(nospatch, name))
    p = subprocess.run([os.path.join(env.top, "run-check.sh"), os.path.join(env.corpus, "drivers")],
                       env=dict(os.environ, SAFESEEK_BUILD_DIR=env.build, PATH=nospatch),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    check(p.returncode == 2 and "apt-get install" in p.stderr and "coccinelle" in p.stderr,
          "without spatch on PATH:\n" + show(p.returncode, p.stdout, p.stderr))

    odd = os.path.join(env.tmp, "-odd dir")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(odd, "include"))
    write(os.path.join(odd, "x.c"), WEIRD_C.replace('#include "weird.h"\n', "")
          .replace("\tSS_WHEN(count > 64) count = 64;\n", ""))
    rc, out, err = env.run(["-j", JOBS, "--", "-odd dir"], cwd=env.tmp)
    check(rc == 1, "findings in '-odd dir' should exit 1:\n" + show(rc, out, err))
    check(re.search(r"^-odd dir/x\.c:\d+:\d+: warning: .*\[espipe-test\]$", out, re.M),
          "no espipe-test finding named under '-odd dir/':\n" + show(rc, out, err))


def case_odd_names(env):
    rel = _a_converted_driver(env)
    text = read(os.path.join(env.corpus, rel)).decode("utf-8", "surrogateescape")
    tree = os.path.join(env.tmp, "-odd tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    names = [os.path.join("dir with space", "it's $HOME.c"), "-lead.c", os.path.join("-d", "a;b.c")]
    for name in names:
        write(os.path.join(tree, name), text)
    rc, out, err = env.run(["-j", JOBS, "--", "-odd tree"], cwd=env.tmp)
    check(rc == 1, "report mode should find what to convert:\n" + show(rc, out, err))
    for name in names:
        check(("\n-odd tree/%s:" % name) in "\n" + out,
              "report mode names nothing in %r:\n%s" % (name, show(rc, out, err)))
    rc, out, err = env.run(["--fix", "-j", JOBS, "--", "-odd tree"], cwd=env.tmp)
    check(rc == 0, "--fix on odd names:\n" + show(rc, out, err))
    for name in names:
        check(read(os.path.join(tree, name)) == env.wanted(rel),
              "%r was not converted like expected/%s" % (name, rel))


SINCE_NEW = """
static ssize_t late_read(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	file->f_pos += count;
	return count;
}

static struct file_operations late_fops = {
	.read = late_read,
};
"""


def git(repo, *args):
    p = subprocess.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.org",
                        "-c", "commit.gpgsign=false"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    check(p.returncode == 0, "git %s: %s" % (" ".join(args), p.stdout))
    return p.stdout


FINDING_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (error|warning|note): .*\[(?P<tag>[a-z_-]+)\]$")


def case_since(env):
    repo = os.path.join(env.tmp, "repo")
    rel = _a_converted_driver(env)
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(repo, "include"))
    base = read(os.path.join(env.corpus, rel)).decode("utf-8", "surrogateescape")
    target = os.path.join(repo, "drivers", "old.c")
    write(target, base)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")

    rc, out, err = env.run(["-j", JOBS, "."], cwd=repo)
    check(rc == 1, "the base file should have findings:\n" + show(rc, out, err))

    rc, out, err = env.run(["--since", "HEAD", "-j", JOBS, "."], cwd=repo)
    check(rc == 0, "--since HEAD with nothing changed should exit 0:\n" + show(rc, out, err))
    check(not [l for l in out.splitlines() if FINDING_RE.match(l)],
          "--since HEAD with nothing changed reports findings:\n" + out)

    first_new = len(base.splitlines()) + 2  # the blank line, then the function
    write(target, base + SINCE_NEW)
    git(repo, "commit", "-q", "-a", "-m", "late_read")
    rc, out, err = env.run(["--since", "HEAD~1", "-j", JOBS, "."], cwd=repo)
    check(rc == 1, "--since HEAD~1 should report the new finding:\n" + show(rc, out, err))
    found = [FINDING_RE.match(l) for l in out.splitlines() if FINDING_RE.match(l)]
    check(found, "--since HEAD~1 reports nothing:\n" + show(rc, out, err))
    new_range = range(first_new, first_new + len(SINCE_NEW.splitlines()))
    for m in found:
        check(m.group("file") == "drivers/old.c" and int(m.group("line")) in new_range,
              "--since HEAD~1 reports an old finding: %s" % m.group(0))
    check(any(m.group("tag") == "rw-fpos" and int(m.group("line")) == first_new + 2 for m in found),
          "the new rw-fpos write at line %d is not reported:\n%s" % (first_new + 2, out))

    rc, out, err = env.run(["--since", "no-such-rev", "."], cwd=repo)
    check(rc == 2 and "no-such-rev" in err, "a bad revision should exit 2:\n" + show(rc, out, err))


def case_modes(env):
    rc, out, err = env.run(["--mode=org", "-j", JOBS], cwd=env.top)
    check(rc == 1, "org mode on the corpus should exit 1:\n" + show(rc, out, err))
    check(out.startswith("* TODO [[view:corpus/"), "org mode output:\n" + out[:1500])

    rc, out, err = env.run(["--mode=context", "-j", JOBS], cwd=env.top)
    check(rc == 1, "context mode on the corpus should exit 1:\n" + show(rc, out, err))
    heads = re.findall(r"^\+\+\+ (\S+)", out, re.M)
    check(heads and all(h.startswith("corpus/") for h in heads),
          "context mode names files outside the corpus: %s" % heads[:5])

    clean = os.path.join(env.tmp, "clean")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(clean, "include"))
    write(os.path.join(clean, "ok.c"), "#include <linux/fs.h>\n\nint ok(void)\n{\n\treturn 0;\n}\n")
    rc, out, err = env.run(["-j", JOBS, os.path.join(clean, "ok.c")])
    check(rc == 0, "a clean file should exit 0:\n" + show(rc, out, err))


def slow_source(branches):
    """One read method with many branches that all touch f_pos: far more
    than a few seconds of matching for spatch."""
    out = ["#include <linux/fs.h>", "#include <linux/errno.h>", "",
           "static ssize_t slow_read(struct file *file, char *buf, size_t count, loff_t *ppos)",
           "{", "\tint x = 0;", "", "\tif (ppos != &file->f_pos)", "\t\treturn -ESPIPE;"]
    for i in range(branches):
        out += ["\tif (buf[%d] == %d) {" % (i, i % 7),
                "\t\tif (x > %d)" % i,
                "\t\t\tgoto out%d;" % (i % 10),
                "\t\tfile->f_pos += %d;" % i,
                "\t} else {",
                "\t\tx += file->f_pos;",
                "\t}"]
    for i in range(10):
        out += ["out%d:" % i, "\tx++;"]
    out += ["\treturn x;", "}", "", "static struct file_operations slow_fops = {",
            "\t.read = slow_read,", "};", ""]
    return "\n".join(out)


def case_timeout(env):
    rel = _a_converted_driver(env)
    tree = os.path.join(env.tmp, "tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    write(os.path.join(tree, "drivers", "fast.c"),
          read(os.path.join(env.corpus, rel)).decode("utf-8", "surrogateescape"))
    slow = os.path.join(tree, "drivers", "slow.c")
    write(slow, slow_source(400))
    slow_before = read(slow)
    before = snapshot(tree)

    # patch mode: the file is named per file and counted per patch on
    # standard error, and the run fails
    rc, out, err = env.run(["--mode=patch", "--timeout", "2", "-j", PARALLEL_JOBS, tree])
    check(rc == 1, "patch mode with a file that times out should exit 1:\n" + show(rc, out, err))
    check(snapshot(tree) == before, "patch mode changed the tree")
    # Which patches give up on it depends on the machine's load: each is
    # named, and counted once.
    gave_up = re.findall(r"^run-check\.sh: \S*drivers/slow\.c: not converted: spatch gave up "
                         r"with (\w+) after --timeout 2 seconds", err, re.M)
    check(gave_up, "patch mode does not name the file spatch gave up on:\n" + show(rc, out, err))
    check(timeouts_match(env, re.search(r"^run-check\.sh: not converted: 1 file spatch timed "
                                        r"out on \((.*)\)$", err, re.M), gave_up),
          "patch mode does not count the file per patch:\n" + show(rc, out, err))
    check("+++ b/" in out and "fast.c" in out
          and ("slow.c" in out or "nonseekable_open" in gave_up),
          "patch mode shows no diff of the other file, or none of what the patches that did "
          "not give up do to the file:\n" + show(rc, out, err))

    rc, out, err = env.run(["--fix", "--timeout", "2", "-j", PARALLEL_JOBS, tree])
    check(rc == 1, "--fix with a file that times out should exit 1:\n" + show(rc, out, err))
    check(read(os.path.join(tree, "drivers", "fast.c")) == env.wanted(rel),
          "the other file lost its conversion:\n" + show(rc, out, err))
    m = re.search(r"^not converted \(spatch gave up after --timeout 2 seconds with that patch; "
                  r"what the others did is kept\):\n((?:  .*\n)+)", out, re.M)
    named = m.group(1).splitlines() if m else []
    check(named and all(re.match(r"^  \S*drivers/slow\.c: \w+$", n) for n in named),
          "the file spatch gave up on is not named, with its patch, as not converted:\n"
          + show(rc, out, err))
    gave_up = [n.split(": ")[-1] for n in named]
    # The patches that did not give up keep their conversion of the file;
    # one that gave up left its part alone.
    slow_after = read(slow)
    if "nonseekable_open" not in gave_up:
        check(b"-ESPIPE" in slow_before and b"-ESPIPE" not in slow_after
              and b"nonseekable_open" in slow_after,
              "nonseekable_open did not give up, yet its conversion of the file is lost (%s "
              "gave up):\n%s" % (gave_up, slow_after.decode()[:1500]))
    if "rw_ppos" in gave_up:
        check(b"file->f_pos += " in slow_after,
              "rw_ppos gave up, yet the file holds its conversion:\n" + slow_after.decode()[:1500])
    check(timeouts_match(env, re.search(r"^  \.\.\. spatch timed out:\s+(.*)$", out, re.M),
                         gave_up),
          "the --fix summary does not count the file per patch:\n" + out[-3000:])
    # The file's places the checker finds are not converted either; the
    # file spatch gave up on counts once more, whatever the checker finds.
    listed = re.search(r"^not converted \(the checker still finds these\):\n((?:  .*\n)+)",
                       out, re.M)
    found = len(listed.group(1).splitlines()) if listed else 0
    check(summary_value(out, "not converted") == found + len(gave_up),
          "'not converted' is not the %d findings and the patches spatch gave up with:\n%s"
          % (found, out[-3000:]))
    check(summary_value(out, "files left as they were") == 0,
          "a file spatch gave up on is counted as not converted, not as left as it was")


def timeouts_match(env, m, gave_up):
    """Whether a per-patch count ("a 0, b 1, c 0") names every patch of
    semantic-patches/, with 1 for each that gave up and 0 for the rest."""
    if m is None:
        return False
    patches = [n[:-len(".cocci")] for n in os.listdir(os.path.join(env.top, "semantic-patches"))
               if n.endswith(".cocci")]
    counts = dict((name, int(n)) for name, n in re.findall(r"\b(\w+) (\d+)", m.group(1)))
    return sorted(counts) == sorted(patches) and \
        all(counts[p] == (1 if p in gave_up else 0) for p in patches)


# Adds a statement at the top of each grow_* function, every time it runs.
GROWING_PATCH = """\
virtual patch

@depends on patch@
identifier f =~ "^grow_";
@@
f(...) {
+ grow_step();
  ...
}
"""

# Renames a call: a second run finds nothing to do.
RENAMING_PATCH = """\
virtual patch

@depends on patch@
@@
- old_helper();
+ new_helper();
"""

PROTOTYPES = "void grow_step(void);\nvoid old_helper(void);\nvoid new_helper(void);\n\n"


def own_patches(env, patches):
    """A project of links to this one, with a semantic-patches directory of
    its own holding {name: text}: run-check.sh takes its patches from
    beside itself."""
    top = os.path.join(env.tmp, "top")
    os.makedirs(os.path.join(top, "semantic-patches"))
    for name in ("run-check.sh", "python", "scripts", "checker", "cmake", "CMakeLists.txt"):
        target, link = os.path.join(env.top, name), os.path.join(top, name)
        os.symlink(target, link)
        # Dated as what it points to: a link newer than the built checker
        # would have run-check.sh rebuild it from the linked project.
        st = os.stat(target)
        os.utime(link, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=False)
    for name, text in patches.items():
        write(os.path.join(top, "semantic-patches", name), text)
    return top


def case_second_pass(env):
    top = own_patches(env, {"a_grow.cocci": GROWING_PATCH, "b_rename.cocci": RENAMING_PATCH})
    tree = os.path.join(env.tmp, "tree")
    write(os.path.join(tree, "grow_only.c"),
          PROTOTYPES + "void grow_one(void)\n{\n}\n")
    write(os.path.join(tree, "grow_then_rename.c"),
          PROTOTYPES + "void grow_two(void)\n{\n\told_helper();\n}\n")
    write(os.path.join(tree, "rename_only.c"),
          PROTOTYPES + "void tidy(void)\n{\n\told_helper();\n}\n")
    rc, out, err = env.run(["--fix", "-j", JOBS, tree], top=top)
    check(rc == 1, "--fix with a patch that is not idempotent should exit 1:\n"
          + show(rc, out, err))
    m = re.search(r"^a second --fix would still change:\n((?:  .*\n)+)", out, re.M)
    check(m, "no list of files a second run would change:\n" + show(rc, out, err))
    named = sorted(os.path.basename(line.strip()) for line in m.group(1).splitlines())
    check(named == ["grow_only.c", "grow_then_rename.c"],
          "want grow_only.c and grow_then_rename.c named, not %s:\n%s"
          % (named, show(rc, out, err)))
    check(summary_value(out, "second run changes") == 2, "want 2 in the summary")


def case_gave_up(env):
    # One patch of the chain gives up (stream_open.cocci, on the file of
    # case_timeout); the one before it converts the file, and that is kept,
    # checked and counted.
    stall = read(os.path.join(env.top, "semantic-patches", "stream_open.cocci")).decode()
    top = own_patches(env, {"a_rename.cocci": RENAMING_PATCH, "b_stall.cocci": stall})
    tree = os.path.join(env.tmp, "tree")
    shutil.copytree(os.path.join(env.corpus, "include"), os.path.join(tree, "include"))
    path = os.path.join(tree, "one.c")
    write(path, PROTOTYPES + "void tidy(void)\n{\n\told_helper();\n}\n\n" + slow_source(400))
    rc, out, err = env.run(["--fix", "--timeout", "2", "-j", PARALLEL_JOBS, tree], top=top)
    check(rc == 1, "--fix with a patch that gives up should exit 1:\n" + show(rc, out, err))
    check(b"new_helper();" in read(path) and b"old_helper();" not in read(path),
          "the conversion of the patch that did not give up was dropped:\n" + show(rc, out, err))
    check(re.search(r"^  \S*one\.c: b_stall$", out, re.M),
          "the patch that gave up is not named with the file:\n" + show(rc, out, err))
    check(re.search(r"^  places converted:\s+a_rename 1, b_stall 0$", out, re.M)
          and summary_value(out, "files changed") == 1,
          "the summary does not count what was written:\n" + show(rc, out, err))


def case_gitgrep(env):
    repo = env.copy_corpus(os.path.join(env.tmp, "repo"))
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "corpus")

    plain = env.run(["-j", JOBS, "."], cwd=repo)
    rc, out, err = env.run(["--use-gitgrep", "-j", JOBS, "."], cwd=repo)
    check(plain[0] == 1, "the corpus report should exit 1:\n" + show(*plain))
    check((rc, out) == plain[:2], "--use-gitgrep reports otherwise than the plain run:\n"
          + show(rc, out, err) + "\n--- plain run\n" + show(*plain))

    rc, out, err = env.run(["--fix", "--use-gitgrep", "-j", JOBS, "."], cwd=repo)
    check(rc == 0, "--fix --use-gitgrep on the corpus did not exit 0:\n" + show(rc, out, err))
    problems = compare_to_expected(env, repo)
    check(not problems, "after --fix --use-gitgrep:\n  " + "\n  ".join(problems))
    assert_clean_fix_summary(out, len(env.converted_files()))

    outside = env.copy_corpus(os.path.join(env.tmp, "plain"))
    rc, out, err = env.run(["--use-gitgrep", outside])
    check(rc == 2 and "not in one" in err and outside in err,
          "--use-gitgrep outside a git tree should exit 2 naming it:\n" + show(rc, out, err))


def case_installed(env):
    prefix = os.path.join(env.tmp, "prefix")
    share = os.path.join(prefix, "share", "safeseek")
    os.makedirs(os.path.join(prefix, "bin"))
    shutil.copy2(os.path.join(env.top, "run-check.sh"), os.path.join(prefix, "bin", "safeseek"))
    shutil.copy2(os.path.join(env.build, "safeseek-check"), os.path.join(prefix, "bin"))
    shutil.copytree(os.path.join(env.top, "python", "safeseek"),
                    os.path.join(share, "python", "safeseek"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(env.top, "semantic-patches"),
                    os.path.join(share, "semantic-patches"))
    tree = env.copy_corpus(os.path.join(env.tmp, "tree"))

    def installed(args):
        # No SAFESEEK_BUILD_DIR: an install has nothing to build.
        environ = {k: v for k, v in os.environ.items() if k != "SAFESEEK_BUILD_DIR"}
        p = subprocess.run([os.path.join(prefix, "bin", "safeseek")] + args, cwd=tree,
                           env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, errors="replace")
        return p.returncode, p.stdout, p.stderr

    rc, out, err = installed(["-j", JOBS, "drivers/char"])
    want = env.run(["-j", JOBS, "drivers/char"], cwd=tree)
    check(want[0] == 1, "run-check.sh on drivers/char should exit 1:\n" + show(*want))
    check((rc, out) == want[:2], "installed, the program reports otherwise than run-check.sh:\n"
          + show(rc, out, err) + "\n--- run-check.sh\n" + show(*want))
    rc, out, err = installed([])
    check(rc == 2 and err.startswith("safeseek: ") and "PATH" in err,
          "installed, the program without a PATH should exit 2 asking for one:\n"
          + show(rc, out, err))


CASES = {
    "fix-corpus": case_fix_corpus,
    "patch-untouched": case_patch_untouched,
    "symlink-outside": case_symlink_outside,
    "unparsable": case_unparsable,
    "bad-path": case_bad_path,
    "since": case_since,
    "odd-names": case_odd_names,
    "modes": case_modes,
    "timeout": case_timeout,
    "second-pass": case_second_pass,
    "gave-up": case_gave_up,
    "docs-in-step": case_docs_in_step,
    "gitgrep": case_gitgrep,
    "installed": case_installed,
    "handler-contract": case_handler_contract,
    "compile-check": case_compile_check,
    "kbuild-check": case_kbuild_check,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("case", choices=sorted(CASES))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="safeseek-e2e-") as tmp:
        env = Env(os.path.abspath(args.top), os.path.abspath(args.build), os.path.realpath(tmp))
        try:
            CASES[args.case](env)
        except Failure as e:
            print("FAIL %s: %s" % (args.case, e))
            return 1
    print("ok %s" % args.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-2.0-only
"""safeseek-check as Kbuild's $(CHECK): driven by tests/gate/kbuild/Makefile
exactly as scripts/Makefile.build drives a checker.
Usage: kbuild_test.py SAFESEEK_CHECK CORPUS_DIR KBUILD_MAKEFILE_DIR"""

import collections
import os
import shutil
import subprocess
import sys
import tempfile

from gatelib import Failed, check, expected_findings, findings, main

CHECKER, CORPUS, MKDIR = (os.path.abspath(a) for a in sys.argv[1:4])
MAKEFILE = os.path.join(MKDIR, "Makefile")
FILES = [
    "drivers/block/rawblk.c",
    "drivers/scsi/st_tape.c",
    "drivers/misc/lcd_panel.c",
    "kernel/sysctl.c",
    "net/sunrpc/sysctl.c",
    "arch/s390/mm/balloon.c",
    "fs/coda/sysctl.c",
]

# What newer kernels feed the checker before honouring C= (a mktemp file).
KERNEL_PROBE = """static inline int u(const int *q)
{
	__typeof_unqual__(*q) v = *q;
	return v;
}
"""

# The same construct in a file the checker does parse (it names f_pos), with
# a line clang cannot parse either: the finding must still come, the word
# "error" must not.
PARSED_PROBE = """typedef long long loff_t;
typedef unsigned long size_t;
typedef long ssize_t;
struct file { loff_t f_pos; };
struct file_operations {
	ssize_t (*read)(struct file *, char *, size_t, loff_t *);
};

static inline int u(const int *q)
{
	__typeof_unqual__(*q) v = *q;
	return v;
}

static ssize_t probe_read(struct file *file, char *buf, size_t n, loff_t *ppos)
{
	if (file->f_pos > 4096)
		return 0;
	return n + u(0);
}

static int not_c(void) { return 1 + ; }

static struct file_operations probe_fops = { .read = probe_read };
"""


def tree_listing(root):
    out = set()
    for d, dirs, files in os.walk(root):
        for name in files:
            p = os.path.join(d, name)
            out.add((os.path.relpath(p, root), os.stat(p).st_mtime_ns))
    return out


def make(objtree, *args):
    proc = subprocess.run(["make", "--no-print-directory", "-f", MAKEFILE] + list(args),
                          cwd=objtree, capture_output=True, text=True, timeout=600)
    return proc


def expected():
    want = collections.Counter()
    for rel in FILES:
        want += expected_findings(os.path.join(CORPUS, rel))
    return want


def kbuild_run(c_level, *extra):
    objtree = tempfile.mkdtemp(prefix="safeseek-objtree-")
    try:
        before = tree_listing(CORPUS)
        proc = make(objtree, "srctree=" + CORPUS, "CHECK=" + CHECKER, "C=" + c_level,
                    "FILES=" + " ".join(FILES), *extra)
        written = [p for p, _ in tree_listing(objtree)]
        check(not written, "the check wrote files into the object tree: %s" % written)
        check(tree_listing(CORPUS) == before, "the check changed the source tree")
        return proc
    finally:
        shutil.rmtree(objtree, ignore_errors=True)


def test_c1_reports_in_gcc_form_and_exits_0():
    proc = kbuild_run("1")
    check(proc.returncode == 0, "exit 0 by default, like sparse: %s" % proc.stderr[-2000:])
    for rel in FILES:
        check("  CHECK   %s/%s" % (CORPUS, rel) in proc.stdout,
              "Kbuild's short form for %s: %s" % (rel, proc.stdout))
    got = findings(proc.stderr)
    want = expected()
    check(want, "the chosen files have expectations")
    missing = want - got
    extra = got - want
    check(not missing and not extra,
          "findings on stderr equal the expectations; missing %s, extra %s"
          % (sorted(missing), sorted(extra)))
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    check(len(lines) == sum(got.values()),
          "stderr holds only findings: %s" % [l for l in lines if not findings(l)])
    check(not proc.stdout.count(" error"), "nothing on stdout but the CHECK lines")


def test_whole_corpus_same_as_a_tree_scan():
    every = sorted(os.path.relpath(os.path.join(d, f), CORPUS)
                   for d, dirs, files in os.walk(CORPUS)
                   if not os.path.relpath(d, CORPUS).startswith("expected")
                   for f in files if f.endswith(".c"))
    objtree = tempfile.mkdtemp(prefix="safeseek-objtree-")
    try:
        proc = make(objtree, "srctree=" + CORPUS, "CHECK=" + CHECKER, "C=2",
                    "FILES=" + " ".join(every))
    finally:
        shutil.rmtree(objtree, ignore_errors=True)
    check(proc.returncode == 0, "exit 0: %s" % proc.stderr[-2000:])
    scan = subprocess.run([CHECKER, "-q", "-j2"] + [os.path.join(CORPUS, f) for f in every],
                          capture_output=True, text=True)
    kb, tree = findings(proc.stderr), findings(scan.stdout)
    check(tree, "the tree scan found something")
    # Kbuild runs the checker on one file at a time, so what a file's
    # findings rest on in other files (a method defined there) is unknown
    # to it: where the two differ, it must agree with a scan of that file
    # alone.
    for path in sorted({f[0] for f in (kb - tree) + (tree - kb)}):
        alone = subprocess.run([CHECKER, "-q", path], capture_output=True, text=True)
        for key in [k for k in tree if k[0] == path]:
            del tree[key]
        tree += findings(alone.stdout)
    check(kb == tree, "Kbuild mode and the tree scan agree over %d files; only Kbuild: %s, "
          "only the scan: %s" % (len(every), sorted(kb - tree), sorted(tree - kb)))


def test_c2_with_fatal_fails_the_build():
    proc = kbuild_run("2", "CF=--fatal")
    check(proc.returncode != 0, "--fatal: findings fail the build")
    check(findings(proc.stderr), "and are printed: %s" % proc.stderr[-2000:])
    check("CHECK   %s/%s" % (CORPUS, FILES[0]) in proc.stdout, "the first file was checked")


def test_no_dependency_file_even_with_every_option():
    objtree = tempfile.mkdtemp(prefix="safeseek-objtree-")
    try:
        src = os.path.join(CORPUS, FILES[1])
        cmd = [CHECKER, "-D__linux__", "--arch=x86", "-m64", "-Wp,-MMD,a.d",
               "-Wp,-MD,b.d", "-MD", "-MMD", "-MF", "c.d", "-MT", "c.o", "-MP",
               "-nostdinc", "-I" + os.path.join(CORPUS, "include"), src]
        proc = subprocess.run(cmd, cwd=objtree, capture_output=True, text=True)
        check(proc.returncode == 0, "exit 0: %s" % proc.stderr)
        check(findings(proc.stderr), "findings reported")
        check(os.listdir(objtree) == [], "no file written: %s" % os.listdir(objtree))
    finally:
        shutil.rmtree(objtree, ignore_errors=True)


def probe(content, *cf):
    workdir = tempfile.mkdtemp(prefix="safeseek-probe-")
    try:
        path = os.path.join(workdir, "tmp.Qx7rT2kPzA")     # mktemp's shape: no suffix
        with open(path, "w") as f:
            f.write(content)
        valid = make(workdir, "CHECK=" + CHECKER, "checker-valid", "PROBE=" + path,
                     "CF=" + " ".join(cf))
        flags = ["-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__", "-Wbitwise",
                 "-Wno-return-void", "-Wno-unknown-attribute", "-D__x86_64__",
                 "--arch=x86", "-mlittle-endian", "-m64"]
        direct = subprocess.run([CHECKER] + flags + list(cf) + [path], cwd=workdir,
                                capture_output=True, text=True)
        return valid, direct
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def test_kernel_probe_sees_no_error():
    valid, direct = probe(KERNEL_PROBE)
    check(valid.stdout.strip() == "1", "checker-valid prints 1: %r %r" % (valid.stdout, valid.stderr))
    check(direct.returncode == 0 and "error" not in direct.stdout + direct.stderr,
          "quiet and exit 0: %r" % direct)


def test_parsed_probe_hides_parse_errors_unless_asked():
    valid, direct = probe(PARSED_PROBE)
    check(valid.stdout.strip() == "1", "checker-valid prints 1: %r %r" % (valid.stdout, valid.stderr))
    check(direct.returncode == 0, "exit 0: %r" % direct)
    check("error" not in direct.stdout + direct.stderr, "no 'error' word: %r" % direct.stderr)
    rules = {rule for (_, _, rule) in findings(direct.stderr)}
    check("rw-fpos" in rules, "what parses is still checked: %r" % direct.stderr)
    valid, direct = probe(PARSED_PROBE, "--parse-errors")
    check("error" in direct.stderr, "--parse-errors shows clang's errors: %r" % direct.stderr)
    check(valid.stdout.strip() == "0", "and then the probe sees them")


def test_every_file_of_the_command_line_is_checked():
    """Not only the last: a compiler line may name several files."""
    srcs = [os.path.join(CORPUS, rel) for rel in FILES[:3]]
    flags = ["-D__KERNEL__", "-nostdinc", "-I" + os.path.join(CORPUS, "include")]
    want = collections.Counter()
    for rel in FILES[:3]:
        want += expected_findings(os.path.join(CORPUS, rel))
    check(len({f for (f, _, _) in want}) == 3, "each file has expectations: %s" % want)
    proc = subprocess.run([CHECKER] + flags + srcs, capture_output=True, text=True)
    got = findings(proc.stderr)
    check(proc.returncode == 0 and got == want,
          "findings of every file; missing %s, extra %s: %s"
          % (sorted(want - got), sorted(got - want), proc.stderr[-2000:]))
    # A directory or a missing file among them: named, exit 2, the rest checked.
    missing = os.path.join(CORPUS, "no-such-file.c")
    directory = os.path.join(CORPUS, "drivers")
    proc = subprocess.run([CHECKER] + flags + [srcs[0], directory, missing, srcs[1]],
                          capture_output=True, text=True)
    check(proc.returncode == 2, "exit 2: %d %s" % (proc.returncode, proc.stderr[-2000:]))
    for path, why in ((directory, "is a directory"), (missing, "No such file")):
        lines = [l for l in proc.stderr.splitlines() if l.startswith("safeseek-check: " + path + ":")]
        check(len(lines) == 1 and why in lines[0], "one line naming %s: %s" % (path, lines))
    want_two = collections.Counter({k: v for k, v in want.items() if k[0] in srcs[:2]})
    check(findings(proc.stderr) == want_two, "the other files still checked: %s" % proc.stderr)


def test_bad_kbuild_options_exit_2():
    for args, want in ((["--kbuild", "--no-such-option", "x.c"], "unknown option --no-such-option"),
                       (["--kbuild", "-D__KERNEL__"], "no source file"),
                       (["-D__KERNEL__", "--write-baseline", "b.json", "x.c"], "whole run"),
                       (["-D__KERNEL__", "--baseline", "/nonexistent/b.json", "x.c"],
                        "/nonexistent/b.json")):
        proc = subprocess.run([CHECKER] + args, capture_output=True, text=True)
        check(proc.returncode == 2 and want in proc.stderr, "%s: %r" % (args, proc.stderr))


if __name__ == "__main__":
    main([
        test_c1_reports_in_gcc_form_and_exits_0,
        test_whole_corpus_same_as_a_tree_scan,
        test_c2_with_fatal_fails_the_build,
        test_no_dependency_file_even_with_every_option,
        test_kernel_probe_sees_no_error,
        test_parsed_probe_hides_parse_errors_unless_asked,
        test_bad_kbuild_options_exit_2,
        test_every_file_of_the_command_line_is_checked,
    ])

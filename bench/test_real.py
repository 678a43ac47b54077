#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check the real-tree benchmark's bookkeeping, without timing anything.

    test_real.py

- findings are read from the checker's and sparse's lines alike, as
  'relpath:line:col [rule]', and other lines are ignored;
- a checker without --cache-dir or --headers gets those rows marked n/a,
  one that has them gets them measured, the cached re-scan always after
  a run that filled its cache;
- trees are named by version and state, never by path;
- two trees compare equal file by file, and one changed byte shows;
- prepare-linux.sh refuses to put a tree inside the repository.
Exits 0 when all hold, 1 otherwise.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import real  # noqa: E402

PASSED, FAILED = [], []


def check(what, ok):
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    (PASSED if ok else FAILED).append(what)


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def test_findings(tmp):
    log = os.path.join(tmp, "out")
    root = os.path.join(tmp, "tree")
    write(log, "\n".join([
        root + "/drivers/char/a.c:12:5: warning: 'x_fops' looks seekable"
        " [seekable-default]",
        "fs/proc/fd.c:58:23: note: function 'seq_show' reads file->f_pos"
        " directly [fpos-other]",
        "sound/core/info.c:3:1: warning: sparse says something",
        "safeseek-check: files: 3 analysed, 0 skipped",
        "  CHECK   drivers/char/mem.c",
    ]) + "\n")
    got = real.findings(log, root)
    check("findings parsed from checker and sparse lines",
          got == {"drivers/char/a.c:12:5 [seekable-default]",
                  "fs/proc/fd.c:58:23 [fpos-other]",
                  "sound/core/info.c:3:1 [warning]"})


def fake_checker(tmp, name, extra_help):
    path = os.path.join(tmp, name)
    write(path, "#!/bin/sh\ncat <<'EOF'\nUsage: safeseek-check [OPTION]... "
          "PATH...\n  -j, --jobs=N   jobs\n%sEOF\n" % extra_help, 0o755)
    return path


def test_na_rows(tmp):
    a = types.SimpleNamespace(workdir=tmp, timeout=10)
    old = fake_checker(tmp, "old", "")
    c = real.Ctx(a, old, real.checker_options(old), tmp)
    na = {r.key: r.na for r, _, _ in real.scan_rows(c, tmp, 2)}
    check("a checker without the options: cached and real rows n/a",
          na["check-cached"] == "n/a: needs --cache-dir" and
          na["check-real"] == "n/a: needs --headers" and
          na["check"] is None)
    new = fake_checker(tmp, "new", "      --cache-dir=DIR  cache\n"
                       "      --headers=WHICH  auto, real or bundled\n")
    c = real.Ctx(a, new, real.checker_options(new), tmp)
    rows = {r.key: (r, mk) for r, mk, _ in real.scan_rows(c, tmp, 2)}
    check("a checker with the options: every row measured",
          all(r.na is None for r, _ in rows.values()))
    rows["check-cached"][1]()
    c.cleanup()
    again, env = rows["check-cached"][1]()
    cache = [x for x in again if x.startswith("--cache-dir=")]
    check("the cached re-scan finds its cache filled in every round",
          len(cache) == 1 and
          os.path.isdir(cache[0].split("=", 1)[1]))
    argv, env = rows["check-real"][1]()
    check("--headers=real run gets its own cache directory",
          "--headers=real" in argv and
          any(x.startswith("--cache-dir=") for x in argv) and
          env["XDG_CACHE_HOME"] != os.environ.get("XDG_CACHE_HOME"))
    c.cleanup()


def test_tree_name(tmp):
    t = os.path.join(tmp, "some-dir")
    write(os.path.join(t, "Makefile"),
          "# SPDX\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 192\n")
    check("unconfigured tree named by version",
          real.tree_name(t) == "linux-6.1 unconfigured")
    write(os.path.join(t, ".config"), "CONFIG_X=y\n")
    write(os.path.join(t, "include", "generated", "autoconf.h"), "\n")
    check("configured tree named so", real.tree_name(t) ==
          "linux-6.1 configured")
    check("no path in the name", tmp not in real.tree_name(t))
    old = os.path.join(tmp, "old-dir")
    write(os.path.join(old, "Makefile"),
          "# SPDX\nVERSION = 2\nPATCHLEVEL = 4\nSUBLEVEL = 22\n")
    check("a 2.x tree named with its sublevel: 2.4.22 and 2.4.32 differ",
          real.tree_name(old) == "linux-2.4.22 unconfigured")


def test_digests(tmp):
    a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    for d in (a, b):
        write(os.path.join(d, "x", "y.c"), "int y;\n")
        write(os.path.join(d, "z.h"), "int z;\n")
    check("equal trees compare equal",
          real.differing(real.file_digests(a), real.file_digests(b)) == [])
    write(os.path.join(b, "x", "y.c"), "int Y;\n")
    write(os.path.join(b, "new.c"), "\n")
    check("a changed and an added file show",
          real.differing(real.file_digests(a), real.file_digests(b)) ==
          ["new.c", os.path.join("x", "y.c")])


def test_prepare_refuses_repo(tmp):
    inside = os.path.join(os.path.dirname(HERE), "out", "tree-inside-%d"
                          % os.getpid())
    # --from a tree that does not exist: were the guard broken, the script
    # would stop there instead of extracting a kernel into the repository.
    p = subprocess.run([os.path.join(HERE, "prepare-linux.sh"), "--from",
                        os.path.join(tmp, "no-such-tree"), inside,
                        os.path.join(tmp, "conf")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    created = os.path.exists(inside)
    if created:
        shutil.rmtree(inside)
    check("prepare-linux.sh refuses a tree inside the repository",
          p.returncode == 2 and "inside the repository" in p.stderr and
          not created)


def test_files_line(tmp):
    err = os.path.join(tmp, "err")
    write(err, "safeseek-check: 128 findings in 91 files\n"
               "safeseek-check: files: 153 analysed (0 compile database, 0 tree flags, "
               "153 fallback header), 55265 skipped, 0 failed, 149 with parse errors, "
               "16 left undecided without real headers\n")
    check("the scan's parse errors and undecided files read",
          real.files_line(err) == (153, 149, 16))
    write(err, "safeseek-check: files: 3 analysed (0 compile database, 0 tree flags, "
               "3 fallback header), 0 skipped, 0 failed\n")
    check("none of either reads as 0", real.files_line(err) == (3, 0, 0))
    check("no summary, no counts", real.files_line(os.path.join(tmp, "none")) is None)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for t in (test_findings, test_na_rows, test_tree_name, test_digests,
                  test_prepare_refuses_repo, test_files_line):
            sub = os.path.join(tmp, t.__name__)
            os.makedirs(sub)
            t(sub)
    print("%d passed, %d failed" % (len(PASSED), len(FAILED)))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())

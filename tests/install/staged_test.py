# SPDX-License-Identifier: GPL-2.0-only
"""The installed tree works with the repository out of reach.

usage: staged_test.py --cmake CMAKE --build BUILD --top TOP --frontdoor ON|OFF

Installs BUILD into a staging prefix (cmake --install --prefix STAGE) and
checks what is there.  Then, from a scratch directory outside the
repository holding a copy of the corpus, with an environment that names
neither the repository nor the build tree, and - where a mount namespace
can be had - with an empty directory mounted over both, it runs
  - STAGE/bin/safeseek-check over the corpus copy: the text and JSON
    findings equal those of the build tree's checker on the repository's
    corpus;
  - make C=1 CHECK=STAGE/bin/safeseek-check through a copy of
    tests/gate/kbuild's Makefile: the findings equal those of the build
    tree's checker driven the same way;
  - STAGE/bin/safeseek (the front door) over drivers/char of the corpus
    copy: its report equals run-check.sh's on the repository's.  With --frontdoor OFF
    (the tree does not install the front door yet) this part is reported as
    pending, and STAGE/bin/safeseek must not exist.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FINDING_RE = re.compile(r"^(.+?):(\d+):(\d+): (note|warning|error): (.*) \[([a-z0-9-]+)\]$")
# The files tests/gate/kbuild_test.py drives through Kbuild.
KBUILD_FILES = [
    "drivers/block/rawblk.c",
    "drivers/scsi/st_tape.c",
    "drivers/misc/lcd_panel.c",
    "kernel/sysctl.c",
    "net/sunrpc/sysctl.c",
    "arch/s390/mm/balloon.c",
    "fs/coda/sysctl.c",
]

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def inside(path, root):
    path, root = os.path.realpath(path), os.path.realpath(root)
    return path == root or path.startswith(root + os.sep)


class Away:
    """Runs commands away from the repository: a clean environment, a
    working directory outside it and, when the machine allows a mount
    namespace, the repository and build tree hidden under empty mounts."""

    def __init__(self, hidden, scratch):
        self.hidden = hidden
        self.empty = os.path.join(scratch, "empty")
        os.mkdir(self.empty)
        self.env = {}
        for k, v in os.environ.items():
            if any(h in v for h in hidden):
                continue
            self.env[k] = v
        self.env["PATH"] = os.pathsep.join(
            p for p in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
            if p and not any(inside(p, h) for h in hidden))
        self.prefix = self._namespace()

    def _namespace(self):
        mounts = " && ".join('mount --bind "$0" "$%d"' % (i + 1) for i in range(len(self.hidden)))
        shift = "shift %d && " % len(self.hidden)
        for extra in ([], ["--map-root-user"]):
            prefix = (["unshare", "--mount"] + extra +
                      ["sh", "-c", mounts + " && " + shift + 'exec "$@"', self.empty] + self.hidden)
            try:
                p = subprocess.run(prefix + ["ls", "-A"] + self.hidden, capture_output=True,
                                   text=True, env=self.env, timeout=60)
            except OSError:
                continue
            if p.returncode == 0 and p.stdout.strip() == "":
                print("the repository and the build tree are hidden under empty mounts")
                return prefix
        print("note: no mount namespace here (unshare failed); the repository is kept out "
              "of reach by the environment and the working directory only")
        return []

    def run(self, argv, cwd, **kw):
        return subprocess.run(self.prefix + argv, cwd=cwd, env=self.env, capture_output=True,
                              text=True, timeout=kw.pop("timeout", 900), **kw)


def text_findings(text):
    return sorted(l for l in text.splitlines() if FINDING_RE.match(l))


def check_layout(stage, top, build, frontdoor):
    want = ["bin/safeseek-check",
            "share/man/man1/safeseek-check.1",
            "share/doc/safeseek/README.md",
            "share/doc/safeseek/COPYING",
            "share/doc/safeseek/checker/README.md"]
    want += ["share/doc/safeseek/docs/" + n
             for n in sorted(os.listdir(os.path.join(top, "docs"))) if n.endswith(".md")]
    patches = sorted(n for n in os.listdir(os.path.join(top, "semantic-patches"))
                     if n.endswith(".cocci"))
    expect(patches, "the repository has semantic patches")
    want += ["share/safeseek/semantic-patches/" + n for n in patches]
    if frontdoor:
        want += ["bin/safeseek", "share/man/man1/safeseek.1",
                 "share/safeseek/python/safeseek/__main__.py"]
    for rel in want:
        expect(os.path.isfile(os.path.join(stage, rel)), "installed: %s" % rel)
    for rel in ("bin/safeseek-check",) + (("bin/safeseek",) if frontdoor else ()):
        expect(os.access(os.path.join(stage, rel), os.X_OK), "executable: %s" % rel)
    installed = sorted(n for n in os.listdir(os.path.join(stage, "share/safeseek/semantic-patches")))
    expect(installed == patches, "exactly the repository's semantic patches: %s" % installed)
    for rel in patches:
        with open(os.path.join(top, "semantic-patches", rel), "rb") as a, \
             open(os.path.join(stage, "share/safeseek/semantic-patches", rel), "rb") as b:
            expect(a.read() == b.read(), "%s installed unchanged" % rel)
    if not frontdoor:
        expect(not os.path.exists(os.path.join(stage, "bin/safeseek")),
               "no bin/safeseek while the front door is not installed")
    with open(os.path.join(stage, "share/man/man1/safeseek-check.1"), errors="replace") as f:
        man = f.read()
    expect(re.search(r"^\.TH SAFESEEK-CHECK \"?1", man, re.M) and "\\-\\-format" in man,
           "safeseek-check(1) is a manual page made from --help")
    # No installed text file names the source or the build tree.
    for d, _, files in os.walk(stage):
        for name in files:
            path = os.path.join(d, name)
            with open(path, "rb") as f:
                data = f.read()
            if data.startswith(b"\x7fELF"):
                continue
            for tree in (top, build):
                expect(os.fsencode(tree) not in data,
                       "%s does not name %s" % (os.path.relpath(path, stage), tree))
    out = subprocess.run(["readelf", "-d", os.path.join(stage, "bin/safeseek-check")],
                         capture_output=True, text=True).stdout
    for tree in (top, build):
        expect(tree not in out, "the installed checker's run path does not name %s" % tree)


def check_scan(away, stage, build, top, work):
    here = subprocess.run([os.path.join(build, "safeseek-check"), "-q", "corpus"], cwd=top,
                          capture_output=True, text=True)
    there = away.run([os.path.join(stage, "bin/safeseek-check"), "-q", "corpus"], cwd=work)
    expect(here.returncode == 1 and there.returncode == 1,
           "both checkers report findings (exit %d, %d): %s"
           % (here.returncode, there.returncode, there.stderr[-1000:]))
    a, b = text_findings(here.stdout), text_findings(there.stdout)
    expect(a and a == b, "the installed checker finds what the build tree's does (%d, %d "
           "findings; only in-tree: %s; only installed: %s)"
           % (len(a), len(b), sorted(set(a) - set(b))[:5], sorted(set(b) - set(a))[:5]))
    here = subprocess.run([os.path.join(build, "safeseek-check"), "-q", "--format=json",
                           "corpus"], cwd=top, capture_output=True, text=True)
    there = away.run([os.path.join(stage, "bin/safeseek-check"), "-q", "--format=json",
                      "corpus"], cwd=work)
    fa, fb = json.loads(here.stdout)["findings"], json.loads(there.stdout)["findings"]
    expect(fa and fa == fb, "the JSON findings agree too (%d, %d)" % (len(fa), len(fb)))
    print("scan: %d findings from the installed checker, as in the build tree" % len(b))


def kbuild(runner, checker, kbuild_dir, srctree, objtree):
    return runner(["make", "--no-print-directory", "-f", os.path.join(kbuild_dir, "Makefile"),
                   "srctree=" + srctree, "CHECK=" + checker, "C=1",
                   "FILES=" + " ".join(KBUILD_FILES)], cwd=objtree)


def check_kbuild(away, stage, build, top, work):
    kb = os.path.join(work, "kbuild")
    shutil.copytree(os.path.join(top, "tests", "gate", "kbuild"), kb)
    srctree = os.path.join(work, "corpus")

    def here_run(argv, cwd):
        return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=900)

    results = []
    for name, runner, checker in (("build tree", here_run, os.path.join(build, "safeseek-check")),
                                  ("installed", away.run, os.path.join(stage, "bin/safeseek-check"))):
        objtree = os.path.join(work, "objtree-" + name.replace(" ", "-"))
        os.mkdir(objtree)
        p = kbuild(runner, checker, kb, srctree, objtree)
        expect(p.returncode == 0, "make C=1 CHECK=<%s checker> exits 0: %s"
               % (name, p.stderr[-1500:]))
        expect(all("CHECK   %s/%s" % (srctree, f) in p.stdout for f in KBUILD_FILES),
               "Kbuild checked every file with the %s checker: %s" % (name, p.stdout[-1000:]))
        results.append(text_findings(p.stderr))
    expect(results[0] and results[0] == results[1],
           "make C=1 with the installed checker reports what the build tree's does "
           "(%d, %d findings)" % (len(results[0]), len(results[1])))
    print("kbuild: %d findings through make C=1 CHECK=<installed checker>" % len(results[1]))


# One directory of the corpus is enough to see the installed front door
# find its checker, patches and package; the whole corpus is the e2e tests'.
FRONTDOOR_DIR = "corpus/drivers/char"


def check_frontdoor(away, stage, build, top, work):
    env = dict(os.environ, SAFESEEK_BUILD_DIR=build)
    here = subprocess.run([os.path.join(top, "run-check.sh"), "-j2", FRONTDOOR_DIR], cwd=top,
                          env=env, capture_output=True, text=True, timeout=1800)
    there = away.run([os.path.join(stage, "bin/safeseek"), "-j2", FRONTDOOR_DIR], cwd=work,
                     timeout=1800)
    expect(here.returncode == there.returncode == 1,
           "both front doors exit 1 on the corpus (%d, %d): %s"
           % (here.returncode, there.returncode, there.stderr[-1500:]))
    expect(here.stdout and here.stdout == there.stdout,
           "the installed front door's report is run-check.sh's (%d, %d lines)"
           % (len(here.stdout.splitlines()), len(there.stdout.splitlines())))
    print("front door: the installed safeseek reports what run-check.sh does")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--top", required=True)
    ap.add_argument("--frontdoor", choices=("ON", "OFF"), required=True)
    args = ap.parse_args()
    top, build = os.path.realpath(args.top), os.path.realpath(args.build)
    frontdoor = args.frontdoor == "ON"

    scratch = tempfile.mkdtemp(prefix="safeseek-install-")
    try:
        if inside(scratch, top) or inside(scratch, build):
            print("FAIL: the scratch directory %s is inside the repository; set TMPDIR" % scratch)
            return 1
        stage = os.path.join(scratch, "stage")
        p = subprocess.run([args.cmake, "--install", build, "--prefix", stage],
                           capture_output=True, text=True)
        if not expect(p.returncode == 0, "cmake --install succeeds: %s" % p.stderr[-2000:]):
            return 1
        check_layout(stage, top, build, frontdoor)

        work = os.path.join(scratch, "work")
        os.mkdir(work)
        shutil.copytree(os.path.join(top, "corpus"), os.path.join(work, "corpus"))
        hidden = [top] + ([] if inside(build, top) else [build])
        away = Away(hidden, scratch)
        if away.prefix:
            p = away.run(["ls", "-A", top], cwd=work)
            expect(p.returncode == 0 and p.stdout == "", "the repository is out of reach")

        check_scan(away, stage, build, top, work)
        check_kbuild(away, stage, build, top, work)
        if frontdoor:
            check_frontdoor(away, stage, build, top, work)
        else:
            print("pending: the front door (bin/safeseek) is not installed by this tree yet; "
                  "its part of the test runs once python/safeseek is there")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

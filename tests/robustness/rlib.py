# SPDX-License-Identifier: GPL-2.0-only
"""Shared by the robustness tests: running the checker and run-check.sh on
hostile trees, as root or as an unprivileged user, and collecting failures."""

import json
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import expectations  # noqa: E402,F401  (re-exported for the tests)

SKIP = 77  # ctest SKIP_RETURN_CODE


class Skip(Exception):
    pass


class Test:
    """Command line: SCRIPT CASE --top SRC_DIR --build BUILD_DIR."""

    def __init__(self, argv, cases):
        import argparse
        ap = argparse.ArgumentParser()
        ap.add_argument("--top", required=True)
        ap.add_argument("--build", required=True)
        ap.add_argument("case", choices=sorted(cases))
        a = ap.parse_args(argv[1:])
        self.top = os.path.abspath(a.top)
        self.build = os.path.abspath(a.build)
        self.case = a.case
        self.cases = cases
        self.corpus = os.path.join(self.top, "corpus")
        self.expected = os.path.join(self.corpus, "expected")
        self.checker = os.path.join(self.build, "safeseek-check")
        self.failures = []
        self.tmp = None
        self._private_build = None

    # --- running ------------------------------------------------------------

    def main(self):
        self.tmp = os.path.realpath(tempfile.mkdtemp(prefix="safeseek-robust-"))
        # Readable by the unprivileged user some cases run as.
        os.chmod(self.tmp, 0o755)
        try:
            self.cases[self.case](self)
        except Skip as e:
            print("SKIP %s: %s" % (self.case, e))
            return SKIP
        finally:
            cleanup(self.tmp)
        if self.failures:
            print("%d check(s) failed in %s" % (len(self.failures), self.case))
            return 1
        print("ok %s" % self.case)
        return 0

    def expect(self, cond, what):
        if not cond:
            self.failures.append(what)
            print("FAIL:", what)
        return cond

    def run(self, argv, cwd=None, user=None, env=None, timeout=600, stdin=None):
        """(exit status, stdout bytes, stderr bytes, seconds)."""
        argv = [os.fsencode(a) if isinstance(a, bytes) else a for a in argv]
        if user is not None:
            argv = as_user(user) + argv
        full_env = dict(os.environ, **(env or {}))
        t0 = time.monotonic()
        p = subprocess.run(argv, cwd=cwd, env=full_env,
                           stdin=subprocess.DEVNULL if stdin is None else stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0

    def check(self, *args, cwd=None, user=None, timeout=600):
        rc, out, err, _ = self.run([self.checker] + list(args), cwd=cwd, user=user,
                                   timeout=timeout)
        return rc, out, err

    def private_build(self):
        """A build directory holding a copy of this build's checker that
        run-check.sh takes as up to date: it must neither rebuild it (the
        sources may be newer while others edit them, and an unprivileged
        user cannot) nor use another one."""
        if self._private_build is None:
            d = os.path.join(self.tmp, "build")
            os.makedirs(d)
            dst = os.path.join(d, "safeseek-check")
            shutil.copy2(self.checker, dst)
            later = time.time() + 10 * 365 * 86400
            os.utime(dst, (later, later))
            os.chmod(d, 0o755)
            self._private_build = d
        return self._private_build

    def run_check(self, args, cwd=None, user=None, timeout=1200):
        env = {"SAFESEEK_BUILD_DIR": self.private_build()}
        argv = [os.path.join(self.top, "run-check.sh")] + list(args)
        rc, out, err, _ = self.run(argv, cwd=cwd, user=user, env=env, timeout=timeout)
        return rc, out, err

    # --- trees --------------------------------------------------------------

    def path(self, *parts):
        return os.path.join(os.fsencode(self.tmp), *[os.fsencode(p) for p in parts])

    def kernel_tree(self, name):
        """An empty kernel-like tree: the corpus headers and nothing else."""
        root = self.path(name)
        shutil.copytree(os.fsencode(os.path.join(self.corpus, "include")),
                        os.path.join(root, b"include"))
        return root

    def corpus_copy(self, name, part=None):
        """The corpus without expected/, as a user's tree; with part, only
        those of its directories."""
        dest = self.path(name)
        os.makedirs(dest)
        for n in part or [n for n in sorted(os.listdir(self.corpus)) if n != "expected"]:
            src = os.path.join(self.corpus, n)
            if os.path.isdir(src):
                shutil.copytree(os.fsencode(src), os.path.join(dest, os.fsencode(n)),
                                symlinks=True)
        return dest

    def corpus_file(self, rel):
        return read(os.path.join(self.corpus, rel))

    def converted(self, rel):
        """A corpus file as every conversion leaves it."""
        exp = os.path.join(self.expected, rel)
        return read(exp if os.path.exists(exp) else os.path.join(self.corpus, rel))

    def converted_files(self, part=None):
        return [rel for rel in expectations.corpus_files(self.corpus, part=part)
                if self.converted(rel) != self.corpus_file(rel)]

    def a_converted_driver(self):
        for rel in self.converted_files():
            if rel.endswith(".c") and rel.startswith("drivers" + os.sep):
                return rel
        raise AssertionError("no corpus driver that a conversion changes")


# --- helpers ------------------------------------------------------------------

def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data, mode=None):
    os.makedirs(os.path.dirname(path) or b".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    if mode is not None:
        os.chmod(path, mode)


def cleanup(d):
    for root, dirs, files in os.walk(d):
        for name in dirs + files:
            p = os.path.join(root, name)
            if not os.path.islink(p):
                try:
                    os.chmod(p, 0o755)
                except OSError:
                    pass
    shutil.rmtree(d, ignore_errors=True)


def unprivileged_user():
    """A user that cannot read a file of mode 0, and a command prefix that
    runs as it; Skip when there is no way."""
    if os.geteuid() != 0:
        return None  # already unprivileged: run as we are
    try:
        pw = pwd.getpwnam("nobody")
    except KeyError:
        raise Skip("running as root and there is no user 'nobody' to drop to")
    if shutil.which("setpriv") is None and shutil.which("runuser") is None:
        raise Skip("running as root without setpriv or runuser to drop privileges")
    return pw


def as_user(pw):
    if pw is None:
        return []
    if shutil.which("setpriv"):
        return ["setpriv", "--reuid=%d" % pw.pw_uid, "--regid=%d" % pw.pw_gid,
                "--clear-groups", "--"]
    return ["runuser", "-u", pw.pw_name, "--"]


def lines_of(err):
    return [l for l in err.decode("utf-8", "surrogateescape").splitlines() if l]


FINDING_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note): "
                        r".*\[(?P<tag>[a-z_-]+)\]$")


def findings_of(out):
    """(file, line, tag) of every finding line of a text report."""
    found = []
    for l in out.decode("utf-8", "surrogateescape").splitlines():
        m = FINDING_RE.match(l)
        if m:
            found.append((m.group("file"), int(m.group("line")), m.group("tag")))
    return found


def strict_json(out):
    """The document, when out is strict UTF-8 JSON; raises otherwise."""
    return json.loads(out.decode("utf-8", "strict"))


def raw_controls(b):
    """Control bytes other than newline and tab in output bytes."""
    return sorted({c for c in b if (c < 0x20 and c not in (0x0a, 0x09)) or c == 0x7f})


def snapshot(top):
    snap = {}
    for root, dirs, files in os.walk(top):
        for name in dirs + files:
            p = os.path.join(root, name)
            st = os.lstat(p)
            rel = os.path.relpath(p, top)
            if stat.S_ISLNK(st.st_mode):
                snap[rel] = ("link", os.readlink(p))
            elif stat.S_ISREG(st.st_mode):
                snap[rel] = ("file", read(p), stat.S_IMODE(st.st_mode))
            else:
                snap[rel] = ("dir", stat.S_IMODE(st.st_mode))
    return snap


def stop_group(p):
    """What a run started with start_new_session left running is stopped,
    and the run waited for."""
    try:
        os.killpg(p.pid, 9)
    except ProcessLookupError:
        pass
    p.wait()

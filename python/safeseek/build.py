# SPDX-License-Identifier: GPL-2.0-only
"""The checker of a source tree, built with CMake when it is missing, older
than anything under checker/, cmake/ or CMakeLists.txt, or built against
another libclang than cmake/LibClangVersion.cmake names (as its --version
says).

Every run holds a shared lock on the build directory while it uses the
checker; a rebuild takes it exclusively, so it neither replaces the binary
under a running check nor runs twice when runs start together.
"""

import fcntl
import os
import re
import stat
import subprocess
import sys

from .common import Fatal, info

LOCK = ".run-check.lock"
LOG = "run-check-build.log"

# The lock's descriptor: held until the process ends.
_held = None


def find(build_dir):
    """The built checker, or None."""
    for c in (os.path.join(build_dir, "safeseek-check"),
              os.path.join(build_dir, "checker", "safeseek-check")):
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def _newer(path, than):
    """Whether path, or anything below it, changed after `than` (ns).
    Symbolic links are not followed: a link counts by its own time."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if st.st_mtime_ns > than:
        return True
    if not stat.S_ISDIR(st.st_mode):
        return False
    for dirpath, dirs, files in os.walk(path):
        for name in dirs + files:
            try:
                if os.lstat(os.path.join(dirpath, name)).st_mtime_ns > than:
                    return True
            except OSError:
                pass
    return False


def _cmake_value(path, pattern):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(pattern, line)
                if m:
                    return m.group(1)
    except OSError:
        pass
    return None


def libclang_wanted(top):
    """The LLVM release the checker must be built against."""
    return _cmake_value(os.path.join(top, "cmake", "LibClangVersion.cmake"),
                        r"set\(SAFESEEK_LIBCLANG_VERSION (\d+)\)$")


def libclang_built(checker):
    """The LLVM release the checker says it was built against, or None."""
    try:
        out = subprocess.run([checker, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(rb"built against libclang (\d+) ", out)
    return m.group(1).decode() if m else None


def stale(top, build_dir):
    checker = find(build_dir)
    if checker is None:
        return True
    if libclang_built(checker) != libclang_wanted(top):
        return True
    built = os.stat(checker).st_mtime_ns
    return any(_newer(os.path.join(top, p), built) for p in ("checker", "cmake", "CMakeLists.txt"))


def _lock(path, how):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    fcntl.flock(fd, how)
    return fd


def _build(top, build_dir, jobs):
    log = os.path.join(build_dir, LOG)
    steps = (["cmake", "-S", top, "-B", build_dir],
             ["cmake", "--build", build_dir, "--target", "safeseek-check", "-j", str(jobs)])
    with open(log, "wb") as f:
        for cmd in steps:
            try:
                ok = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode == 0
            except OSError as e:
                raise Fatal("cannot run %s: %s" % (cmd[0], e.strerror))
            if not ok:
                break
    if not ok:
        with open(log, encoding="utf-8", errors="replace") as f:
            sys.stderr.write("".join(f.readlines()[-30:]))
        raise Fatal("building the checker failed (full log: %s)" % log)


def checker(top, build_dir, jobs):
    """The checker of the tree at top, built first when stale; the build
    directory stays locked (shared) until the run ends."""
    global _held
    lock = os.path.join(build_dir, LOCK)
    if stale(top, build_dir):
        try:
            os.makedirs(build_dir, exist_ok=True)
        except OSError:
            raise Fatal("cannot create the build directory %s" % build_dir)
        try:
            _held = _lock(lock, fcntl.LOCK_EX)
        except OSError:
            raise Fatal("cannot write in the build directory %s" % build_dir)
        if stale(top, build_dir):
            info("building the checker in %s" % build_dir)
            _build(top, build_dir, jobs)
            built = find(build_dir)
            if built is None:
                raise Fatal("the build did not produce safeseek-check in %s" % build_dir)
            # Up to date now, even when the newer source changed nothing.
            os.utime(built)
        fcntl.flock(_held, fcntl.LOCK_SH)
    else:
        try:
            _held = _lock(lock, fcntl.LOCK_SH)
        except OSError:
            pass  # a build directory we may not write in: the run goes on unlocked
    return find(build_dir)

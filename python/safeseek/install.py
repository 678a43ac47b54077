# SPDX-License-Identifier: GPL-2.0-only
"""Putting converted files in place: one rename per file, nothing else.

Each file's new bytes go to a temporary file in the same directory, get the
old file's permission bits (and owner, when we may), are flushed to disk, and
replace the old file with one rename(2).  Whatever stops the run, a file is
either its old bytes or its new ones.

The directory is reached from the PATH's real location one component at a
time without following symbolic links, so a link inside the tree can never
lead a write outside it, and the file itself must still be a regular file
holding exactly the bytes the conversion started from.
"""

import errno
import os
import re
import secrets
import signal
import stat

TEMP_RE = re.compile(r"^\..+\.safeseek-[0-9a-f]{12}\.tmp$")

# While one file is being replaced, these signals wait: the replacement
# finishes (or is undone) first.
DEFERRED = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


def helper_thread():
    """Called first in a thread of its own: the signals the installer
    defers are never delivered to it.  A signal goes to any thread that
    does not block it, so one such thread would let a signal through while
    the main thread holds it back, in the middle of a replacement."""
    signal.pthread_sigmask(signal.SIG_BLOCK, DEFERRED)


class Refused(Exception):
    pass


def _open_dir(root, rel_dir):
    """A descriptor of root/rel_dir, reached without following any symlink
    below root."""
    flags = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(root, flags)
    try:
        for part in [p for p in rel_dir.split(os.sep) if p not in ("", ".")]:
            if part == "..":
                raise Refused("path leaves the tree")
            try:
                nfd = os.open(part, flags, dir_fd=fd)
            except OSError as e:
                if e.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise Refused("%s is a symbolic link or not a directory" % part)
                raise
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_at(dfd, name):
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=dfd)
    try:
        chunks = []
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            chunks.append(b)
        return b"".join(chunks)
    finally:
        os.close(fd)


def replace(source, old, new):
    """Replace source's file (found under its PATH) by `new`, if it still
    holds `old`.  Raises Refused or OSError; the file is then unchanged."""
    root = source.root
    if root.is_dir:
        base, rel = root.path, source.rel
    else:
        base, rel = os.path.dirname(root.path), os.path.basename(root.path)
    rel_dir, name = os.path.split(rel)
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, DEFERRED)
    try:
        dfd = _open_dir(base, rel_dir)
        try:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                raise Refused("no longer a regular file")
            if _read_at(dfd, name) != old:
                raise Refused("changed while the conversion ran")
            tmp = ".%s.safeseek-%s.tmp" % (name, secrets.token_hex(6))
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                         0o600, dir_fd=dfd)
            try:
                try:
                    view = memoryview(new)
                    while view:
                        view = view[os.write(fd, view):]
                    os.fchmod(fd, stat.S_IMODE(st.st_mode))
                    try:
                        os.fchown(fd, st.st_uid, st.st_gid)
                    except PermissionError:
                        pass
                    os.fsync(fd)
                finally:
                    os.close(fd)
                os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except BaseException:
                try:
                    os.unlink(tmp, dir_fd=dfd)
                except OSError:
                    pass
                raise
            try:
                os.fsync(dfd)
            except OSError:
                pass
        finally:
            os.close(dfd)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)


def stale_temporaries(roots):
    """Temporary files a killed run left behind: (display path, real path)."""
    found = []
    for root in roots:
        if not root.is_dir:
            continue
        for dirpath, dirs, files in os.walk(root.path, followlinks=False):
            for name in files:
                if TEMP_RE.match(name):
                    path = os.path.join(dirpath, name)
                    if stat.S_ISREG(os.lstat(path).st_mode):
                        rel = os.path.relpath(path, root.path)
                        found.append((os.path.normpath(os.path.join(root.display, rel)), path))
    return found

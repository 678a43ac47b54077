# SPDX-License-Identifier: GPL-2.0-only
"""Room for the run's temporary files.

A full temporary directory makes spatch crash (it retries a temporary file
a thousand times, then dies of a signal) and the checker fail on its
precompiled headers: neither says why.  The run looks before it starts and
again whenever one of them fails, and then says "No space left on device",
naming the directory.
"""

import errno
import os

from .common import Fatal

# Less than this free, or no inode left: nothing the run starts would get far.
LOW = 1 << 20


def lacking(d):
    """A message when the file system of d is (nearly) full, else None."""
    try:
        st = os.statvfs(d)
    except OSError:
        return None
    free = st.f_bavail * st.f_frsize
    if free >= LOW and not (st.f_files and st.f_favail == 0):
        return None
    return ("No space left on device: %s, where the run keeps its temporary files, has "
            "%d KiB free%s; make room there or point TMPDIR at another directory"
            % (d, free // 1024, " and no inode" if st.f_files and st.f_favail == 0 else ""))


def check(d, failed=None):
    """Stop the run when d's file system is full; `failed` names what just
    failed for want of room, if anything did."""
    msg = lacking(d)
    if msg:
        raise Fatal("%s%s" % (failed + " failed: " if failed else "", msg))


def is_full(e):
    return isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT)

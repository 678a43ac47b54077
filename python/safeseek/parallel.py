# SPDX-License-Identifier: GPL-2.0-only
"""Running independent steps side by side.

Each step is mostly a wait on processes.  The three runs in which spatch
only chooses the files of each patch read the whole tree on about one core
each: side by side, and beside the checker's first scan, they took 5 s
where one after the other took 7 s on the 15,000-file bench tree.  (Sparse,
the second pass and the checker's re-scan gained nothing measurable from
the same treatment, and stay one after the other.)
"""

import os
import signal
import subprocess
import threading

from . import install

_live = set()
_lock = threading.Lock()
_stopping = False


class Stopped(Exception):
    """The run is being stopped: no new process is started."""


def run(cmd, on_line=None, own_group=False, **kw):
    """(exit status, stdout, stderr) of cmd, as subprocess.run gives them,
    in a way at_once can stop.  on_line, when given, sees each line of
    standard error (a pipe, in text mode; or standard output, when standard
    error goes there) as it comes.  own_group: cmd runs in a process group
    of its own, so that stopping it stops what it started too (spatch's
    workers) before the run removes the directory they write in; a signal
    to the run's group then reaches the run alone, which stops it."""
    with _lock:
        if _stopping:
            raise Stopped()
        p = subprocess.Popen(cmd, start_new_session=own_group, **kw)
        _live.add(p)
    try:
        out, err = p.communicate() if on_line is None else _by_line(p, on_line)
    except BaseException:
        _kill(p)
        raise
    finally:
        with _lock:
            _live.discard(p)
    return p.returncode, out, err


def _kill(p):
    try:
        if os.getpgid(p.pid) == p.pid:
            os.killpg(p.pid, signal.SIGKILL)
        else:
            p.kill()
    except (ProcessLookupError, PermissionError):
        p.kill()
    p.wait()


def _by_line(p, on_line):
    """communicate(), with each line of p's standard error handed to
    on_line as it is read."""
    lines = []
    if p.stderr is None:
        for line in p.stdout:
            lines.append(line)
            on_line(line)
        p.wait()
        return "".join(lines), None

    def read_err():
        install.helper_thread()
        for line in p.stderr:
            lines.append(line)
            on_line(line)

    reader = threading.Thread(target=read_err, daemon=True)
    reader.start()
    out = p.stdout.read() if p.stdout else None
    reader.join()
    p.wait()
    return out, "".join(lines)


def at_once(*calls):
    """Call each of calls in a thread of its own and return their results in
    order; the first exception of one is raised once all have ended.  When
    the wait itself is interrupted (SIGINT), every process they started is
    killed, as subprocess.run kills its own."""
    results = [None] * len(calls)
    errors = [None] * len(calls)

    def body(i, call):
        try:
            results[i] = call()
        except BaseException as e:  # handed to the caller below
            errors[i] = e

    threads = [threading.Thread(target=body, args=(i, c), daemon=True)
               for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except BaseException:
        global _stopping
        with _lock:
            _stopping = True
            procs = list(_live)
        for p in procs:
            _kill(p)
        for t in threads:
            t.join()
        raise
    for e in errors:
        if e is not None:
            raise e
    return results

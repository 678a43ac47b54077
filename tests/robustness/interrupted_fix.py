# SPDX-License-Identifier: GPL-2.0-only
"""run-check.sh --fix stopped at many points of its run, by SIGINT, SIGTERM
or SIGKILL, sent to run-check.sh alone or to its whole process group (as a
terminal's Ctrl-C does): every file of the tree is afterwards either its
old bytes or its fully converted bytes, nothing else appears in the tree
but the temporary files a SIGKILL can leave, and the next --fix finishes
the job.

The points are spread over the whole run (scanning, converting on the
scratch copy, installing, verifying); around the installation they are
milliseconds apart.  The first run stopped after 'installing' times the
run up to there, which places the others.
"""

import os
import re
import signal
import subprocess
import sys
import time

from rlib import Test, expectations, read

TEMP_RE = re.compile(rb"^\..+\.safeseek-[0-9a-f]+\.tmp$")
SIGNALS = [(signal.SIGINT, "group"), (signal.SIGKILL, "main"), (signal.SIGINT, "main"),
           (signal.SIGKILL, "group"), (signal.SIGTERM, "main")]


def start_fix(t, tree):
    env = dict(os.environ, SAFESEEK_BUILD_DIR=t.private_build())
    return subprocess.Popen([os.path.join(t.top, "run-check.sh"), "--fix", "-j", "2", tree],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def interrupt(t, tree, sig, whom, at, after_install):
    """Run --fix, send sig to whom `at` seconds after the start (or after
    'installing' appears); returns (exit status, whether it got there,
    seconds from the start to 'installing' or None)."""
    p = start_fix(t, tree)
    t0 = time.monotonic()
    reached = False
    installing = None
    try:
        if after_install:
            for line in p.stderr:
                if b"installing" in line:
                    reached = True
                    installing = time.monotonic() - t0
                    break
            if not reached:
                return p.wait(), False, None
            if at:
                time.sleep(at)
        else:
            # keep reading standard error so that the run never blocks on it
            import threading
            threading.Thread(target=p.stderr.read, daemon=True).start()
            left = at - (time.monotonic() - t0)
            try:
                p.wait(timeout=max(left, 0))
                return p.returncode, False, None
            except subprocess.TimeoutExpired:
                reached = True
        try:
            if whom == "group":
                os.killpg(p.pid, sig)
            else:
                p.send_signal(sig)
        except ProcessLookupError:
            pass
        try:
            rc = p.wait(timeout=300)
        except subprocess.TimeoutExpired:
            t.expect(False, "--fix did not stop within 300 s of %s" % signal.Signals(sig).name)
            os.killpg(p.pid, signal.SIGKILL)
            rc = p.wait()
        return rc, reached, installing
    finally:
        # what a signal to run-check.sh alone leaves running (spatch, the
        # checker) is stopped before the tree is looked at
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if p.poll() is None:
            p.wait()


def all_files(top):
    for root, dirs, files in os.walk(top):
        for n in files:
            yield os.path.relpath(os.path.join(root, n), top)


def state(t, tree):
    """(files neither old nor converted, stray files, temporaries, converted)."""
    known = set(os.fsencode(r) for r in expectations.corpus_files(t.corpus))
    mixed, converted = [], 0
    changing = set(os.fsencode(r) for r in t.converted_files())
    for rel in known:
        got = read(os.path.join(tree, rel))
        old, new = t.corpus_file(os.fsdecode(rel)), t.converted(os.fsdecode(rel))
        if got not in (old, new):
            mixed.append(rel)
        elif rel in changing and got == new:
            converted += 1
    temps, stray = [], []
    for rel in all_files(tree):
        # The corpus's other files (the Makefiles of corpus/modern) were there.
        if rel in known or os.path.isfile(os.path.join(os.fsencode(t.corpus), rel)):
            continue
        (temps if TEMP_RE.match(os.path.basename(rel)) else stray).append(rel)
    return mixed, stray, temps, converted


def case_points(t):
    n_conv = len(t.converted_files())
    int_group, kill_main, int_main, kill_group, term_main = SIGNALS
    # In the order run: three stops around the installation (where a stop
    # could leave a file half-written), the first of which times the run up
    # to there; two before it and one while the result is verified, at
    # shares of that time (before it, or after it).  (at, a share?, after
    # 'installing'?, (signal, target))
    points = [(0, False, True, int_main), (0.003, False, True, kill_group),
              (0.03, False, True, term_main), (0.1, True, False, int_group),
              (0.6, True, False, kill_main), (0.35, True, True, int_group)]
    installing = None
    partial = 0
    tree = None
    for i, (at, share, after_install, (sig, whom)) in enumerate(points):
        if share:
            if installing is None:
                t.expect(False, "no run reached 'installing' to time the others by")
                return
            at *= installing
        tree = t.corpus_copy("tree%d" % i)
        rc, reached, took = interrupt(t, tree, sig, whom, at, after_install)
        if installing is None and took is not None:
            installing = took
            print("'installing' after %.1f s" % took)
        what = "%s to %s %s %.3f s" % (signal.Signals(sig).name,
                                       "run-check.sh" if whom == "main" else "its group",
                                       "after 'installing' +" if after_install else "at", at)
        mixed, stray, temps, converted = state(t, tree)
        print("%-50s exit %4s  converted %2d of %d%s" % (what, rc, converted, n_conv,
                                                          "" if reached else " (ended first)"))
        t.expect(not mixed, "%s: files neither old nor converted: %s" % (what, mixed))
        t.expect(not stray, "%s: files that were not there before: %s" % (what, stray))
        if sig != signal.SIGKILL:
            t.expect(not temps, "%s: temporary files left: %s" % (what, temps))
            t.expect(rc in (0, 1, 2, 130, 143, -sig) or not reached,
                     "%s: exit status %d" % (what, rc))
        if 0 < converted < n_conv:
            partial += 1
    print("%d of %d interrupted runs stopped between two installed files" % (partial, len(points)))

    # The next run finishes the job and clears the temporaries.
    rc, out, err = t.run_check(["--fix", "-j", "2", tree])
    mixed, stray, temps, converted = state(t, tree)
    t.expect(rc == 0 and converted == n_conv and not temps and not stray and not mixed,
             "--fix after an interrupted one: exit %d, %d of %d converted, temporaries %s"
             % (rc, converted, n_conv, temps))


CASES = {"points": case_points}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

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
run up to there, which places the others.  The tree is the part of the
corpus that holds the sysctl contract and drivers/char: every patch but
stream_open converts in it, a third of the corpus's spatch time a run.

compile-phase: with a file the conversion breaks, in the part of the corpus
that holds its sysctl contract, --fix stopped while it
compiles what it installed.  SIGINT puts every unverified file back; after
SIGKILL the journal stays, report mode calls the tree unverified, and the
next --fix puts the files back first, then converts and verifies anew: the
broken file is never left converted under a clean status.
"""

import os
import re
import signal
import subprocess
import sys
import time

from rlib import Test, expectations, read, stop_group, write

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from run_check_e2e import BROKEN_BY_CONVERSION  # noqa: E402

TEMP_RE = re.compile(rb"^\..+\.safeseek-[0-9a-f]+\.tmp$")
JOURNAL = ".safeseek-fix-journal"
SIGNALS = [(signal.SIGINT, "group"), (signal.SIGKILL, "main"), (signal.SIGINT, "main"),
           (signal.SIGKILL, "group"), (signal.SIGTERM, "main")]


def default_signals():
    # A shell started in the background ignores SIGINT, and a script cannot
    # trap a signal ignored on entry: the run under test would finish with
    # exit 0 and a "stopped" run could not be told from one that ignored it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def start_fix(t, tree):
    env = dict(os.environ, SAFESEEK_BUILD_DIR=t.private_build())
    return subprocess.Popen([os.path.join(t.top, "run-check.sh"), "--fix", "-j", "2", tree],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=default_signals)


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


def state(t, tree, added=(), part=None):
    """(files neither old nor converted, stray files, temporaries, converted)
    of a copy of the corpus (of its part); the journal of --fix counts among
    the temporaries."""
    known = set(os.fsencode(r) for r in expectations.corpus_files(t.corpus, part=part))
    mixed, converted = [], 0
    changing = set(os.fsencode(r) for r in t.converted_files(part))
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
        if rel in known or rel in added \
                or os.path.isfile(os.path.join(os.fsencode(t.corpus), rel)):
            continue
        temp = TEMP_RE.match(os.path.basename(rel)) or rel.split(os.sep.encode())[0] == JOURNAL.encode()
        (temps if temp else stray).append(rel)
    return mixed, stray, temps, converted


def case_points(t):
    part = expectations.CONTRACT_PART
    n_conv = len(t.converted_files(part))
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
        tree = t.corpus_copy("tree%d" % i, part)
        rc, reached, took = interrupt(t, tree, sig, whom, at, after_install)
        if installing is None and took is not None:
            installing = took
            print("'installing' after %.1f s" % took)
        what = "%s to %s %s %.3f s" % (signal.Signals(sig).name,
                                       "run-check.sh" if whom == "main" else "its group",
                                       "after 'installing' +" if after_install else "at", at)
        mixed, stray, temps, converted = state(t, tree, part=part)
        print("%-50s exit %4s  converted %2d of %d%s" % (what, rc, converted, n_conv,
                                                          "" if reached else " (ended first)"))
        t.expect(not mixed, "%s: files neither old nor converted: %s" % (what, mixed))
        t.expect(not stray, "%s: files that were not there before: %s" % (what, stray))
        if sig != signal.SIGKILL:
            t.expect(not temps, "%s: temporary files or a journal left: %s" % (what, temps))
            t.expect(rc in (0, 1, 2, 130, 143, -sig) or not reached,
                     "%s: exit status %d" % (what, rc))
        if 0 < converted < n_conv:
            partial += 1
    print("%d of %d interrupted runs stopped between two installed files" % (partial, len(points)))

    # The next run finishes the job and clears the temporaries.
    rc, out, err = t.run_check(["--fix", "-j", "2", tree])
    mixed, stray, temps, converted = state(t, tree, part=part)
    t.expect(rc == 0 and converted == n_conv and not temps and not stray and not mixed,
             "--fix after an interrupted one: exit %d, %d of %d converted, temporaries %s"
             % (rc, converted, n_conv, temps))


def watch_until(p, text):
    """Read p's standard error until a line holds text; the lines read."""
    seen = []
    for line in p.stderr:
        seen.append(line.decode("utf-8", "replace"))
        if text.search(seen[-1]):
            break
    return seen


COMPILING_RE = re.compile(r"^run-check\.sh: compiling \d+ converted files")


def stop_while_compiling(t, tree, sig):
    """--fix on tree, sig sent to its group once it says it compiles what it
    installed: (exit status, its standard error)."""
    p = start_fix(t, tree)
    try:
        seen = watch_until(p, COMPILING_RE)
        t.expect(COMPILING_RE.search(seen[-1] if seen else ""),
                 "--fix never said it compiles what it installed:\n" + "".join(seen))
        os.killpg(p.pid, sig)
        rest = p.stderr.read().decode("utf-8", "replace")
        return p.wait(timeout=300), "".join(seen) + rest
    finally:
        stop_group(p)


def case_compile_phase(t):
    broken_rel = os.path.join("kernel", "local_reset.c")
    # The sysctl contract the broken file is part of lies in this part.
    part = expectations.CONTRACT_PART
    n_conv = len(t.converted_files(part))

    def tree_with_broken(name):
        tree = t.corpus_copy(name, part)
        write(os.path.join(tree, os.fsencode(broken_rel)), BROKEN_BY_CONVERSION)
        return tree

    def broken_now(tree):
        return read(os.path.join(tree, os.fsencode(broken_rel))).decode()

    # SIGINT: what was installed and not yet compiled goes back.
    tree = tree_with_broken("int")
    rc, err = stop_while_compiling(t, tree, signal.SIGINT)
    mixed, stray, temps, converted = state(t, tree, [os.fsencode(broken_rel)], part)
    print("SIGINT while compiling: exit %d, converted %d of %d" % (rc, converted, n_conv))
    t.expect(rc == 130, "SIGINT while compiling: exit %d, not 130:\n%s" % (rc, err))
    t.expect(broken_now(tree) == BROKEN_BY_CONVERSION,
             "SIGINT while compiling left %s converted, unverified:\n%s" % (broken_rel, err))
    t.expect(converted == 0 and not mixed and not stray and not temps,
             "SIGINT while compiling: converted %d, mixed %s, stray %s, temporaries %s"
             % (converted, mixed, stray, temps))
    t.expect(re.search(r"put back \d+ converted files no compiler had verified", err),
             "SIGINT while compiling: the files put back are not said:\n" + err)

    # SIGKILL: the journal stays and the next runs act on it.
    tree = tree_with_broken("kill")
    rc, err = stop_while_compiling(t, tree, signal.SIGKILL)
    journal = os.path.join(tree, os.fsencode(JOURNAL))
    print("SIGKILL while compiling: exit %d, journal %s" % (rc, os.path.isdir(journal)))
    t.expect(os.path.isdir(journal), "SIGKILL while compiling left no journal")
    rc, out, err = t.run_check(["-j", "2", tree])
    t.expect(rc == 1 and "unverified" in err.decode(),
             "report mode on a tree with unverified files: exit %d, not 1 with a warning:\n%s"
             % (rc, err.decode()))
    rc, out, err = t.run_check(["--fix", "-j", "2", tree])
    out, err = out.decode(), err.decode()
    print("--fix after it: exit %d" % rc)
    t.expect(rc == 1, "--fix after a SIGKILL while compiling: exit %d, not 1:\n%s\n%s"
             % (rc, out, err))
    t.expect(re.search(r"left \d+ converted files? no compiler had verified", err),
             "--fix does not say it put back what the killed run left:\n" + err)
    t.expect(broken_now(tree) == BROKEN_BY_CONVERSION,
             "--fix after a SIGKILL while compiling left %s converted" % broken_rel)
    t.expect(re.search(r"^put back as they were.*\n  \S*kernel/local_reset\.c:", out, re.M),
             "--fix after a SIGKILL does not name the file it put back:\n" + out)
    t.expect(not os.path.exists(journal), "the journal is still there after --fix")
    rc, out, err = t.run_check(["--fix", "-j", "2", tree])
    t.expect(rc == 1 and broken_now(tree) == BROKEN_BY_CONVERSION,
             "a third --fix: exit %d (a tree holding a file the conversion breaks is not "
             "clean), the file %s" % (rc, "as it was" if broken_now(tree) == BROKEN_BY_CONVERSION
                                      else "converted"))


CASES = {"points": case_points, "compile-phase": case_compile_phase}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

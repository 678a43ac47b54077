# SPDX-License-Identifier: GPL-2.0-only
"""run-check.sh when there is no room, and what it leaves in $TMPDIR.

  full-stdout     standard output on /dev/full, in every mode and for
                  --help: one line "cannot write standard output: No space
                  left on device", exit 2, no traceback
  full-tmpdir     $TMPDIR a full file system (a small tmpfs, mounted here
                  when allowed): exit 2 with "No space left on device"
                  naming it, no spatch crash reported per file; the same
                  when it fills once spatch has started
  tmpdir-signals  a report run and a --fix stopped by SIGINT or SIGTERM once
                  spatch has started leave nothing in $TMPDIR (spatch's
                  files and the checker's precompiled headers included)
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time

from rlib import Skip, Test, lines_of, stop_group

FULL_RE = re.compile(r"No space left on device")
PROGRESS_RE = re.compile(r"^run-check\.sh: (choosing|converting|installing|compiling|a second pass)")


def case_full_stdout(t):
    tree = t.corpus_copy("tree")
    char = os.path.join(tree, b"drivers", b"char")
    runs = [["--help"], [char], ["--mode=patch", char], ["--mode=context", char],
            ["--mode=org", char], ["--fix", "-j", "2", char]]
    for args in runs:
        env = dict(os.environ, SAFESEEK_BUILD_DIR=t.private_build())
        with open("/dev/full", "wb") as full:
            p = subprocess.run([os.path.join(t.top, "run-check.sh")] + args, env=env,
                               stdin=subprocess.DEVNULL, stdout=full, stderr=subprocess.PIPE,
                               timeout=1200)
        # --fix shows its progress first.
        err = [l for l in lines_of(p.stderr) if not PROGRESS_RE.match(l)]
        what = " ".join(os.fsdecode(a).replace(os.fsdecode(tree), "TREE") for a in args)
        print("%-32s exit %d: %s" % (what, p.returncode, err[-1] if err else "(nothing)"))
        t.expect(p.returncode == 2, "%s > /dev/full: exit %d, not 2" % (what, p.returncode))
        t.expect(len(err) == 1 and err[0].endswith(
            "cannot write standard output: No space left on device"),
            "%s > /dev/full: not one line saying so:\n%s" % (what, "\n".join(err)))


class Tmpfs:
    """A tmpfs of `size` mounted in dir, or Skip with the reason."""

    def __init__(self, t, name, size):
        self.dir = os.path.join(os.fsdecode(t.tmp), name)
        os.makedirs(self.dir)
        p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s" % size, "tmpfs", self.dir],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise Skip("cannot mount a small tmpfs to fill (%s)"
                       % p.stdout.decode(errors="replace").strip().splitlines()[-1:])

    def fill(self):
        with open(os.path.join(self.dir, "fill"), "wb") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        subprocess.run(["umount", "-l", self.dir])


def start(t, args, tmpdir):
    env = dict(os.environ, SAFESEEK_BUILD_DIR=t.private_build(), TMPDIR=tmpdir)
    return subprocess.Popen([os.path.join(t.top, "run-check.sh")] + args, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def wait_for_spatch(tmpdir, p, limit=600):
    """Until spatch has been given its files' directory in the run's
    scratch directory under tmpdir (or the run ends): whether it was."""
    end = time.monotonic() + limit
    while p.poll() is None and time.monotonic() < end:
        for n in os.listdir(tmpdir):
            if os.path.isdir(os.path.join(tmpdir, n, "spatch-files")):
                return True
        time.sleep(0.05)
    return False


def case_full_tmpdir(t):
    tree = t.corpus_copy("tree")
    with Tmpfs(t, "full", "64k") as fs:
        fs.fill()
        rc, out, err, _ = t.run([os.path.join(t.top, "run-check.sh"), "-j", "2", tree],
                                env={"SAFESEEK_BUILD_DIR": t.private_build(), "TMPDIR": fs.dir})
        err = lines_of(err)
        print("TMPDIR full from the start: exit %d: %s" % (rc, err[-1] if err else ""))
        t.expect(rc == 2 and len(err) == 1 and FULL_RE.search(err[0]) and fs.dir in err[0],
                 "a full TMPDIR: exit %d, messages:\n%s" % (rc, "\n".join(err)))
    with Tmpfs(t, "fills", "4m") as fs:
        p = start(t, ["-j", "2", tree], fs.dir)
        got = []
        reader = threading.Thread(target=lambda: got.append(p.stderr.read()), daemon=True)
        reader.start()
        reached = wait_for_spatch(fs.dir, p)
        fs.fill()
        rc = p.wait(timeout=1200)
        reader.join()
        err = lines_of(got[0])
        print("TMPDIR filled once spatch started: exit %d: %s" % (rc, err[-1] if err else ""))
        t.expect(reached, "the run never started spatch")
        t.expect(rc == 2 and any(FULL_RE.search(l) for l in err),
                 "TMPDIR filled during the run: exit %d, messages:\n%s" % (rc, "\n".join(err)))
        t.expect(not any("spatch failed" in l for l in err),
                 "a full TMPDIR reported as spatch failing on files:\n" + "\n".join(err))
        left = os.listdir(fs.dir)
        t.expect(left == ["fill"], "left in TMPDIR: %s" % left)


def case_tmpdir_signals(t):
    for i, (args, sig, whom) in enumerate([
            (["-j", "2"], signal.SIGINT, "group"), (["-j", "2"], signal.SIGTERM, "main"),
            (["--fix", "-j", "2"], signal.SIGTERM, "group"),
            (["--fix", "-j", "2"], signal.SIGINT, "main")]):
        tree = t.corpus_copy("tree%d" % i)
        tmpdir = os.path.join(os.fsdecode(t.tmp), "tmp%d" % i)
        os.makedirs(tmpdir)
        p = start(t, args + [tree], tmpdir)
        try:
            reached = wait_for_spatch(tmpdir, p)
            if whom == "group":
                os.killpg(p.pid, sig)
            else:
                p.send_signal(sig)
            p.stderr.read()
            rc = p.wait(timeout=300)
        finally:
            stop_group(p)
        what = "%s, %s to %s" % (" ".join(args), signal.Signals(sig).name, whom)
        left = os.listdir(tmpdir)
        print("%-36s exit %d, left in TMPDIR: %s" % (what, rc, left))
        t.expect(reached, "%s: spatch never started" % what)
        t.expect(rc == 128 + sig, "%s: exit %d, not %d" % (what, rc, 128 + sig))
        t.expect(not left, "%s: left in TMPDIR: %s" % (what, left))


CASES = {"full-stdout": case_full_stdout, "full-tmpdir": case_full_tmpdir,
         "tmpdir-signals": case_tmpdir_signals}

if __name__ == "__main__":
    sys.exit(Test(sys.argv, CASES).main())

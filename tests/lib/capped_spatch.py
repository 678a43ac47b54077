# SPDX-License-Identifier: GPL-2.0-only
"""spatch run on files as `make coccicheck` runs it, stopped after a number
of CPU seconds: for the tests and the benchmark that hold a semantic patch
to a cost."""

import argparse
import resource
import signal
import subprocess
import sys


def arguments(doc):
    """The command line of a test that runs a generated file through the
    patches of a directory within a cap: --spatch, --cap, PATCH_DIR, GEN."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--cap", type=int, default=60, help="CPU seconds a run may take")
    ap.add_argument("patch_dir", help="the semantic patches")
    ap.add_argument("gen", help="the script that writes the file")
    return ap.parse_args()


def command(spatch, cocci, mode, files, extra=()):
    """The coccicheck command line, with this interpreter for the patch's
    Python (as run-check.sh passes its own)."""
    return ([spatch, "--python", sys.executable, "--sp-file", cocci, "-D", mode,
             "--no-includes", "--include-headers", "--very-quiet"]
            + list(extra) + list(files))


class Ran(object):
    """How a capped run ended.  `capped`: stopped at the cap; `cpu`: user
    plus system seconds of spatch and its children."""

    def __init__(self, returncode, stdout, stderr, cpu, capped):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.cpu, self.capped = cpu, capped

    def problem(self, cap):
        """None when spatch finished well, else a line saying how it ended."""
        if self.capped:
            return "stopped after %d s of CPU" % cap
        if self.returncode != 0:
            last = self.stderr.strip().splitlines()[-1:]
            return "spatch failed (exit %d)%s" % (self.returncode, ": " + last[0] if last else "")
        return None


def run(cmd, cap, cwd=None):
    """Run cmd with its CPU time limited to cap seconds (none when cap is
    falsy): SIGXCPU at the cap, SIGKILL a little after if it is ignored.
    Runs are one at a time, so the children's usage is this run's."""
    def limit():
        if cap:
            resource.setrlimit(resource.RLIMIT_CPU, (int(cap), int(cap) + 5))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, errors="replace", preexec_fn=limit)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    capped = bool(cap) and p.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
    return Ran(p.returncode, p.stdout, p.stderr, cpu, capped)

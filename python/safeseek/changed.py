# SPDX-License-Identifier: GPL-2.0-only
"""--since: the changes of a git work tree since a revision, and which
findings stand on a line they change.  git makes the diff; the checker
reads it (--print-changed-lines), as it does for its own findings."""

import os
import subprocess

from .common import Fatal, lossy


class Since:
    def __init__(self, rev, any_path, checker, tmp):
        self.rev = rev
        where = any_path if os.path.isdir(any_path) else os.path.dirname(any_path) or "."
        top = git(["rev-parse", "--show-toplevel"], where,
                  "--since needs a git work tree, and %s is not in one" % any_path)
        self.top = os.path.realpath(top.strip())
        git(["rev-parse", "--verify", "--quiet", rev + "^{commit}"], self.top,
            "--since: '%s' is not a revision of the git tree %s" % (rev, self.top))
        diff = git(["diff", "-U0", "--no-color", "--no-ext-diff", "--src-prefix=a/",
                    "--dst-prefix=b/", rev, "--"], self.top, "git diff %s failed" % rev)
        # The diff file, for the checker's --changed-lines too.
        self.diff_file = os.path.join(tmp, "since.diff")
        with open(self.diff_file, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(diff)
        # Keyed by the name as the checker's JSON gives it back (lossy).
        self.by_path = {os.path.join(lossy(self.top), c.path): c.lines
                        for c in checker.changed_lines(self.diff_file)}

    def _lines(self, path):
        return self.by_path.get(lossy(os.path.realpath(path)))

    def touches(self, path):
        return self._lines(path) is not None

    def keeps(self, path, line):
        return line in (self._lines(path) or ())


def git(args, cwd, failure):
    try:
        p = subprocess.run(["git"] + args, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True,
                           errors="surrogateescape")
    except OSError as e:
        raise Fatal("cannot run git: %s" % e.strerror)
    if p.returncode != 0:
        detail = p.stderr.strip().splitlines()
        raise Fatal(failure + (": " + detail[-1] if detail else ""))
    return p.stdout

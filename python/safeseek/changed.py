"""The lines a unified diff adds, for --since: which findings to keep."""

import os
import re
import subprocess

from .common import Fatal

HUNK_RE = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
           "f": "\f", "r": "\r", "v": "\v"}


def unquote(name):
    """Undo git's C-style quoting of a path in a diff header."""
    if not (len(name) >= 2 and name[0] == '"' and name[-1] == '"'):
        return name
    body, out, i = name[1:-1], bytearray(), 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            if re.match(r"[0-7]{3}$", body[i + 1:i + 4]):
                out.append(int(body[i + 1:i + 4], 8))
                i += 4
                continue
            out += ESCAPES.get(n, n).encode("utf-8", "surrogateescape")
            i += 2
            continue
        out += c.encode("utf-8", "surrogateescape")
        i += 1
    return out.decode("utf-8", "surrogateescape")


def added_lines(diff_text):
    """Map each new-side path (with its a/ b/ prefix removed) to the set of
    line numbers the diff adds there."""
    lines, current = {}, None
    for text in diff_text.splitlines():
        if text.startswith("+++ "):
            name = unquote(text[4:].split("\t")[0].rstrip("\r"))
            if name == "/dev/null":
                current = None
            else:
                current = name[2:] if name.startswith("b/") else name
                lines.setdefault(current, set())
            continue
        m = HUNK_RE.match(text)
        if m and current is not None:
            start = int(m.group(1))
            count = 1 if m.group(2) is None else int(m.group(2))
            lines[current].update(range(start, start + count))
    return lines


class Since:
    """The changes of a git work tree since a revision."""

    def __init__(self, rev, any_path):
        self.rev = rev
        where = any_path if os.path.isdir(any_path) else os.path.dirname(any_path) or "."
        top = git(["rev-parse", "--show-toplevel"], where,
                  "--since needs a git work tree, and %s is not in one" % any_path)
        self.top = os.path.realpath(top.strip())
        git(["rev-parse", "--verify", "--quiet", rev + "^{commit}"], self.top,
            "--since: '%s' is not a revision of the git tree %s" % (rev, self.top))
        self.diff = git(["diff", "-U0", "--no-color", "--no-ext-diff", "--src-prefix=a/",
                         "--dst-prefix=b/", rev, "--"], self.top,
                        "git diff %s failed" % rev)
        self.by_path = {os.path.join(self.top, p): s for p, s in added_lines(self.diff).items()}

    def touches(self, path):
        return os.path.realpath(path) in self.by_path

    def keeps(self, path, line):
        return line in self.by_path.get(os.path.realpath(path), ())


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

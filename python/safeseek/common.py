# SPDX-License-Identifier: GPL-2.0-only
"""What every part of the run shares: messages and the fatal-error type."""

import os
import re
import sys

# The name messages start with: that of the script the user ran
# (run-check.sh, or safeseek once installed), which says it.
PROG = os.environ.get("SAFESEEK_PROG") or "safeseek"

# Control characters (tab aside) and undecodable bytes, which a file name or
# a line of source can carry into a message: shown escaped, never sent to
# the terminal as they are.
_UNSAFE_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\udc80-\udcff]")


def _escape(m):
    c = ord(m.group(0))
    return "\\x%02x" % (c - 0xdc00 if c >= 0xdc80 else c)


def safe(text):
    """text fit for a terminal: one line, no control characters."""
    return _UNSAFE_RE.sub(_escape, text)


class Fatal(Exception):
    """An internal error or unusable input: the run stops with exit status 2."""


class OutputLost(Fatal):
    """Standard output cannot be written (a full disk, a closed file)."""

    def __init__(self, e):
        super().__init__("cannot write standard output: %s" % (e.strerror or e))


def say(line=""):
    """Print one line of the run's output."""
    try:
        print(safe(line))
    except OSError as e:
        raise OutputLost(e)


def out_bytes(data):
    """Write bytes to standard output as they are."""
    try:
        sys.stdout.buffer.write(data)
    except OSError as e:
        raise OutputLost(e)


_NAME_RE = re.compile("\\\\(?=x[0-9a-fA-F]{2})|[\udc80-\udcff]")


def lossy(path):
    """A name as the checker's JSON carries it: each undecodable byte as
    \\xNN, and a backslash that would read as the start of one as \\x5c."""
    return _NAME_RE.sub(lambda m: "\\x%02x" % (ord(m.group(0)) & 0xff), path)


# Called before a message goes to standard error: the progress line on a
# terminal clears itself there (progress.py).
before_message = []


def warn(msg):
    for hook in before_message:
        hook()
    print(safe("%s: %s" % (PROG, msg)), file=sys.stderr)


def info(msg):
    warn(msg)

"""What every part of the run shares: messages and the fatal-error type."""

import sys

PROG = "run-check.sh"


class Fatal(Exception):
    """An internal error or unusable input: the run stops with exit status 2."""


def warn(msg):
    print("%s: %s" % (PROG, msg), file=sys.stderr)


def info(msg):
    print("%s: %s" % (PROG, msg), file=sys.stderr)

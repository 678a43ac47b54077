#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# run-check.sh: scan, convert and verify, in the style of `make coccicheck`.
#
# The program is the Python package safeseek (python/ beside this script, or
# ../share/safeseek/python once installed as bin/safeseek): this script only
# finds an interpreter for it.  `run-check.sh --help` tells the options.
set -eu

prog=${0##*/}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)

pkg=
for d in "$here/python" "$here/../share/safeseek/python"; do
	if [ -f "$d/safeseek/__main__.py" ]; then pkg=$d; break; fi
done
if [ -z "$pkg" ]; then
	echo "$prog: the safeseek package is in neither $here/python nor $here/../share/safeseek/python" >&2
	exit 2
fi

# Debian's interpreter first: a python3 earlier on PATH may be a separate build.
py=
for c in /usr/bin/python3 "$(command -v python3 2>/dev/null || true)"; do
	if [ -n "$c" ] && [ -x "$c" ] && "$c" -c 'import sys, argparse, fcntl, json, difflib, signal, tempfile, concurrent.futures; sys.exit(sys.version_info < (3, 8))' 2>/dev/null; then
		py=$c
		break
	fi
done
if [ -z "$py" ]; then
	echo "$prog: no python3 (3.8 or later, with its standard library) found; install with: apt-get install python3" >&2
	exit 2
fi

# PYTHONSAFEPATH: the current directory, a tree being scanned, is not
# searched for modules.
PYTHONPATH=$pkg${PYTHONPATH:+:$PYTHONPATH} PYTHONSAFEPATH=1 SAFESEEK_PROG=$prog \
	exec "$py" -m safeseek "$@"

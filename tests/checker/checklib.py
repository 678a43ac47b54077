# SPDX-License-Identifier: GPL-2.0-only
"""Helpers for the checker tests: run safeseek-check, collect failures."""

import os
import shutil
import subprocess
import sys
import tempfile


class Checker:
    def __init__(self, binary):
        self.binary = binary
        self.failures = []

    def run(self, *args, cwd=None, stdin=None, stdout=subprocess.PIPE):
        """Run the checker; return (exit status, stdout bytes, stderr bytes)."""
        p = subprocess.run([self.binary] + [os.fsencode(a) if isinstance(a, bytes) else a
                                            for a in args],
                           cwd=cwd, stdin=subprocess.DEVNULL if stdin is None else stdin,
                           stdout=stdout, stderr=subprocess.PIPE, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def expect(self, cond, what):
        if not cond:
            self.failures.append(what)
            print("FAIL:", what)
        return cond

    def finish(self):
        if self.failures:
            print("%d check(s) failed" % len(self.failures))
            sys.exit(1)
        print("all checks passed")
        sys.exit(0)


def tempdir():
    d = tempfile.mkdtemp(prefix="safeseek-test-")
    return d


def cleanup(d):
    # Make everything removable again first (tests chmod things away).
    for root, dirs, files in os.walk(d):
        for name in dirs + files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                continue
            try:
                os.chmod(path, 0o755)
            except OSError:
                pass
    shutil.rmtree(d, ignore_errors=True)


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


# A read method that assigns file->f_pos: an rw-fpos error whatever headers.
BUGGY = """#include <linux/fs.h>

static ssize_t demo_read(struct file *file, char __user *buf, size_t n,
			 loff_t *ppos)
{
	file->f_pos += n;
	return n;
}

static struct file_operations demo_fops = {
	.read = demo_read,
};
"""
BUGGY_LINE = 6

# Clean code with a token the prefilter looks for.
CLEAN = """#include <linux/fs.h>

static ssize_t ok_read(struct file *file, char __user *buf, size_t n,
		       loff_t *ppos)
{
	*ppos += n;	/* not f_pos */
	return n;
}
"""

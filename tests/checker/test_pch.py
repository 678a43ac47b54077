# SPDX-License-Identifier: GPL-2.0-only
"""The precompiled header of the common kernel headers: it is used, it
changes no finding, a file that clashes with a common header it never
included is parsed again as it stands, and nothing is left in TMPDIR."""

import json
import os
import re
import shutil
import subprocess
import sys

from checklib import Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
corpus = sys.argv[2]
d = tempdir()

READER = """#include <linux/kernel.h>
#include <linux/fs.h>

static ssize_t %(name)s_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	file->f_pos += n;
	return n;
}

static struct file_operations %(name)s_fops = {
	.read = %(name)s_read,
};
"""

# miscdevice.h declares misc_register(); this file never includes it and
# has a function of its own by that name.
CLASH = READER % {"name": "clash"} + """
static int misc_register(int minor)
{
	return minor;
}
"""


def precompiled(err):
    """How many files the summary says got the precompiled header."""
    m = re.search(rb"(\d+) with the common headers precompiled", err)
    return int(m.group(1)) if m else 0


def run_env(env, *args):
    p = subprocess.run([c.binary] + list(args), env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=300)
    return p.returncode, p.stdout, p.stderr


try:
    # The corpus is a tree with headers of its own: tree flags, so both ways apply.
    rc1, with_pch, err1 = c.run("--format=json", "-q", "-j2", "--headers=real", corpus)
    rc2, without, err2 = c.run("--format=json", "-q", "-j2", "--headers=real", "--no-pch",
                                corpus)
    c.expect(rc1 == rc2 == 1, "findings both ways (%d, %d): %r" % (rc1, rc2, err1 + err2))
    c.expect(json.loads(with_pch)["findings"] == json.loads(without)["findings"],
             "the same findings with and without the precompiled header")
    rc, out, err = c.run("-v", "-j1", "--headers=real", corpus)
    used = precompiled(err)
    c.expect(used >= 10, "most corpus files get the precompiled header (%d)" % used)
    rc, out, err = c.run("-v", "-j1", "--headers=real", "--no-pch", corpus)
    c.expect(b"precompiled" not in err, "--no-pch: none does")

    tree = os.path.join(d, "tree")
    shutil.copytree(os.path.join(corpus, "include"), os.path.join(tree, "include"))
    for name in ("alpha", "beta", "gamma"):
        write(os.path.join(tree, "drivers", name + ".c"), READER % {"name": name})
    write(os.path.join(tree, "drivers", "zclash.c"), CLASH)
    tmp = os.path.join(d, "tmp")
    os.mkdir(tmp)
    env = dict(os.environ, TMPDIR=tmp)
    rc, out, err = run_env(env, "-v", "-j1", "--headers=real", os.path.join(tree, "drivers"))
    lines = err.decode(errors="replace").splitlines()
    for name in ("alpha", "beta", "gamma", "zclash"):
        c.expect(("drivers/%s.c:6:" % name).encode() in out,
                 "%s.c: its f_pos finding: %r" % (name, out))
    clash = [ln for ln in lines if "zclash.c: analysed" in ln]
    c.expect(len(clash) == 1 and "tree flags" in clash[0],
             "the clashing file is parsed with its tree's flags: %s" % clash)
    # The first file to ask is parsed without: one file alone would not
    # repay the build.  The next ones get it, but the clashing one, which is
    # parsed again as it stands (and so shows no parse error, below).
    # Which file asks first is the walk's order: the clashing one or not.
    c.expect(precompiled(err) in (2, 3),
             "all but the first file and the clashing one get the precompiled "
             "header: %s" % lines)
    rc, out, err = run_env(env, "-v", "--headers=real", os.path.join(tree, "drivers", "alpha.c"))
    c.expect(b"precompiled" not in err and b"drivers/alpha.c:6:" in out,
             "a run over one file builds none: %r" % err)
    c.expect(not any("parse error" in ln for ln in lines),
             "no parse error is reported: %s" % lines)
    c.expect(os.listdir(tmp) == [], "TMPDIR is left empty: %s" % os.listdir(tmp))
finally:
    cleanup(d)
c.finish()
